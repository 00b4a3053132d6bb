import Foundation

/// A serial executor with a thread of its own. The session runs on one, so
/// that decoding (blocking work: PocketSphinx) never holds up the shared
/// cooperative threads that the audio reading and endpointing run on.
/// Handlers are async and run apart; the model's programs, which block for
/// seconds, on threads of their own (`BlockingWork`).
final class ThreadExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked: `queue` is guarded by its condition; the thread reads
    // `executor` only after init set it.
    private final class JobQueue: @unchecked Sendable {
        let condition = NSCondition()
        var jobs: [UnownedJob] = []
        var closed = false
        var executor: UnownedSerialExecutor?
    }

    private let queue = JobQueue()

    init(name: String) {
        let queue = self.queue
        let thread = Thread {
            while true {
                queue.condition.lock()
                while queue.jobs.isEmpty && !queue.closed { queue.condition.wait() }
                guard !queue.jobs.isEmpty, let executor = queue.executor else {
                    queue.condition.unlock()
                    return
                }
                let job = queue.jobs.removeFirst()
                queue.condition.unlock()
                job.runSynchronously(on: executor)
            }
        }
        thread.name = name
        queue.executor = UnownedSerialExecutor(ordinary: self)
        thread.start()
    }

    deinit {
        queue.condition.withLock {
            queue.closed = true
            queue.condition.signal()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.condition.withLock {
            queue.jobs.append(job)
            queue.condition.signal()
        }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}
