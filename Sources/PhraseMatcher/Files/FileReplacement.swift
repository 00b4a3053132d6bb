import Foundation

/// The one writer of every file voicecmd writes (caches, wake detectors,
/// shortcuts, `init`'s files, manual pages). A reader sees the old file or
/// the new one, never half of one, even after a crash or on a full disk:
/// the bytes go to a temporary file beside it, are flushed, and the
/// temporary is renamed over it; the folder is flushed too so the rename
/// lasts. It never writes through a link nor over anything but a regular
/// file: a link planted where a cache goes would otherwise have a file
/// elsewhere cut short, or (as root) a device node replaced. (Foundation's
/// `.atomic` write follows links, and leaves an empty folder in /tmp on
/// Linux for every file it writes.)
package enum FileReplacement {
    /// Writes `bytes` to `path`, with the old file's permissions, or
    /// `permissions` when there was none. `replacing: false` never replaces
    /// a file already there (`init`: a person's own work). The error is the
    /// system's reason, or what stands at `path`, for the caller's message;
    /// the old file is then untouched and nothing is left beside it.
    package static func write(_ bytes: [UInt8], to path: String, permissions: mode_t = 0o644,
                              replacing: Bool = true) throws(FileReplacementError) {
        do {
            try BoundedFileReader.requireSafeName(path, strict: true)
        } catch {
            throw FileReplacementError(reason: error.reason)
        }
        var old = stat()
        let exists = lstat(path, &old) == 0
        if exists {
            if let kind = Self.refusedKind(old) {
                throw FileReplacementError(reason: "it is \(kind); voicecmd writes only regular files and never through a link")
            }
            if !replacing { throw FileReplacementError(reason: "a file is already there", exists: true) }
        }
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw FileReplacementError(reason: String(cString: strerror(errno))) }
        // The permission bits alone: never a set-user-id bit carried over.
        var failure = exists && fchmod(descriptor, old.st_mode & 0o777) != 0 ? String(cString: strerror(errno)) : nil
        failure = fill(descriptor, with: bytes, unless: failure)
        if failure == nil {
            // Without replacing, a hard link puts the file in place only where
            // nothing is: a file made meanwhile is never replaced.
            if replacing {
                if rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
            } else if link(temporary, path) != 0 {
                if errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP {
                    // A disk without hard links (vfat, some network mounts):
                    // made in place only where nothing is, then filled.
                    failure = writeExclusively(bytes, to: path, permissions: permissions)
                } else {
                    failure = errno == EEXIST ? "a file is already there" : String(cString: strerror(errno))
                }
            }
        }
        if let failure {
            unlink(temporary)
            throw FileReplacementError(reason: failure, exists: failure == "a file is already there")
        }
        if !replacing { unlink(temporary) }
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Writes `bytes` to a new file at `path`, which must not exist: nil, or
    /// why not (what it wrote is removed).
    private static func writeExclusively(_ bytes: [UInt8], to path: String, permissions: mode_t) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { return errno == EEXIST ? "a file is already there" : String(cString: strerror(errno)) }
        let failure = fill(descriptor, with: bytes, unless: nil)
        if failure != nil { unlink(path) }
        return failure
    }

    /// Writes `bytes` whole to `descriptor` (unless `earlier` failed),
    /// flushes and closes it: nil, or the first failure's reason.
    private static func fill(_ descriptor: Int32, with bytes: [UInt8], unless earlier: String?) -> String? {
        var failure = earlier
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
        return failure
    }

    /// Throws, before any long work, what `write` would refuse at `path`: a
    /// link or other non-regular file there, a name with a control
    /// character, a folder that is missing or not writable.
    package static func requireWritable(_ path: String) throws(FileReplacementError) {
        do {
            try BoundedFileReader.requireSafeName(path, strict: true)
        } catch {
            throw FileReplacementError(reason: error.reason)
        }
        var status = stat()
        if lstat(path, &status) == 0, let kind = refusedKind(status) {
            throw FileReplacementError(reason: "it is \(kind); voicecmd writes only regular files and never through a link")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        guard stat(directory, &status) == 0 else { throw FileReplacementError(reason: "its folder \(directory): " + String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw FileReplacementError(reason: "\(directory) is not a folder") }
        guard access(directory, W_OK) == 0 else { throw FileReplacementError(reason: "its folder \(directory): " + String(cString: strerror(errno))) }
    }

    /// What a path's own status says it is when that is not a regular file
    /// ("a symbolic link", "a device"); nil for a regular file.
    static func refusedKind(_ status: stat) -> String? {
        switch status.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// Removes the temporaries `write` left beside the file at `path` when
    /// a process died mid-write. Only for a caller that knows no other
    /// writer is at work (it holds a lock): a live write's temporary looks the same.
    package static func removeLeftovers(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        for leftover in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        where leftover.hasPrefix(name + ".") && leftover.hasSuffix(".tmp") {
            unlink((folder as NSString).appendingPathComponent(leftover))
        }
    }
}

/// Why `FileReplacement.write` failed, in the system's words.
package struct FileReplacementError: Error, Equatable {
    package let reason: String
    /// Only without replacing: a file was already at the path.
    package var exists = false

    package init(reason: String, exists: Bool = false) {
        self.reason = reason
        self.exists = exists
    }
}
