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
