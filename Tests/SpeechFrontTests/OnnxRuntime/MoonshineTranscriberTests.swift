import Foundation
import Testing
@testable import SpeechFront

@Suite(.enabled(if: MoonshineTranscriber.unavailableReason() == nil, "Moonshine is unavailable: \(MoonshineTranscriber.unavailableReason() ?? "")"))
struct MoonshineTranscriberTests {
    /// The real network on real audio, in a voice family PocketSphinx
    /// finds hard (espeak-ng): it hears the words, in its own spelling.
    @Test(arguments: NeuralHearing.allCases.filter { MoonshineTranscriber.unavailableReason($0) == nil })
    func itHearsWhatWasSaid(_ hearing: NeuralHearing) throws {
        let transcriber = try MoonshineTranscriber(hearing)
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

    /// Base, on real people ordering coffee (the development corpus, when
    /// it is beside the project): it writes something for every order. As
    /// shipped it ends before its first word on close to half of them.
    @Test(.enabled(if: MoonshineTranscriber.unavailableReason(.base) == nil
                   && FileManager.default.fileExists(atPath: Self.barista + "/manifest.tsv"), "needs base and ../shared/corpora"))
    func baseWritesSomethingForEveryRealOrder() throws {
        let transcriber = try MoonshineTranscriber(.base)
        let manifest = try String(contentsOfFile: Self.barista + "/manifest.tsv", encoding: .utf8)
        let files = manifest.split(separator: "\n").dropFirst().prefix(12).map { String($0.split(separator: "\t")[0]) }
        #expect(files.count == 12)
        for file in files {
            var source = try AudioReaders.open(path: Self.barista + "/" + file)
            let heard = transcriber.transcribe(try AudioReaders.readAll(&source)[...]) ?? ""
            #expect(heard.contains { $0.isLetter }, "\(file): \"\(heard)\"")
        }
    }

    static let barista = URL(fileURLWithPath: #filePath).appendingPathComponent("../../../../../shared/corpora/barista-dev").standardized.path
}
