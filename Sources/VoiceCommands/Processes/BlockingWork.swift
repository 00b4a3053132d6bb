import Foundation

/// Blocking work (a program that runs for seconds) on a thread of its own,
/// awaited: it must not hold one of the few shared cooperative threads that
/// audio reading and endpointing run on.
enum BlockingWork {
    static func run<Result: Sendable>(named name: String, _ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = name
            thread.start()
        }
    }
}
