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
        let denoiseName = options.value("denoise") ?? "auto"
        guard let denoise = DenoiseMode(rawValue: denoiseName) else {
            throw BenchError(message: "--denoise takes on, off or auto, not \(denoiseName)", isUsage: true)
        }
        let manifest = try CorpusManifest(directory: corpus)
        let (mixer, snr) = try NoiseMixer.fromOptions(options)
        let model = try ModelLoader.load(path: modelPath)
        var recognizerOptions = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        recognizerOptions.mode = mode
        // --decoder "beam=1e-60,wbeam=1e-40": PocketSphinx settings to try.
        recognizerOptions.decoderSettings = Self.settings(options.value("decoder"))
        if let grammar = options.value("grammar-search") { recognizerOptions.grammarSearchSettings = Self.settings(grammar) }
        if let phones = options.value("phone-loop") { recognizerOptions.phoneLoopSettings = Self.settings(phones) }
        if let below = options.value("denoise-below").flatMap(Double.init) { recognizerOptions.utterances.denoising.denoiseBelow = below }
        if let target = options.value("denoise-target").flatMap(Double.init) { recognizerOptions.utterances.denoising.denoiseTarget = target }
        if let voice = options.value("minimum-voice").flatMap(Double.init) { recognizerOptions.minimumVoice = voice }
        // --rejection FILE: recordings of noise alone; any command heard in one is a false accept.
        let noiseOnly = try options.value("rejection").map(NoiseOnlyRecordings.pieces(of:)) ?? []
        // Read (and mixed) again for each pass, not held: memory is the recogniser's.
        let clips = Clips(manifest: manifest, mixer: mixer, snr: snr)
        var audioSeconds = 0.0
        for index in manifest.entries.indices { audioSeconds += Double(try clips.samples(index).count) / Double(RecognizerAudio.sampleRate) }

        var report = BenchReport(name: "asr")
        report.lines = [
            "corpus     \(corpus): \(manifest.entries.count) clips, \(String(format: "%.0f", audioSeconds)) s of audio"
                + (snr.map { String(format: ", noise at %.0f dB SNR", $0) } ?? ", clean"),
        ]
        if let reason = NoiseSuppressor.unavailableReason { report.lines.append("denoising  unavailable: \(reason)") }
        // Without denoising first, as the yardstick, then with the mode asked for.
        var passes: [(DenoiseMode, Pass)] = []
        for passMode in denoise == .off ? [DenoiseMode.off] : (options.flag("only") ? [denoise] : [.off, denoise]) {
            recognizerOptions.utterances.denoising.mode = passMode
            let pass = try Self.pass(clips, manifest: manifest, model: model, modelPath: modelPath, options: recognizerOptions,
                                     noiseOnly: noiseOnly)
            passes.append((passMode, pass))
            report.lines += [
                "denoise \(passMode.rawValue)" + String(repeating: " ", count: max(1, 5 - passMode.rawValue.count))
                    + "\(mode.rawValue) mode, recogniser ready in \(String(format: "%.2f", pass.loadSeconds)) s"
                    + (passMode == .auto ? ", \(pass.denoised) of \(manifest.entries.count) clips denoised" : ""),
                String(format: "  accepted %d/%d commands (%.1f %%)", pass.accepted, pass.labelled, pass.acceptance * 100),
                pass.wer.map { String(format: "  WER      %.1f %% over %d words; %d clips heard as a command with every word right",
                                          $0 * 100, pass.referenceWords, pass.rightCommands) } ?? "  WER      (no transcripts)",
                String(format: "  speed    real-time factor %.3f", pass.decodeSeconds / audioSeconds),
            ] + (noiseOnly.isEmpty ? [] : [
                "  noise    \(pass.falseAccepts) of \(noiseOnly.count) noise-only recordings heard as a command",
            ]) + [
                String(format: "  memory   %.1f MB peak (of the process so far)", pass.peakMB),
            ]
            // Misrecognitions are figures, not broken results: listed, not failing the run.
            report.lines += pass.failures.prefix(40).map { "  missed " + $0 }
        }
        var suppressorRTF: Double?
        if NoiseSuppressor.unavailableReason == nil {
            var seconds = 0.0
            for index in manifest.entries.indices {
                let clip = try clips.samples(index)
                let start = nanoseconds()
                let stage = try DenoisingStage()
                let denoised = try stage.process(clip) + stage.finish()
                seconds += Double(nanoseconds() - start) / 1e9
                guard denoised.count == clip.count else { throw BenchError(message: "the denoiser gave \(denoised.count) samples for \(clip.count)") }
            }
            suppressorRTF = seconds / audioSeconds
            report.lines.append(String(format: "suppressor alone: real-time factor %.3f", suppressorRTF!))
        }
        func figures(_ pass: Pass) -> [(String, JSONOutput)] {
            [
                ("accepted", .integer(pass.accepted)), ("labelled", .integer(pass.labelled)),
                ("acceptance", .number((pass.acceptance * 1000).rounded() / 1000)),
                ("wer", pass.wer.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
                ("rtf", .number((pass.decodeSeconds / audioSeconds * 1000).rounded() / 1000)),
                ("peak_mb", .number((pass.peakMB * 10).rounded() / 10)),
                ("right_commands", .integer(pass.rightCommands)),
                ("noise_only", .integer(noiseOnly.count)), ("false_accepts", .integer(pass.falseAccepts)),
            ]
        }
        // The last pass (the mode asked for) is the run's headline figures.
        report.figures = [("clips", .integer(manifest.entries.count))] + figures(passes.last!.1) + [
            ("snr_db", snr.map(JSONOutput.number) ?? .null), ("mode", .string(mode.rawValue)), ("denoise", .string(denoise.rawValue)),
            ("passes", .object(passes.map { ($0.0.rawValue, .object(figures($0.1) + [("denoised_clips", .integer($0.1.denoised))])) })),
            ("suppressor_rtf", suppressorRTF.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
        ]
        return report
    }

    /// One run over the corpus with one set of options.
    struct Pass {
        var loadSeconds = 0.0, decodeSeconds = 0.0, peakMB = 0.0
        var accepted = 0, labelled = 0, wordErrors = 0, referenceWords = 0, denoised = 0, falseAccepts = 0, rightCommands = 0
        var failures: [String] = []
        var acceptance: Double { labelled > 0 ? Double(accepted) / Double(labelled) : 0 }
        var wer: Double? { referenceWords > 0 ? Double(wordErrors) / Double(referenceWords) : nil }
    }

    /// The corpus's clips, noise mixed in the same way every time.
    struct Clips {
        var manifest: CorpusManifest
        var mixer: NoiseMixer?
        var snr: Double?

        func samples(_ index: Int) throws -> [Int16] {
            let entry = manifest.entries[index]
            var source = try AudioReaders.open(path: entry.path)
            let samples = try AudioReaders.readAll(&source)
            guard let mixer, let snr else { return samples }
            return mixer.mix(samples, snr: snr, seed: index &* 7919 &+ entry.path.utf8.count)
        }
    }

    static func pass(_ clips: Clips, manifest: CorpusManifest, model: CommandModel, modelPath: String,
                     options: CommandRecognizer.Options, noiseOnly: [[Int16]] = []) throws -> Pass {
        var pass = Pass()
        let loadStart = nanoseconds()
        let recognizer = try CommandRecognizer(model: model, modelPath: modelPath, options: options)
        pass.loadSeconds = Double(nanoseconds() - loadStart) / 1e9
        for (index, entry) in manifest.entries.enumerated() {
            let samples = try clips.samples(index)
            var buffer: any AudioReader = SampleBufferReader(samples: samples)
            let start = nanoseconds()
            let transcripts = try recognizer.transcribe(&buffer)
            pass.decodeSeconds += Double(nanoseconds() - start) / 1e9
            // As transcription decides: on the opening (`UtteranceCutter`).
            if try UtteranceCutter.denoises(samples, settings: options.utterances) { pass.denoised += 1 }
            let heard = transcripts.map(\.text).joined(separator: " ")
            if !entry.transcript.isEmpty {
                let reference = TextNormalizer.words(of: entry.transcript)
                pass.wordErrors += EditDistance.between(reference, heard.split(separator: " ").map(String.init))
                pass.referenceWords += reference.count
                // Heard as a command, and its words are what was said: what a
                // corpus without intent labels can score.
                if let command = transcripts.first(where: { $0.match?.best != nil }), TextNormalizer.words(of: command.text) == reference {
                    pass.rightCommands += 1
                }
            }
            guard let intent = entry.intent else { continue }
            pass.labelled += 1
            let match = transcripts.compactMap { $0.match?.best }.first
            if let problem = scoreProblem(match, intent: intent, slots: entry.slots, model: model) {
                pass.failures.append("\((entry.path as NSString).lastPathComponent): \(problem) — heard \"\(heard)\"")
            } else {
                pass.accepted += 1
            }
        }
        for (index, samples) in noiseOnly.enumerated() {
            var buffer: any AudioReader = SampleBufferReader(samples: samples)
            let heard = try recognizer.transcribe(&buffer)
            if let command = heard.first(where: { $0.match?.best != nil }) {
                pass.falseAccepts += 1
                pass.failures.append("noise piece \(index): heard \"\(command.text)\"")
            }
        }
        pass.peakMB = peakMemoryMB()
        return pass
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
