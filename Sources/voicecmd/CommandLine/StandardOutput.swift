import Foundation
import Synchronization

/// Standard output, written through and checked: `print` buffers and
/// forgets write errors, so a full disk or /dev/full would lose the output
/// and still exit 0. The first failed write is remembered, nothing more is
/// written, and `check` reports it.
enum StandardOutput {
    private static let failure = Mutex<String?>(nil)

    /// Writes `text` whole (lines from several threads never mix).
    static func write(_ text: String, terminator: String = "\n") {
        let bytes = Array((text + terminator).utf8)
        failure.withLock { reason in
            guard reason == nil else { return }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer in
                    Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    reason = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
    }

    static var hasFailed: Bool { failure.withLock { $0 != nil } }

    private static let reported = Mutex(false)

    /// Throws when a write so far has failed, with the system's reason;
    /// once only, so the failure is reported once.
    static func check() throws(ToolFailure) {
        guard let reason = failure.withLock({ $0 }), !reported.withLock({ $0 }) else { return }
        reported.withLock { $0 = true }
        throw ToolFailure(message: "cannot write to standard output: \(reason)")
    }
}
