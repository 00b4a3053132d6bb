import Foundation
import Testing
@testable import SpeechFront

@Suite(.enabled(if: MoonshineTranscriber.unavailableReason == nil, "Moonshine is unavailable: \(MoonshineTranscriber.unavailableReason ?? "")"))
struct MoonshineTranscriberTests {
    /// The real network on real audio, in a voice family PocketSphinx
    /// finds hard (espeak-ng): it hears the words, in its own spelling.
    @Test func itHearsWhatWasSaid() throws {
        let transcriber = try MoonshineTranscriber()
        let heard = try #require(transcriber.transcribe(try SharedRecognizer.samples("timer-espeak.flac")[...]))
        #expect(heard.lowercased().contains("timer"), "\(heard)")
        let other = try #require(transcriber.transcribe(try SharedRecognizer.samples("out-of-grammar-fox.flac")[...]))
        #expect(other.lowercased().contains("fox"), "\(other)")
    }

    @Test func audioTooShortOrTooLongHasNoOpinion() throws {
        let transcriber = try MoonshineTranscriber()
        #expect(transcriber.transcribe([Int16](repeating: 0, count: 800)[...]) == nil)
        #expect(transcriber.transcribe([Int16](repeating: 0, count: MoonshineTranscriber.longestUtterance + 1)[...]) == nil)
    }

    /// A damaged model is refused before the runtime sees it, with the
    /// file and why.
    @Test func aTruncatedModelIsRefusedWithItsName() throws {
        let installed = try #require(VendorFolder.candidates("").first { folder in
            FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(MoonshineModel.modelFolder))
        })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-moonshine-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent(MoonshineModel.modelFolder)
        try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("lib").path,
                                                   withDestinationPath: (installed as NSString).appendingPathComponent("lib"))
        for name in ["decoder_model_merged.ort", "tokens.txt"] {
            try FileManager.default.createSymbolicLink(atPath: model.appendingPathComponent(name).path,
                                                       withDestinationPath: (installed as NSString).appendingPathComponent("\(MoonshineModel.modelFolder)/\(name)"))
        }
        try Data(count: 1_000).write(to: model.appendingPathComponent("encoder_model.ort"))
        guard case .failure(let error) = MoonshineModel.find(in: [folder.path]) else {
            Issue.record("a truncated encoder was loaded")
            return
        }
        #expect(error.message == "cannot use Moonshine: \(model.path)/encoder_model.ort is 1000 bytes, not the 13281600 of the pinned file (damaged or replaced; run scripts/install-asr)")
    }
}
