import Foundation
import PhraseMatcher
import Testing
@testable import SpeechFront

/// Words no dictionary has: one guessed by flite's letter-to-sound rules,
/// one given in the model's own dictionary file; both heard.
@Suite(.enabled(if: SharedRecognizer.modelInstalled, "needs pocketsphinx-en-us"))
struct InventedWordsTests {
    static let modelPath = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/models/invented.json").path

    @Test func inventedNamesAreRecognised() throws {
        let model = try ModelLoader.load(path: Self.modelPath)
        let recognizer = try CommandRecognizer(model: model, modelPath: Self.modelPath,
                                               options: CommandRecognizer.Options(files: try SpeechModelFiles.locate()))
        #expect(recognizer.addedWords.map(\.word).sorted() == ["quintaphone", "zorbleflux"])
        #expect(recognizer.addedWords.first { $0.word == "quintaphone" }?.source == "dictionary file")
        #expect(recognizer.addedWords.first { $0.word == "zorbleflux" }?.phones == "Z AO R B L F L AH K S")
        for name in ["zorbleflux", "quintaphone"] {
            var source = try AudioReaders.open(path: SharedRecognizer.clips.appendingPathComponent("invented-\(name).flac").path)
            let transcript = try #require(try recognizer.transcribe(&source).first)
            #expect(transcript.match?.best?.argument("gadget")?.value == .entity(name), "\"\(transcript.text)\"")
        }
    }

    @Test func badPronunciationFilesSayWhere() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-\(getpid())-bad.dict").path
        try "ok OW K EY\nwidget W IH JJ AH T\n".write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: SpeechError("\(path):2:13: 'JJ' is not a CMU phone (AA AE AH … ZH)")) { try Pronunciations.readDictionary(path: path) }
    }
}
