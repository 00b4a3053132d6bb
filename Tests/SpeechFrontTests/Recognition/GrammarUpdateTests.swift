import DefaultModels
import Foundation
import PhraseMatcher
import Testing
@testable import SpeechFront

/// Entities that change at run time reach the decoder: the recogniser's
/// grammar is rebuilt in place, without a new decoder.
@Suite(.enabled(if: SharedRecognizer.modelInstalled, "needs pocketsphinx-en-us"))
struct GrammarUpdateTests {
    @Test func anEntityAddedAtRunTimeIsHeard() throws {
        let full = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        var withoutKitchen = full
        let deviceIndex = try #require(withoutKitchen.types.firstIndex { $0.name == "Device" })
        guard case .entity(let devices) = withoutKitchen.types[deviceIndex].kind else { Issue.record("Device is no entity type"); return }
        withoutKitchen.types[deviceIndex].kind = .entity(devices.filter { $0.id != "kitchen-light" })

        var options = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        options.mode = .grammar
        let recognizer = try CommandRecognizer(model: withoutKitchen, modelPath: nil, options: options)
        let clip = SharedRecognizer.clips.appendingPathComponent("device-on-slt.flac").path
        func heardDevice() throws -> SlotValue? {
            var source = try AudioReaders.open(path: clip)
            return try recognizer.transcribe(&source).first?.match?.best?.argument("device")?.value
        }
        #expect(try heardDevice() != .entity("kitchen-light"))
        try recognizer.update(model: full)
        #expect(try heardDevice() == .entity("kitchen-light"))
    }
}

/// A model without free text starts with a lean dictionary (its own words
/// only); a model given free text later gets the whole dictionary, which
/// the language model needs, and keeps the words added before.
@Suite(.enabled(if: SharedRecognizer.modelInstalled, "needs pocketsphinx-en-us"))
struct LeanDictionaryTests {
    @Test func freeTextAddedLaterIsHeard() throws {
        let full = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        var withoutMessages = full
        withoutMessages.intents.removeAll { intent in intent.parameters.contains { $0.type == .string } }
        try #require(withoutMessages.intents.count < full.intents.count)
        let options = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        let recognizer = try CommandRecognizer(model: withoutMessages, modelPath: nil, options: options)
        func heard(_ clip: String) throws -> Transcript? {
            var source = try AudioReaders.open(path: SharedRecognizer.clips.appendingPathComponent(clip + ".flac").path)
            return try recognizer.transcribe(&source).first
        }
        #expect(try heard("device-on-slt")?.match?.best?.intent == "ChangeDeviceState")
        try recognizer.update(model: full)
        // Free text, as a spoken answer is heard: the language model alone.
        var source = try AudioReaders.open(path: SharedRecognizer.clips.appendingPathComponent("message-slt.flac").path)
        let message = try recognizer.recognizeAnswer(SpeechSegment(samples: try AudioReaders.readAll(&source), start: 0), grammar: nil)
        let said = ["send", "a", "message", "to", "sam", "lee", "saying", "i", "am", "on", "my", "way"]
        let words = Set(message.text.split(separator: " ").map(String.init))
        #expect(Double(said.filter(words.contains).count) / Double(said.count) >= 0.7, "\"\(message.text)\"")
        #expect(try heard("device-on-slt")?.match?.best?.intent == "ChangeDeviceState")
    }
}
