import Foundation
import Testing
@testable import SpeechFront

/// A recording's result depends on the recording alone: not on what the
/// recogniser decoded before it.
@Suite(.enabled(if: SharedRecognizer.modelInstalled, "pocketsphinx-en-us is not installed"), .serialized)
struct DeterminismTests {
    /// What a transcript says, word times included, as one comparable string.
    private func fingerprint(_ transcripts: [Transcript]) -> String {
        transcripts.map { transcript in
            "\(transcript.text)|\(transcript.start)|\(transcript.end)|\(transcript.confidence)|"
                + transcript.words.map { "\($0.word)@\($0.start)-\($0.end)" }.joined(separator: ",")
                + "|\(transcript.match?.best?.intent ?? "-")"
        }.joined(separator: "\n")
    }

    @Test func aRecordingHeardAgainAfterOthersGivesTheSameResult() throws {
        let first = fingerprint(try SharedRecognizer.shared.transcribeClip("coffee-espeak"))
        _ = try SharedRecognizer.shared.transcribeClip("kitchen-noisy-rms")
        _ = try SharedRecognizer.shared.transcribeClip("noise-only")
        let again = fingerprint(try SharedRecognizer.shared.transcribeClip("coffee-espeak"))
        #expect(first == again)
    }

    @Test func wordTimesAreTimesInTheRecording() throws {
        // coffee-espeak.flac: half a second of silence, then the speech
        // (make-fixtures.sh pads every clip by 0.5 s).
        let transcripts = try SharedRecognizer.shared.transcribeClip("coffee-espeak")
        let firstWord = try #require(transcripts.first?.words.first)
        #expect(firstWord.start >= 0.35 && firstWord.start <= 0.6, "first word at \(firstWord.start) s")
    }
}
