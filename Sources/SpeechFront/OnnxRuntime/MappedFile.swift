internal import CMappedFiles
import Foundation

/// A file mapped read-only into memory, unmapped with this object: a
/// network's weights used where they lie in the file, instead of read into
/// the heap and copied again into the runtime's tensors. Its pages are the
/// page cache's, shared with every process that maps the file.
///
/// Replacing the file by renaming a new one over it (as the set-up step
/// does) is safe: the mapping keeps the old one. Cutting it short in place
/// is not, and no mapping can make it so short of copying the weights
/// (tens of megabytes more in every process): a page past the new end
/// raises SIGBUS. That is caught and said in one line naming the file,
/// and the process ends with status 1 (`CMappedFiles`).
final class MappedFile {
    let path: String
    let bytes: UnsafeRawBufferPointer

    /// `largest`: bytes a file may have to be mapped.
    init(path: String, largest: Int) throws(SpeechError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SpeechError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw SpeechError("cannot map \(path): not a regular file")
        }
        let size = Int(status.st_size)
        guard size > 0, size <= largest else { throw SpeechError("cannot map \(path): \(size) bytes, more than the \(largest) allowed or none") }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw SpeechError("cannot map \(path): \(String(cString: strerror(errno)))")
        }
        self.path = path
        self.bytes = UnsafeRawBufferPointer(start: address, count: size)
        _ = voicecmd_watch_mapping(address, size, path)
    }

    deinit {
        voicecmd_forget_mapping(bytes.baseAddress)
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
