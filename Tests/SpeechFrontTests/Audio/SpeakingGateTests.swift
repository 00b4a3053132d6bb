import Foundation
import Testing
@testable import SpeechFront

struct SpeakingGateTests {
    static func buffer(endingAt end: ContinuousClock.Instant) -> AudioBuffer {
        AudioBuffer(samples: [Int16](repeating: 0, count: 1_600), capturedAt: end)
    }

    /// Audio captured from the first begin to `tail` after the last end is
    /// muted; audio before and well after is not.
    @Test func mutesFromBeginUntilTheTailAfterTheLastEnd() {
        let gate = SpeakingGate(tail: .milliseconds(300))
        let before = ContinuousClock.now
        Thread.sleep(forTimeInterval: 0.2)
        gate.begin()
        gate.begin()
        #expect(gate.isSpeaking)
        #expect(!gate.mutes(Self.buffer(endingAt: before - .milliseconds(50)).captured))
        // A buffer that ends after speech began overlaps it.
        #expect(gate.mutes(Self.buffer(endingAt: .now).captured))
        gate.end()
        #expect(gate.isSpeaking, "one of two still queued")
        gate.end()
        #expect(!gate.isSpeaking)
        let ended = ContinuousClock.now
        #expect(gate.mutes(Self.buffer(endingAt: ended + .milliseconds(200)).captured), "within the tail")
        #expect(!gate.mutes(Self.buffer(endingAt: ended + .milliseconds(500)).captured), "after the tail")
    }

    /// Extra ends (an error path that ends twice) do not unmute later speech.
    @Test func anExtraEndIsIgnored() {
        let gate = SpeakingGate(tail: .zero)
        gate.end()
        gate.begin()
        #expect(gate.mutes(Self.buffer(endingAt: .now + .seconds(5)).captured))
        gate.end()
        #expect(!gate.isSpeaking)
    }

    /// The gated source marks muted buffers and passes the rest unchanged.
    @Test func theGatedSourceMarksMutedBuffers() async throws {
        let gate = SpeakingGate(tail: .zero)
        gate.begin()
        let source = GatedAudioSource(ReaderAudioSource(name: "ones", pacing: .asFastAsConsumed) {
            SampleBufferReader(samples: [Int16](repeating: 1, count: 4_800))
        }, gate: gate)
        var muted = 0, total = 0
        for try await buffer in source.buffers() {
            total += buffer.samples.count
            if buffer.isMuted { muted += buffer.samples.count }
        }
        #expect(total == 4_800 && muted == 4_800)
        gate.end()
        // A buffer's audio spans the tenth of a second before it was read.
        try await Task.sleep(for: .milliseconds(200))
        var heard = 0
        for try await buffer in source.buffers() where !buffer.isMuted { heard += buffer.samples.count }
        #expect(heard == 4_800)
    }
}
