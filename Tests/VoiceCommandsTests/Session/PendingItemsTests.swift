import Testing
import Synchronization
@testable import VoiceCommands

/// The reader's back-pressure: it waits for room, without polling, until
/// an item is taken, and a cancelled reader stops waiting.
struct PendingItemsTests {
    final class Flag: Sendable {
        private let value = Atomic(false)
        func set() { value.store(true, ordering: .sequentiallyConsistent) }
        var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    }

    @Test func aFullQueueWaitsUntilOneIsTaken() async throws {
        let pending = PendingItems(limit: 2)
        pending.added()
        try await pending.waitForRoom()  // room: returns at once
        pending.added()
        let resumed = Flag()
        let waiting = Task {
            try await pending.waitForRoom()
            resumed.set()
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(!resumed.isSet)
        pending.taken()
        try await waiting.value
        #expect(resumed.isSet)
        #expect(pending.count == 1)
    }

    @Test func cancellingTheWaiterEndsTheWait() async throws {
        let pending = PendingItems(limit: 1)
        pending.added()
        let waiting = Task { try await pending.waitForRoom() }
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
