import DefaultModels
import Foundation
import PhraseMatcher
import Testing
@testable import SpeechFront

/// Every decode names its search: what was decoded before, with which
/// search, changes nothing, and a search added or replaced in between is
/// selected again (PocketSphinx may have freed the one it pointed to).
@Suite(.enabled(if: SharedRecognizer.modelInstalled, "needs pocketsphinx-en-us"), .serialized)
struct SearchDecoderTests {
    static func recognizer() throws -> CommandRecognizer {
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        return try CommandRecognizer(model: model, modelPath: nil, options: CommandRecognizer.Options(files: try SpeechModelFiles.locate()))
    }

    static func segment(_ clip: String) throws -> SpeechSegment {
        var reader = try AudioReaders.open(path: SharedRecognizer.clips.appendingPathComponent(clip + ".flac").path)
        return SpeechSegment(samples: try AudioReaders.readAll(&reader), start: 0)
    }

    @Test func aDecodeDoesNotDependOnTheSearchBefore() throws {
        let recognizer = try Self.recognizer()
        let segment = try Self.segment("device-on-slt")
        recognizer.startNewStream()
        let alone = try recognizer.decoder.decode(segment.samples, with: .commands, nbest: 1)
        // The phone loop, then the commands again, in a fresh stream as before.
        _ = try recognizer.decoder.decode(segment.samples, with: recognizer.searches.phoneLoop(), nbest: 1)
        recognizer.startNewStream()
        let after = try recognizer.decoder.decode(segment.samples, with: .commands, nbest: 1)
        #expect(after.text == alone.text)
        #expect(after.score == alone.score)
    }

    /// An answer decoded in between (its own search) leaves a command heard as it was.
    @Test func answersInBetweenLeaveCommandsAsTheyWere() throws {
        let recognizer = try Self.recognizer()
        let segment = try Self.segment("timer-cancel-kal")
        recognizer.startNewStream()
        let before = try recognizer.recognize(segment)
        var answers = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        answers.intents = Array(answers.intents.prefix(1))
        recognizer.startNewStream()
        _ = try recognizer.recognizeAnswer(segment, grammar: answers)
        recognizer.startNewStream()
        let after = try recognizer.recognize(segment)
        #expect(after.text == before.text)
        #expect(after.match?.best?.intent == "CancelTimer")
        #expect(after.confidence == before.confidence)
    }

    /// The command grammar replaced (`update`) while it was the one in use:
    /// the next decode selects the new one.
    @Test func aReplacedSearchIsSelectedAgain() throws {
        let recognizer = try Self.recognizer()
        let segment = try Self.segment("device-on-slt")
        let before = try recognizer.recognize(segment)
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        try recognizer.update(model: model)
        let after = try recognizer.recognize(segment)
        #expect(after.text == before.text)
    }
}
