import Foundation
import Testing
@testable import SpeechFront

/// Where the command starts after a wake phrase, with a real decoder.
@Suite(.enabled(if: SharedRecognizer.modelInstalled, "needs pocketsphinx-en-us"), .serialized)
struct WakeAlignmentTests {
    /// A wake phrase that ended in the padding before the utterance (the
    /// session looks a little before an utterance's start for its phrase)
    /// aligns from the utterance's start, and never reaches outside its
    /// samples: it crashed the wake benchmark with a negative index.
    @Test func aPhraseEndingBeforeTheUtteranceAlignsFromItsStart() throws {
        let recognizer = try SearchDecoderTests.recognizer()
        try recognizer.setWakePhrase(try WakePhrase("hey computer"))
        var segment = try SearchDecoderTests.segment("device-on-slt")
        segment.start = 5
        segment.originalSamples = segment.samples
        let wake = WakeDetection(phrase: "hey computer", start: 4.75, end: 4.95)
        let rest = try recognizer.speech(after: wake, in: segment)
        #expect(rest.map { $0.start >= segment.start && $0.end <= segment.end } ?? true)
        let command = try recognizer.recognizeCommand(after: wake, in: segment)
        #expect(command?.text.isEmpty == false)
    }
}
