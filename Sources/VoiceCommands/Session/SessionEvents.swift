import Synchronization

/// Where a session's events go besides its callback: the stream of the
/// `events(from:)` listening now, if any, and the last listening started.
final class EventSubscriber: Sendable {
    typealias Continuation = AsyncThrowingStream<SessionEvent, any Error>.Continuation
    private struct State {
        var continuation: Continuation?
        var last: Task<Void, Never>?
    }
    private let state = Mutex(State())

    func yield(_ event: SessionEvent) { _ = state.withLock { $0.continuation?.yield(event) } }

    /// Starts a listening after the one started before it has ended.
    func enqueue(_ start: (_ previous: Task<Void, Never>?) -> Task<Void, Never>) {
        state.withLock { state in state.last = start(state.last) }
    }

    /// The stream that hears the events from now on.
    func activate(_ continuation: Continuation) { state.withLock { $0.continuation = continuation } }

    /// Ends the stream hearing the events.
    func close(throwing error: (any Error)? = nil) {
        let current = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        current?.finish(throwing: error)
    }
}

extension CommandSession {
    /// The session's events as it listens to `source`, in order, as an
    /// asynchronous sequence: `for try await event in session.events(from:
    /// microphone)`. The sequence ends when the source ends or `stop()` is
    /// called, after every utterance heard has had its turn, and throws what
    /// `listen(to:)` throws. Leaving the loop stops the listening. A second
    /// sequence begins once the one before it has ended.
    public nonisolated func events(from source: any AudioSource) -> AsyncThrowingStream<SessionEvent, any Error> {
        AsyncThrowingStream { continuation in
            subscriber.enqueue { previous in
                let listening = Task {
                    await previous?.value
                    guard !Task.isCancelled else { return continuation.finish(throwing: CancellationError()) }
                    self.subscriber.activate(continuation)
                    do {
                        try await self.listen(to: source)
                        self.subscriber.close()
                    } catch {
                        self.subscriber.close(throwing: error)
                    }
                }
                continuation.onTermination = { ending in
                    if case .cancelled = ending { listening.cancel() }
                }
                return listening
            }
        }
    }
}
