import Foundation
import Testing
@testable import SpeechFront

/// The bounded buffer between a reading thread and the decoder.
struct BoundedSampleQueueTests {
    /// A live source never waits: audio with no room is dropped, and the
    /// next buffer that gets through says how much.
    @Test func aFullQueueOfALiveSourceDropsAndCounts() async throws {
        let queue = BoundedSampleQueue(capacity: 3_200, overflow: .dropNewest)
        for _ in 0..<5 { queue.push([Int16](repeating: 1, count: 1_600)) }
        let first = try #require(try await queue.next())
        #expect(first.droppedBefore == 0)
        _ = try await queue.next()
        queue.push([Int16](repeating: 2, count: 1_600))
        queue.finish()
        let afterGap = try #require(try await queue.next())
        #expect(afterGap.samples.first == 2)
        #expect(afterGap.droppedBefore == 3 * 1_600)
        #expect(try await queue.next() == nil)
    }

    /// A source that can wait is held back instead: nothing is lost.
    @Test func aSourceThatCanWaitLosesNothing() async throws {
        let queue = BoundedSampleQueue(capacity: 1_600, overflow: .waitForRoom)
        let writer = Thread {
            for index in 0..<50 { queue.push([Int16](repeating: Int16(index), count: 800)) }
            queue.finish()
        }
        writer.start()
        var received: [Int16] = []
        var dropped = 0
        while let buffer = try await queue.next() {
            received += buffer.samples
            dropped += buffer.droppedBefore
        }
        #expect(received.count == 50 * 800)
        #expect(dropped == 0)
    }

    /// Dropping the stream stops the reading thread.
    @Test func cancellingTheConsumerStopsTheReader() async throws {
        let queue = BoundedSampleQueue(capacity: 1_600, overflow: .waitForRoom)
        let task = Task {
            for try await _ in queue.stream() {}
        }
        task.cancel()
        _ = await task.result
        #expect(queue.push([1, 2, 3]) == false || queue.isCanceled)
    }
}
