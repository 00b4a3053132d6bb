import Foundation

/// Work begun on another thread and awaited once: the neural recogniser
/// hears an utterance on a second core while PocketSphinx searches it on
/// this one, so a long list's two recognisers cost the time of the slower.
///
/// @unchecked Sendable: `work`, and what it captures, is used by the
/// worker alone until `done` is signalled; `result` is written before the
/// signal and read only after waiting for it. The caller must `wait()`
/// before it touches what `work` uses again.
final class ConcurrentWork<Result>: @unchecked Sendable {
    private var work: (() -> Result)?
    private var result: Result?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping () -> Result) {
        self.work = work
        BackgroundWork.running.enter()
        // A thread of its own, not Dispatch's pool: callers may be pool
        // threads themselves (a batch's `concurrentPerform`), and work
        // queued behind them while they wait would never run.
        let thread = Thread { [self] in
            result = self.work?()
            self.work = nil
            done.signal()
            BackgroundWork.running.leave()
        }
        thread.qualityOfService = .userInitiated
        thread.start()
    }

    /// The work's result, once it is done.
    func wait() -> Result {
        done.wait()
        // Whoever waits next returns at once.
        done.signal()
        return result!
    }
}

/// Work the recognisers began on other threads (the neural recogniser set
/// up, or hearing an utterance), in the whole process.
public enum BackgroundWork {
    /// Work begun and not yet done.
    static let running = DispatchGroup()

    /// Returns once none is running. Call it before `exit`: exit's
    /// tear-down of ONNX Runtime's static state under a thread still
    /// using it crashes the process.
    public static func finish() {
        running.wait()
    }
}
