import Foundation
import PhraseMatcher
import Synchronization

/// "3/10 clip.wav" on standard error, rewritten in place, when it is a terminal.
final class Progress: Sendable {
    private let total: Int
    private let done = Mutex(0)
    private let enabled: Bool

    init(total: Int) {
        self.total = total
        enabled = total > 1 && isatty(STDERR_FILENO) == 1
    }

    func advance(file: String) {
        guard enabled else { return }
        done.withLock { done in
            done += 1
            StandardError.write("\r\u{1B}[K\(done)/\(total) \(Diagnostic.oneLine(file))")
        }
    }

    /// Takes the progress line away, so a result can be printed in its place.
    func clearLine() {
        guard enabled else { return }
        done.withLock { _ in StandardError.write("\r\u{1B}[K") }
    }

    func finish() { clearLine() }
}
