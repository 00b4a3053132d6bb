import Synchronization

/// Where a neural part that is installed and whole, but could not be set
/// up (its runtime refused the network), is said. Its fallback runs (the
/// recogniser judges without the second opinion, at that judge's own
/// threshold), so the failure must not pass in silence: the application
/// names a reporter once, and each failure reaches it once a process.
public enum NeuralPartFailures {
    private struct State {
        var reporter: (@Sendable (String) -> Void)?
        var said: Set<String> = []
        var unsaid: [String] = []
    }
    private static let state = Mutex(State())

    /// Failures go to `reporter` from now on, those before it at once.
    public static func report(to reporter: @escaping @Sendable (String) -> Void) {
        let earlier = state.withLock { state in
            state.reporter = reporter
            defer { state.unsaid = [] }
            return state.unsaid
        }
        earlier.forEach(reporter)
    }

    /// Says `message` (one line) unless it was said before.
    static func say(_ message: String) {
        let reporter = state.withLock { state -> (@Sendable (String) -> Void)? in
            guard state.said.insert(message).inserted else { return nil }
            if state.reporter == nil { state.unsaid.append(message) }
            return state.reporter
        }
        reporter?(message)
    }
}
