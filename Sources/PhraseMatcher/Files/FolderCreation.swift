import Foundation

/// Makes a folder and any missing parents, with the system's reason when
/// it cannot ("Not a directory", "No space left on device"): Foundation's
/// `createDirectory` gives only "NSCocoaErrorDomain error 512" for some.
package enum FolderCreation {
    package static func make(_ path: String, permissions: mode_t = 0o755) throws(FileReplacementError) {
        do {
            try BoundedFileReader.requireSafeName(path, strict: true)
        } catch {
            throw FileReplacementError(reason: error.reason)
        }
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw notAFolder(path, status) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try make(parent, permissions: permissions) }
        if mkdir(path, permissions) != 0, errno != EEXIST {
            throw FileReplacementError(reason: String(cString: strerror(errno)))
        }
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { throw notAFolder(path, status) }
    }

    private static func notAFolder(_ path: String, _ status: stat) -> FileReplacementError {
        FileReplacementError(reason: status.st_mode & S_IFMT == S_IFREG ? "\(path) is a file, not a folder" : "\(path) is not a folder")
    }
}
