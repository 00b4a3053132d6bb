import Foundation
import VoiceCommands

/// Recognition on a real-speech corpus: command acceptance (intent right and
/// every labelled slot right, as Picovoice scores), word error rate where
/// transcripts exist, real-time factor and peak memory; optionally with
/// noise mixed in at a signal-to-noise ratio.
enum ASRBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let modelPath = try options.required("commands")
        let corpus = try options.required("corpus")
        let mode = SearchMode(rawValue: options.value("mode") ?? "auto") ?? .auto
        let manifest = try CorpusManifest(directory: corpus)
        var mixer: NoiseMixer?
        var snr: Double?
        if let noisePath = options.value("noise") {
            guard let level = options.value("snr").flatMap(Double.init) else { throw BenchError(message: "--noise needs --snr DB", isUsage: true) }
            var source = try AudioReaders.open(path: noisePath)
            mixer = NoiseMixer(noise: try AudioReaders.readAll(&source))
            snr = level
        }
        let model = try ModelLoader.load(path: modelPath)
        var recognizerOptions = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        recognizerOptions.mode = mode
        // --decoder "beam=1e-60,wbeam=1e-40": PocketSphinx settings to try.
        recognizerOptions.decoderSettings = Self.settings(options.value("decoder"))
        if let grammar = options.value("grammar-search") { recognizerOptions.grammarSearchSettings = Self.settings(grammar) }
        if let phones = options.value("phone-loop") { recognizerOptions.phoneLoopSettings = Self.settings(phones) }
        let loadStart = nanoseconds()
        let recognizer = try CommandRecognizer(model: model, modelPath: modelPath, options: recognizerOptions)
        let loadSeconds = Double(nanoseconds() - loadStart) / 1e9

        var accepted = 0, labelled = 0, wordErrors = 0, referenceWords = 0
        var audioSeconds = 0.0, decodeSeconds = 0.0
        var failures: [String] = []
        for (index, entry) in manifest.entries.enumerated() {
            var source = try AudioReaders.open(path: entry.path)
            var samples = try AudioReaders.readAll(&source)
            if let mixer, let snr { samples = mixer.mix(samples, snr: snr, seed: index &* 7919 &+ entry.path.utf8.count) }
            audioSeconds += Double(samples.count) / 16_000
            var buffer: any AudioReader = SampleBufferReader(samples: samples)
            let start = nanoseconds()
            let transcripts = try recognizer.transcribe(&buffer)
            decodeSeconds += Double(nanoseconds() - start) / 1e9
            let heard = transcripts.map(\.text).joined(separator: " ")
            if !entry.transcript.isEmpty {
                let reference = TextNormalizer.words(of: entry.transcript)
                wordErrors += EditDistance.between(reference, heard.split(separator: " ").map(String.init))
                referenceWords += reference.count
            }
            guard let intent = entry.intent else { continue }
            labelled += 1
            let match = transcripts.compactMap { $0.match?.best }.first
            if let problem = scoreProblem(match, intent: intent, slots: entry.slots, model: model) {
                failures.append("\((entry.path as NSString).lastPathComponent): \(problem) — heard \"\(heard)\"")
            } else {
                accepted += 1
            }
        }
        let acceptance = labelled > 0 ? Double(accepted) / Double(labelled) : 0
        let rtf = audioSeconds > 0 ? decodeSeconds / audioSeconds : 0
        let wer = referenceWords > 0 ? Double(wordErrors) / Double(referenceWords) : nil
        var report = BenchReport(name: "asr")
        report.lines = [
            "corpus     \(corpus): \(manifest.entries.count) clips, \(String(format: "%.0f", audioSeconds)) s of audio"
                + (snr.map { String(format: ", noise at %.0f dB SNR", $0) } ?? ", clean"),
            "model      \(modelPath), \(mode.rawValue) mode, recogniser ready in \(String(format: "%.2f", loadSeconds)) s",
            String(format: "accepted   %d/%d commands (%.1f %%)", accepted, labelled, acceptance * 100),
            wer.map { String(format: "WER        %.1f %% over %d words", $0 * 100, referenceWords) } ?? "WER        (no transcripts)",
            String(format: "speed      real-time factor %.3f", rtf),
            String(format: "memory     %.1f MB peak", peakMemoryMB()),
        ]
        // Misrecognitions are figures, not broken results: listed, not failing the run.
        report.lines += failures.prefix(40).map { "  missed " + $0 }
        report.figures = [
            ("clips", .integer(manifest.entries.count)), ("accepted", .integer(accepted)), ("labelled", .integer(labelled)),
            ("acceptance", .number((acceptance * 1000).rounded() / 1000)),
            ("wer", wer.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
            ("rtf", .number((rtf * 1000).rounded() / 1000)), ("peak_mb", .number((peakMemoryMB() * 10).rounded() / 10)),
            ("snr_db", snr.map(JSONOutput.number) ?? .null), ("mode", .string(mode.rawValue)),
        ]
        return report
    }

    /// Nil when the match has the intent and every labelled slot, else what is wrong.
    static func scoreProblem(_ match: Match?, intent: String, slots: [String: String], model: CommandModel) -> String? {
        guard let match else { return "no command" }
        guard match.intent == intent else { return "intent \(match.intent)" }
        for (name, expected) in slots.sorted(by: { $0.key < $1.key }) {
            guard let argument = match.argument(name) else { return "no \(name)" }
            let value: String
            switch argument.value {
            case .enumCase(let id), .entity(let id): value = id
            default: value = argument.text
            }
            if TextNormalizer.words(of: value) != TextNormalizer.words(of: expected) { return "\(name) \"\(value)\" for \"\(expected)\"" }
        }
        return nil
    }

    /// "beam=1e-60,maxhmmpf=3000" as PocketSphinx settings.
    static func settings(_ text: String?) -> [(String, String)] {
        (text ?? "").split(separator: ",").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }
}
