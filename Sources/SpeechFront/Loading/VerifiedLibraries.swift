import Foundation
import PhraseMatcher

/// Remembers which libraries were found to match their checksums, so a
/// process does not read 40 MB of libraries again each time it starts.
/// A library is remembered by its device, inode, size, modification time
/// and status-change time: writing, truncating, replacing, renaming over
/// or touching it changes the ctime, which no unprivileged program can set
/// back, so a remembered library is the bytes that were checked.
///
/// Kept in `$XDG_CACHE_HOME/voicecmd/verified-libraries` (else
/// `~/.cache/…`), a line per library; without a usable cache folder every
/// start checks again, which only costs time.
struct VerifiedLibraries {
    /// The file the verifications are kept in; nil keeps none.
    let file: String?

    /// The most libraries remembered (voicecmd loads three).
    static let most = 32

    static func file(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/voicecmd/verified-libraries" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/voicecmd/verified-libraries"
    }

    /// The line that stands for `path` as it is now, checked to have `digest`.
    static func line(path: String, digest: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return line(path: path, digest: digest, status: status)
    }

    /// The line for `path` with `status`, the file's as it was checked.
    static func line(path: String, digest: String, status: stat) -> String? {
        guard !path.contains("\n") else { return nil }
        let fields: [CustomStringConvertible] = [
            digest, status.st_dev, status.st_ino, status.st_size,
            "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)", "\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)",
        ]
        return fields.map(\.description).joined(separator: " ") + " " + path
    }

    private func lines() -> [Substring] {
        guard let file, let bytes = try? BoundedFileReader.read(file, limit: 64 << 10) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    }

    /// Whether the library at `path` was checked to have `digest` and has
    /// not changed since.
    func contains(path: String, digest: String) -> Bool {
        guard let line = Self.line(path: path, digest: digest) else { return false }
        return lines().contains { $0 == line }
    }

    /// Whether two statuses are of the same file, unchanged.
    static func same(_ one: stat, _ other: stat) -> Bool {
        one.st_dev == other.st_dev && one.st_ino == other.st_ino && one.st_size == other.st_size
            && one.st_mtim.tv_sec == other.st_mtim.tv_sec && one.st_mtim.tv_nsec == other.st_mtim.tv_nsec
            && one.st_ctim.tv_sec == other.st_ctim.tv_sec && one.st_ctim.tv_nsec == other.st_ctim.tv_nsec
    }

    /// Remembers that the library at `path`, whose status was `status`
    /// when it was read, has `digest`; best effort. A file replaced since
    /// has another status, so it is not the one remembered.
    func remember(path: String, digest: String, status: stat) {
        guard let file, let line = Self.line(path: path, digest: digest, status: status) else { return }
        let suffix = " " + path
        var kept = lines().filter { !$0.hasSuffix(suffix) }.suffix(Self.most - 1).map(String.init)
        kept.append(line)
        try? FolderCreation.make((file as NSString).deletingLastPathComponent)
        try? FileReplacement.write(Array((kept.joined(separator: "\n") + "\n").utf8), to: file)
    }
}
