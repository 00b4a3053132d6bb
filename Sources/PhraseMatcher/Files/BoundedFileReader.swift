import Foundation

/// Reads a file voicecmd was given, whatever the path names: never blocks in
/// `open()` (a FIFO with no writer would wait for ever), reads only a
/// regular file (not a device such as `/dev/zero`, a socket or a folder),
/// and never more than a limit (a file still growing). A file a model names
/// is read only inside a folder (`inside:`): judged by what is opened, not by
/// what is named, so neither `..`, a link, a link to a link nor a NUL in the
/// name leads out of it.
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
        /// The path, once its links are followed, leads out of the folder it
        /// must stay in; nothing of it was read.
        package var isOutside = false

        package init(reason: String, isMissing: Bool = false, isStream: Bool = false, isOutside: Bool = false) {
            self.reason = reason
            self.isMissing = isMissing
            self.isStream = isStream
            self.isOutside = isOutside
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them;
    /// with `folder`, only when the file opened lies in it or below it.
    package static func read(_ path: String, limit: Int, inside folder: String? = nil) throws(Failure) -> Data {
        try read(path, limit: limit, prefix: nil, inside: folder).bytes
    }

    /// The first `bytes` bytes of the regular file at `path` (a header), and
    /// its whole size, from the same descriptor.
    package static func start(of path: String, bytes: Int, limit: Int) throws(Failure) -> (bytes: Data, size: Int) {
        try read(path, limit: limit, prefix: bytes, inside: nil)
    }

    private static func read(_ path: String, limit: Int, prefix: Int?, inside folder: String?) throws(Failure) -> (bytes: Data, size: Int) {
        try requireSafeName(path, strict: folder != nil)
        // Inside a folder, the path is resolved first and judged before
        // anything of it is looked at. The resolved path is then opened as a
        // bare reference (O_PATH: nothing of a device is touched), without
        // following a last link, and the file it reached judged again (a
        // folder swapped for a link meanwhile); only then is it opened for
        // reading, through that reference.
        guard let folder else { return try readOpened(path, limit: limit, prefix: prefix) }
        do {
            let resolvedRoot = try resolved(folder)
            let target = try resolved(path)
            guard lies(target, inside: resolvedRoot) else { throw outside }
            let reference = open(target, openPath | O_NOFOLLOW | O_CLOEXEC)
            guard reference >= 0 else { throw errno == ELOOP ? outside : failure(errno) }
            defer { close(reference) }
            // Without /proc the resolved path's own check stands.
            if let real = realPath(ofDescriptor: reference), !lies(real, inside: resolvedRoot) { throw outside }
            var status = stat()
            guard fstat(reference, &status) == 0 else { throw failure(errno) }
            try requireRegular(status, limit: limit)
            let throughReference = "/proc/self/fd/\(reference)"
            return try readOpened(FileManager.default.fileExists(atPath: throughReference) ? throughReference : target,
                                  limit: limit, prefix: prefix)
        }
    }

    private static func readOpened(_ opened: String, limit: Int, prefix: Int?) throws(Failure) -> (bytes: Data, size: Int) {
        // Looked at before it is opened (opening some devices does something),
        // then opened without blocking, so a FIFO put in its place meanwhile
        // opens at once, and checked again by its descriptor.
        try requireRegularFile(opened, limit: limit)
        let descriptor = open(opened, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
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
            throw Failure(reason: "it cannot be read (\(SystemReason.of(error)))")
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

    /// Refuses a name the system would read otherwise than Swift does: a
    /// NUL ends a C string, so "../secret\u{0}/../m/c.json" would be judged
    /// whole and opened as "../secret". `strict` (a name a file gave, not
    /// the user) refuses every other control character too.
    package static func requireSafeName(_ path: String, strict: Bool) throws(Failure) {
        guard let bad = path.unicodeScalars.first(where: { $0.value == 0 || (strict && ($0.value < 0x20 || $0.value == 0x7F)) })
        else { return }
        let code = String(bad.value, radix: 16, uppercase: true)
        throw Failure(reason: "its name holds the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)")
    }

    /// `path` for a message: control characters written as escapes, so a
    /// name cannot end the line or move the cursor.
    package static func displayed(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return path }
        return path.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }

    /// Linux's O_PATH (010000000 on x86, ARM and most others), which Glibc's
    /// Swift module leaves out (it needs _GNU_SOURCE).
    private static let openPath: Int32 = 0o10000000

    private static let outside = Failure(reason: "it lies outside the model's folder (a link or \"..\" leads out of it)", isOutside: true)

    /// `path` with every link and "..", followed: the file it stands for.
    private static func resolved(_ path: String) throws(Failure) -> String {
        guard let real = realpath(path, nil) else { throw failure(errno) }
        defer { free(real) }
        return String(cString: real)
    }

    /// The path the kernel holds for an open descriptor; nil without /proc.
    private static func realPath(ofDescriptor descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Compared byte by byte: String's comparison takes "é" and "e\u{301}"
    /// as equal, where the file system holds two different folders.
    private static func lies(_ path: String, inside root: String) -> Bool {
        let path = Array(path.utf8), root = Array(root.utf8)
        if root == Array("/".utf8) || path == root { return true }
        return path.count > root.count && path.starts(with: root) && path[root.count] == UInt8(ascii: "/")
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
