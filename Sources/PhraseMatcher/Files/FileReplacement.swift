import Foundation

/// Replaces a file's contents so that a reader sees the old file or the new
/// one, never half of one, even after a crash: the bytes go to a temporary
/// file beside it, are flushed, and the temporary is renamed over it; the
/// folder is flushed too so the rename lasts. (Foundation's `.atomic` write
/// leaves an empty folder in /tmp on Linux for every file it writes.)
package enum FileReplacement {
    /// Writes `bytes` to `path` (a link is followed: the file it points to
    /// is replaced), with the old file's permissions, or `permissions` when
    /// there was none. The error is the
    /// system's reason, for the caller's message; the old file is then untouched.
    package static func write(_ bytes: [UInt8], to path: String, permissions: mode_t = 0o644) throws(FileReplacementError) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let folder = (target as NSString).deletingLastPathComponent
        let temporary = target + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw FileReplacementError(reason: String(cString: strerror(errno))) }
        var failure: String?
        var old = stat()
        if stat(target, &old) == 0, fchmod(descriptor, old.st_mode & 0o7777) != 0 { failure = String(cString: strerror(errno)) }
        var written = 0
        while failure == nil, written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                break
            }
            written += count
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw FileReplacementError(reason: failure)
        }
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Removes the temporaries `write` left beside the file at `path` when
    /// a process died mid-write. Only for a caller that knows no other
    /// writer is at work (it holds a lock): a live write's temporary looks the same.
    package static func removeLeftovers(of path: String) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        for leftover in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        where leftover.hasPrefix(name + ".") && leftover.hasSuffix(".tmp") {
            unlink((folder as NSString).appendingPathComponent(leftover))
        }
    }
}

/// Why `FileReplacement.write` failed, in the system's words.
package struct FileReplacementError: Error, Equatable {
    package let reason: String
}
