import Foundation

/// "3/10 clip.wav" on standard error, rewritten in place, when it is a terminal.
final class Progress: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private let total: Int
    private var done = 0
    private let enabled: Bool

    init(total: Int) {
        self.total = total
        enabled = total > 1 && isatty(STDERR_FILENO) == 1
    }

    func advance(file: String) {
        guard enabled else { return }
        lock.withLock {
            done += 1
            FileHandle.standardError.write(Data("\r\u{1B}[K\(done)/\(total) \(file)".utf8))
        }
    }

    /// Takes the progress line away, so a result can be printed in its place.
    func clearLine() {
        guard enabled else { return }
        lock.withLock { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    func finish() { clearLine() }
}
