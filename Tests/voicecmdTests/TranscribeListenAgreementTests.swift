import Foundation
import Testing

/// One utterance path: the same recording gives the same utterances (their
/// place in the stream, within a frame or two) and the same transcripts
/// through `transcribe` (read whole) and `listen --input --fast` (played as
/// a stream, buffer by buffer). Recordings of several commands, each heard
/// as a command both ways: `transcribe` also hears a short recording whole,
/// and keeps its parts only when each is a command, where `listen` hears
/// an answer to its question as an answer.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us/en-us/mdef"), "pocketsphinx-en-us is not installed"))
struct TranscribeListenAgreementTests {
    struct Heard: CustomStringConvertible {
        var start: Double
        var end: Double
        var text: String
        var description: String { String(format: "%.2f–%.2f \"%@\"", start, end, text) }
    }

    static func heard(_ lines: String, event: String?) throws -> [Heard] {
        try lines.split(separator: "\n").compactMap { line -> Heard? in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let event, object["event"] as? String != event { return nil }
            return Heard(start: try #require(object["start"] as? Double), end: try #require(object["end"] as? Double),
                         text: try #require(object["text"] as? String))
        }
    }

    /// kitchen-five: five commands over kitchen noise at 18 dB (denoised);
    /// two-commands: two commands, quiet (decoded as they are).
    @Test(arguments: ["Tests/VoiceCommandsTests/Fixtures/sessions/kitchen-five.flac",
                      "Tests/SpeechFrontTests/Fixtures/clips/two-commands.flac"])
    func theSameRecordingGivesTheSameUtterances(_ recording: String) throws {
        let transcribed = try ToolRunner.run(["transcribe", "--json", recording])
        #expect(transcribed.status == 0, "\(transcribed.stderr)")
        let listened = try ToolRunner.run(["listen", "--input", recording, "--fast", "--json"])
        #expect(listened.status == 0, "\(listened.stderr)")
        let whole = try Self.heard(transcribed.stdout, event: nil)
        let stream = try Self.heard(listened.stdout, event: "transcript")
        #expect(whole.count >= 2, "\(whole)")
        #expect(whole.count == stream.count, "transcribe \(whole), listen \(stream)")
        for (read, played) in zip(whole, stream) {
            #expect(abs(read.start - played.start) <= 0.02 && abs(read.end - played.end) <= 0.02, "transcribe \(read), listen \(played)")
            #expect(read.text == played.text, "transcribe \(read), listen \(played)")
        }
    }
}
