import DefaultModels
import Foundation
import PhraseMatcher
@testable import SpeechFront

/// One real PocketSphinx recogniser per search mode for the whole test run
/// (starting one costs about a second), used by one test at a time.
final class SharedRecognizer: @unchecked Sendable {
    // @unchecked: the recogniser is only touched while `lock` is held.
    private let lock = NSLock()
    private var recognizers: [SearchMode: CommandRecognizer] = [:]

    static let shared = SharedRecognizer()
    static let modelInstalled = FileManager.default.fileExists(atPath: SpeechModelFiles.installDirectory + "/en-us/mdef")
    static let clips = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/clips")

    /// The samples of a clip in Fixtures/clips ("timer-espeak.flac").
    static func samples(_ clip: String) throws -> [Int16] {
        var source = try AudioReaders.open(path: clips.appendingPathComponent(clip).path)
        return try AudioReaders.readAll(&source)
    }

    func transcribe(_ path: String, mode: SearchMode = .auto) throws -> [Transcript] {
        try lock.withLock {
            let recognizer = try recognizers[mode] ?? {
                let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
                var options = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
                options.mode = mode
                let made = try CommandRecognizer(model: model, modelPath: nil, options: options)
                recognizers[mode] = made
                return made
            }()
            var source = try AudioReaders.open(path: path)
            return try recognizer.transcribe(&source)
        }
    }

    func transcribeClip(_ name: String, mode: SearchMode = .auto) throws -> [Transcript] {
        try transcribe(Self.clips.appendingPathComponent(name + ".flac").path, mode: mode)
    }
}
