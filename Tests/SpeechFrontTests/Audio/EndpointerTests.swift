import Foundation
import Testing
@testable import SpeechFront

/// The endpointer on real speech (the fixture clips), cut by PocketSphinx's
/// voice-activity detector.
struct EndpointerTests {
    static func samples(_ clip: String) throws -> [Int16] { try SharedRecognizer.samples("\(clip).flac") }

    /// Two commands two seconds apart are two utterances, in order.
    @Test func pausesSplitUtterances() throws {
        let endpointer = try Endpointer()
        var segments = try endpointer.feed(try Self.samples("two-commands"))
        if let last = endpointer.finish() { segments.append(last) }
        #expect(segments.count == 2)
        if segments.count == 2 { #expect(segments[0].end < segments[1].start) }
    }

    /// Each final end comes after a tentative end with exactly its samples:
    /// recognition started there is recognition of the utterance.
    @Test func aTentativeEndHoldsTheFinalSegment() throws {
        let endpointer = try Endpointer()
        var tentative: SpeechSegment?
        var matched = 0
        for endpoint in try endpointer.feedEndpoints(try Self.samples("two-commands")) {
            switch endpoint {
            case .tentative(let segment): tentative = segment
            case .final(let segment):
                #expect(tentative?.start == segment.start)
                #expect(tentative?.samples == segment.samples)
                matched += 1
            }
        }
        #expect(matched >= 1)
    }

    /// A stretch not listened to (voicecmd speaking) drops the utterance it
    /// cut into, where a gap of lost audio hands it on, and both move the clock.
    @Test func aMutedStretchDropsTheUtteranceItCuts() throws {
        let speech = try Self.samples("two-commands")
        // Into the first command: find where speech is open.
        func openUtterance(_ endpointer: Endpointer) throws -> Int {
            var fed = 0
            while !endpointer.isHearingSpeech && fed < speech.count {
                _ = try endpointer.feed(Array(speech[fed..<min(speech.count, fed + 1_600)]))
                fed += 1_600
            }
            // A second more of the command (the energy detector may open on
            // the room before the voice, which the voice gate waits for).
            _ = try endpointer.feed(Array(speech[fed..<min(speech.count, fed + 16_000)]))
            return fed + 16_000
        }
        let muted = try Endpointer()
        let fedMuted = try openUtterance(muted)
        #expect(muted.isHearingSpeech)
        muted.discard(16_000)
        #expect(!muted.isHearingSpeech)
        #expect(muted.finish() == nil)
        #expect(muted.position == Double(fedMuted + 16_000) / 16_000)

        let dropped = try Endpointer()
        _ = try openUtterance(dropped)
        #expect(dropped.skip(16_000) != nil)
    }

    /// Noise alone is no utterance, however long.
    @Test func noiseAloneIsNoUtterance() throws {
        let endpointer = try Endpointer()
        var segments = try endpointer.feed(try Self.samples("noise-only"))
        if let last = endpointer.finish() { segments.append(last) }
        #expect(segments.isEmpty)
    }
}
