import Foundation
import PhraseMatcher

/// The SHA-256 of a file as it is on disk, for `PinnedFiles`.
enum FileDigest {
    /// The SHA-256 of the regular file at `path`, read in chunks, and the
    /// file's status as it was read (the same before and after, or it
    /// changed while it was read); the reason when it cannot be read.
    static func sha256(ofFileAt path: String) -> Result<(digest: String, status: stat), BoundedFileReader.Failure> {
        do {
            try BoundedFileReader.requireRegularFile(path, limit: SharedLibraryFile.largest)
        } catch {
            return .failure(error)
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.init(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var before = stat()
        guard fstat(descriptor, &before) == 0, before.st_mode & S_IFMT == S_IFREG else {
            return .failure(.init(reason: "it is not a regular file"))
        }
        var hash = SHA256()
        var total = 0
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = Foundation.read(descriptor, chunk.baseAddress, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.init(reason: String(cString: strerror(errno))))
            }
            if count == 0 { break }
            total += count
            // A file still growing is not the library that was checked.
            if total > SharedLibraryFile.largest { return .failure(.init(reason: "it grew while it was read")) }
            hash.update(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
        }
        var after = stat()
        guard fstat(descriptor, &after) == 0, VerifiedLibraries.same(before, after) else {
            return .failure(.init(reason: "it changed while it was read"))
        }
        return .success((hash.hexDigest(), before))
    }
}
