import Foundation
import PhraseMatcher

/// The person's shortcuts on disk. Every change is written whole to a
/// temporary file beside the real one, flushed, and renamed over it, so a
/// crash or a full disk leaves the old file or the new one, never a part of
/// either; a lock file keeps two `voicecmd shortcut add` from losing each
/// other's change.
public struct ShortcutStore: Sendable {
    /// The shortcuts file.
    public let path: String

    /// A shortcuts file is small (a thousand shortcuts are about 200 KB);
    /// anything far larger is not one.
    static let maximumBytes = 4 << 20

    /// The shortcuts in the file at `path`, which need not exist yet.
    public init(path: String) { self.path = path }

    /// `$XDG_CONFIG_HOME/voicecmd/shortcuts.json`, else under `~/.config`.
    public static func defaultPath(environment: [String: String]) -> String {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (HomeFolder.path(environment: environment) as NSString).appendingPathComponent(".config")
        return (config as NSString).appendingPathComponent("voicecmd/shortcuts.json")
    }

    /// The shortcuts; none when the file does not exist yet.
    public func read() throws(VoiceCommandError) -> [Shortcut] {
        guard let data = try contents() else { return [] }
        guard let text = String(data: data, encoding: .utf8) else { throw VoiceCommandError("\(path) is not UTF-8 text") }
        do {
            return try ShortcutFile.parse(text, name: path)
        } catch {
            throw VoiceCommandError(error.diagnostics.first?.summary ?? "\(path) cannot be read")
        }
    }

    /// Reads the shortcuts, lets `change` edit them, and writes the result
    /// atomically, all under the lock. A file that cannot be read is never
    /// overwritten: the person's shortcuts are not thrown away for a typo.
    @discardableResult
    public func update(_ change: (inout [Shortcut]) throws(VoiceCommandError) -> Void) throws(VoiceCommandError) -> [Shortcut] {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FolderCreation.make(folder.isEmpty ? "." : folder, permissions: 0o700)
        } catch {
            throw VoiceCommandError("cannot create the folder \(folder): \(error.reason)")
        }
        let lock = try Lock(path: path + ".lock")
        defer { withExtendedLifetime(lock) {} }
        var shortcuts = try read()
        try change(&shortcuts)
        guard shortcuts.count <= ShortcutFile.maximumCount else {
            throw VoiceCommandError("at most \(ShortcutFile.maximumCount) shortcuts are kept; remove some first")
        }
        let text = ShortcutFile.serialize(shortcuts)
        // Written, a file over the limit would be refused by every later read.
        guard text.utf8.count <= Self.maximumBytes else {
            throw VoiceCommandError("the shortcuts would take more than \(Self.maximumBytes >> 20) MiB, the most the file holds; remove some first")
        }
        try write(text)
        return shortcuts
    }

    private func contents() throws(VoiceCommandError) -> Data? {
        do {
            return try BoundedFileReader.read(path, limit: Self.maximumBytes)
        } catch where error.isMissing {
            return nil
        } catch {
            throw VoiceCommandError("cannot read the shortcuts file \(path): \(error.reason)")
        }
    }

    /// Replaces the file whole (`FileReplacement`), after removing what a
    /// crash left behind before (under the lock, nobody else is writing).
    private func write(_ text: String) throws(VoiceCommandError) {
        FileReplacement.removeLeftovers(of: path)
        do {
            try FileReplacement.write(Array(text.utf8), to: path, permissions: 0o600)
        } catch {
            var link = stat()
            let hint = lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK ? " (name the file the link points to instead)" : ""
            throw VoiceCommandError("cannot write \(path): \(error.reason); the shortcuts are unchanged" + hint)
        }
    }

    /// An exclusive `flock` on a file beside the shortcuts, held while it lives.
    private final class Lock {
        private let descriptor: Int32

        init(path: String) throws(VoiceCommandError) {
            // Looked at first (opening a device can do something), then
            // opened without following a link, and the descriptor judged.
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                throw VoiceCommandError("cannot lock \(path): it is not a regular file")
            }
            descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw VoiceCommandError("cannot lock \(path): " + (errno == ELOOP ? "it is a symbolic link" : String(cString: strerror(errno))))
            }
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                throw VoiceCommandError("cannot lock \(path): it is not a regular file")
            }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw VoiceCommandError("cannot lock \(path): \(reason)")
                }
            }
        }

        deinit { close(descriptor) }
    }
}
