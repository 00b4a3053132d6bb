import Foundation

/// Reads a file voicecmd was given, whatever the path names: never blocks in
/// `open()` (a FIFO with no writer would wait for ever), reads only a
/// regular file (not a device such as `/dev/zero`, a socket or a folder),
/// and never more than a limit (a file still growing).
package enum BoundedFileReader {
    /// Why a file cannot be read, said as the end of a sentence about it.
    package struct Failure: Error, Equatable {
        /// "no such file", "it is a FIFO (named pipe), not a file", …
        package var reason: String
        /// The path names nothing.
        package var isMissing = false
        /// The path names a FIFO, a device or a socket: something that
        /// streams rather than a file.
        package var isStream = false

        package init(reason: String, isMissing: Bool = false, isStream: Bool = false) {
            self.reason = reason
            self.isMissing = isMissing
            self.isStream = isStream
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    package static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        try read(path, limit: limit, prefix: nil).bytes
    }

    /// The first `bytes` bytes of the regular file at `path` (a header), and
    /// its whole size, from the same descriptor.
    package static func start(of path: String, bytes: Int, limit: Int) throws(Failure) -> (bytes: Data, size: Int) {
        try read(path, limit: limit, prefix: bytes)
    }

    private static func read(_ path: String, limit: Int, prefix: Int?) throws(Failure) -> (bytes: Data, size: Int) {
        // Looked at before it is opened (opening some devices does something),
        // then opened without blocking, so a FIFO put in its place meanwhile
        // opens at once, and checked again by its descriptor.
        try requireRegularFile(path, limit: limit)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(errno) }
        try requireRegular(status, limit: limit)
        var data = Data()
        let wanted = min(limit == .max ? .max : limit + 1, prefix ?? .max)
        do {
            while data.count < wanted, let chunk = try handle.read(upToCount: wanted - data.count), !chunk.isEmpty {
                data.append(chunk)
            }
        } catch {
            throw Failure(reason: "it cannot be read (\((error as NSError).localizedDescription))")
        }
        if data.count > limit { throw tooLarge(limit) }
        return (data, Int(status.st_size))
    }

    /// Checks, without opening it, that `path` is a regular file of at most
    /// `limit` bytes (symbolic links followed): for a file a C library
    /// opens and reads itself.
    package static func requireRegularFile(_ path: String, limit: Int = .max) throws(Failure) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(errno) }
        try requireRegular(status, limit: limit)
    }

    /// Checks, without opening it, that `path` is not a device (a pipe, a
    /// socket or a file is streamed; `/dev/zero` would never end).
    package static func requireNoDevice(_ path: String) throws(Failure) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(errno) }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFCHR || kind == S_IFBLK { throw Failure(reason: "it is a device, not a file", isStream: true) }
        if kind == S_IFDIR { throw Failure(reason: "it is a folder, not a file") }
    }

    private static func requireRegular(_ status: stat, limit: Int) throws(Failure) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Failure(reason: "it is a folder, not a file")
        case S_IFIFO: throw Failure(reason: "it is a FIFO (named pipe), not a file", isStream: true)
        case S_IFCHR, S_IFBLK: throw Failure(reason: "it is a device, not a file", isStream: true)
        case S_IFSOCK: throw Failure(reason: "it is a socket, not a file", isStream: true)
        default: throw Failure(reason: "it is not a regular file")
        }
        if Int(status.st_size) > limit { throw tooLarge(limit) }
    }

    private static func tooLarge(_ limit: Int) -> Failure {
        let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        return Failure(reason: "it is larger than \(size), the most voicecmd reads")
    }

    private static func failure(_ code: Int32) -> Failure {
        switch code {
        case ENOENT: Failure(reason: "no such file", isMissing: true)
        case ENOTDIR: Failure(reason: "a folder in its path is a file", isMissing: true)
        case EACCES: Failure(reason: "permission denied")
        case ELOOP: Failure(reason: "its symbolic links go round in a loop")
        case ENAMETOOLONG: Failure(reason: "its name is too long")
        default: Failure(reason: String(cString: strerror(code)))
        }
    }
}
