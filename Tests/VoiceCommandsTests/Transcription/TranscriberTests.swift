import DefaultModels
import Foundation
import Testing
import VoiceCommands

/// Files to commands from the library, with real PocketSphinx, two
/// transcribers at once (each its own decoder).
struct TranscriberTests {
    static func models() throws -> ModelSet {
        try ModelSet(model: try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName),
                     pronunciations: try Pronunciations.parseDictionary(DefaultModels.defaultDictionaryText, name: DefaultModels.defaultDictionaryName))
    }

    @Test func recordingsBecomeCommands() async throws {
        let models = try Self.models()
        let options = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        let sessions = CommandSessionTests.sessions
        async let timer = Transcriber(models: models, options: options).transcribe(file: sessions.appendingPathComponent("espeak-timer.flac").path)
        async let light = Transcriber(models: models, options: options).transcribe(file: sessions.appendingPathComponent("espeak-light.flac").path)
        let (timers, lights) = try await (timer, light)
        #expect(timers.compactMap { $0.match?.best?.intent } == ["SetTimer"])
        #expect(lights.compactMap { $0.match?.best?.intent } == ["ChangeDeviceState"])
        await #expect(throws: SpeechError.self) { try await Transcriber(models: models, options: options).transcribe(file: "/nonexistent.wav") }
    }
}
