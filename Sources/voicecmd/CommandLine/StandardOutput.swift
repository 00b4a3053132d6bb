import Foundation
import Synchronization

/// Standard output, written through and checked: `print` buffers and
/// forgets write errors, so a full disk or /dev/full would lose the output
/// and still exit 0. The first failed write is remembered, nothing more is
/// written, and `check` reports it.
enum StandardOutput {
    /// The first failed write's reason, and whether `check` has reported it.
    private static let state = Mutex<(failure: String?, reported: Bool)>((nil, false))

    /// Writes `text` whole (lines from several threads never mix).
    static func write(_ text: String, terminator: String = "\n") {
        let bytes = Array((text + terminator).utf8)
        state.withLock { state in
            guard state.failure == nil else { return }
            state.failure = DescriptorWrite.all(bytes, to: STDOUT_FILENO)
        }
    }

    static var hasFailed: Bool { state.withLock { $0.failure != nil } }

    /// Throws when a write so far has failed, with the system's reason;
    /// once only, so the failure is reported once.
    static func check() throws(ToolFailure) {
        let unreported: String? = state.withLock { state in
            guard let failure = state.failure, !state.reported else { return nil }
            state.reported = true
            return failure
        }
        if let unreported { throw ToolFailure(message: "cannot write to standard output: \(unreported)") }
    }
}
