import Foundation

/// The bounded buffer between a reading thread and an async consumer.
///
/// A live source (a microphone, a recording played at real time) cannot
/// wait: when the queue is full its newest audio is dropped and counted, and
/// the count travels with the next buffer that gets through. A source that
/// can wait (a file read as fast as possible, a pipe) blocks its reading
/// thread instead, and nothing is lost.
///
/// @unchecked Sendable: every field is guarded by `condition`.
final class BoundedSampleQueue: @unchecked Sendable {
    enum Overflow: Sendable {
        case dropNewest
        case waitForRoom
    }

    private let condition = NSCondition()
    private let capacity: Int
    private let overflow: Overflow
    private var buffers: [AudioBuffer] = []
    private var queuedSamples = 0
    private var droppedSinceLast = 0
    private var ending: (any Error)??
    private var waiting: CheckedContinuation<AudioBuffer?, any Error>?
    private var canceled = false

    /// `capacity` in samples.
    init(capacity: Int, overflow: Overflow) {
        self.capacity = max(1, capacity)
        self.overflow = overflow
    }

    /// Adds audio from the reading thread; false once the consumer is gone.
    @discardableResult
    func push(_ samples: [Int16], capturedAt: ContinuousClock.Instant = .now) -> Bool {
        condition.lock()
        if overflow == .waitForRoom {
            while !canceled && queuedSamples > 0 && queuedSamples + samples.count > capacity { condition.wait() }
        }
        guard !canceled else { condition.unlock(); return false }
        if queuedSamples + samples.count > capacity {
            droppedSinceLast += samples.count
            condition.unlock()
            return true
        }
        let buffer = AudioBuffer(samples: samples, droppedBefore: droppedSinceLast, capturedAt: capturedAt)
        droppedSinceLast = 0
        if let waiting {
            self.waiting = nil
            condition.unlock()
            waiting.resume(returning: buffer)
            return true
        }
        buffers.append(buffer)
        queuedSamples += samples.count
        condition.unlock()
        return true
    }

    /// The end of the audio: nil for a clean end, or why reading failed.
    func finish(_ error: (any Error)? = nil) {
        condition.lock()
        guard ending == nil else { condition.unlock(); return }
        // Audio dropped after the last buffer is still reported.
        if droppedSinceLast > 0 {
            let last = AudioBuffer(samples: [], droppedBefore: droppedSinceLast)
            droppedSinceLast = 0
            if let waiting {
                self.waiting = nil
                ending = .some(error)
                condition.unlock()
                waiting.resume(returning: last)
                return
            }
            buffers.append(last)
        }
        ending = .some(error)
        let waiting = buffers.isEmpty ? self.waiting : nil
        if waiting != nil { self.waiting = nil }
        condition.unlock()
        if let waiting { Self.end(waiting, error) }
    }

    /// The consumer is gone: the reading thread stops at its next push.
    func cancel() {
        condition.lock()
        canceled = true
        buffers = []
        queuedSamples = 0
        condition.broadcast()
        let waiting = self.waiting
        self.waiting = nil
        condition.unlock()
        waiting?.resume(returning: nil)
    }

    var isCanceled: Bool { condition.withLock { canceled } }

    /// The next buffer, waiting for one; nil at the end.
    func next() async throws -> AudioBuffer? {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            if !buffers.isEmpty {
                let buffer = buffers.removeFirst()
                queuedSamples -= buffer.samples.count
                condition.broadcast()
                condition.unlock()
                continuation.resume(returning: buffer)
            } else if let ending {
                condition.unlock()
                Self.end(continuation, ending)
            } else if canceled {
                condition.unlock()
                continuation.resume(returning: nil)
            } else {
                waiting = continuation
                condition.unlock()
            }
        }
    }

    private static func end(_ continuation: CheckedContinuation<AudioBuffer?, any Error>, _ error: (any Error)?) {
        if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: nil) }
    }

    /// The queue as a stream. Cancelling the consuming task, or dropping the
    /// stream, cancels the queue, so the reading thread stops.
    func stream() -> AsyncThrowingStream<AudioBuffer, any Error> {
        let owner = StreamOwner(self)
        return AsyncThrowingStream(unfolding: {
            try await withTaskCancellationHandler {
                try await owner.queue.next()
            } onCancel: {
                owner.queue.cancel()
            }
        })
    }

    /// Cancels the queue when the stream that holds it goes.
    private final class StreamOwner: Sendable {
        let queue: BoundedSampleQueue
        init(_ queue: BoundedSampleQueue) { self.queue = queue }
        deinit { queue.cancel() }
    }
}
