import Foundation
import Synchronization
import VoiceCommands

/// A session listening to a source in a task of its own, so a benchmark's
/// thread can go on (play into a device) and then wait for the end.
final class ListeningRun: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let failure = Mutex<String?>(nil)

    init(_ session: CommandSession, to source: any AudioSource) {
        Task {
            do { try await session.listen(to: source) } catch { self.failure.withLock { $0 = "\(error)" } }
            self.done.signal()
        }
    }

    /// Waits until listening ends; throws why it failed, after `what`.
    func wait(_ what: String) throws {
        done.wait()
        if let failure = failure.withLock({ $0 }) { throw BenchError(message: "\(what): \(failure)") }
    }
}

/// The result of async work, waited for by the benchmarks' synchronous code.
func waitFor<Result: Sendable>(_ work: @escaping @Sendable () async -> Result) -> Result {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<Result?>(nil)
    Task {
        let value = await work()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}
