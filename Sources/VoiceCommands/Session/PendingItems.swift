import Synchronization

/// The items a producer has handed on that the consumer has not yet
/// taken, at most `limit`: a producer with no room suspends until one is
/// taken (or its task is cancelled), instead of polling.
final class PendingItems: Sendable {
    let limit: Int
    private struct State {
        var count = 0
        var waiter: CheckedContinuation<Void, Never>?
        var cancelled = false
    }
    private let state = Mutex(State())

    init(limit: Int) { self.limit = max(1, limit) }

    var count: Int { state.withLock { $0.count } }

    func added() { state.withLock { $0.count += 1 } }

    func taken() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.count -= 1
            guard state.count < limit else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once there is room; throws `CancellationError` when the task
    /// is cancelled while waiting (or before).
    func waitForRoom() async throws {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    guard state.count >= limit, !state.cancelled else { return true }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
        try Task.checkCancellation()
    }
}
