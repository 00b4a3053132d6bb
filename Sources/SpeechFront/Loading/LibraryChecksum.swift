import Foundation
import PhraseMatcher

/// A library's size and SHA-256 as the set-up step kept them beside it, in
/// `NAME.sha256`: `sha256sum`'s format, so `sha256sum -c` checks it too,
/// with the size in a comment line it skips:
///
///     # size 14840960
///     4b36…566e  librnnoise.so
struct LibraryChecksum: Equatable {
    var size: Int
    /// 64 lowercase hexadecimal digits.
    var digest: String

    /// Where the checksum of the library at `path` is kept.
    static func path(for library: String) -> String { library + ".sha256" }

    /// The checksum kept beside `library`, or nil when there is none.
    static func read(for library: String) throws(SpeechError) -> LibraryChecksum? {
        let path = path(for: library)
        let text: String
        do {
            text = String(decoding: try BoundedFileReader.read(path, limit: 4096), as: UTF8.self)
        } catch {
            if error.isMissing { return nil }
            throw SpeechError("cannot load \(library): its checksum \(path) cannot be read: \(error.reason)")
        }
        let name = (library as NSString).lastPathComponent
        guard let checksum = parse(text, name: name) else {
            throw SpeechError("cannot load \(library): its checksum \(path) is damaged "
                + "(it must say \"# size BYTES\" and \"SHA256  \(name)\"; run make deps again)")
        }
        return checksum
    }

    /// The checksum `text` gives for the file called `name`, or nil when
    /// it gives none, or gives it twice.
    static func parse(_ text: String, name: String) -> LibraryChecksum? {
        var size: Int?
        var digest: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") {
                let words = line.dropFirst().split(separator: " ")
                if words.count == 2, words[0] == "size", let value = Int(words[1]), value >= 0 {
                    guard size == nil else { return nil }
                    size = value
                }
                continue
            }
            // "DIGEST  NAME", or "DIGEST *NAME" for a binary-mode line.
            let hex = line.prefix(64)
            let rest = line.dropFirst(64)
            guard hex.utf8.count == 64, hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
                  rest.hasPrefix("  ") || rest.hasPrefix(" *"), rest.dropFirst(2) == name[...], digest == nil else { return nil }
            digest = String(hex)
        }
        guard let size, let digest else { return nil }
        return LibraryChecksum(size: size, digest: digest)
    }

    /// The SHA-256 of the regular file at `path`, read in chunks, and the
    /// file's status as it was read (the same before and after, or it
    /// changed while it was read); the reason when it cannot be read.
    static func digest(ofFileAt path: String) -> Result<(digest: String, status: stat), BoundedFileReader.Failure> {
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
