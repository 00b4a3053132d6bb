import Foundation
import VoiceCommands

/// The recogniser's evidence for every clip of a corpus, one JSON line per
/// transcript: the data a confidence is fitted on (scripts/fit-confidence.py).
/// Nothing is rejected here (minimum confidence 0), so every hypothesis
/// shows up with its label: right (the labelled command), wrong (another
/// command, or a labelled clip heard wrong), out (speech the model has no
/// command for) or noise.
///   voicecmd-bench evidence --commands FILE --corpus DIR --role commands|out|noise
///                           [--noise FILE --snr DB] [--pad SECONDS] [--limit N] [--denoise MODE]
///                           [--every-frame] [--lm] [--decoder "name=value,…"]
enum EvidenceDump {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let modelPath = try options.required("commands")
        let corpus = try options.required("corpus")
        let role = options.value("role") ?? "commands"
        guard ["commands", "out", "noise"].contains(role) else { throw BenchError(message: "--role takes commands, out or noise", isUsage: true) }
        let manifest = try CorpusManifest(directory: corpus)
        let (mixer, snr) = try NoiseMixer.fromOptions(options)
        let pad = options.value("pad").flatMap(Double.init) ?? 0
        let model = try ModelLoader.load(path: modelPath)
        var recognizerOptions = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        recognizerOptions.minimumConfidence = 0
        // As the recogniser decodes by default, unless told to keep every frame.
        if options.flag("every-frame") { recognizerOptions.keepsEveryFrame = true }
        // --decoder "name=value,name=value": extra PocketSphinx settings to try.
        recognizerOptions.decoderSettings = ASRBenchmark.settings(options.value("decoder"))
        recognizerOptions.utterances.denoising.mode = DenoiseMode(rawValue: options.value("denoise") ?? "auto") ?? .auto
        let recognizer = try CommandRecognizer(model: model, modelPath: modelPath, options: recognizerOptions)
        // With --lm, what the general language model hears in each
        // transcript's time, for comparing an unconstrained decode.
        var freeOptions = recognizerOptions
        freeOptions.mode = .lm
        let free = options.flag("lm") ? try CommandRecognizer(model: model, modelPath: modelPath, options: freeOptions) : nil
        let limit = options.value("limit").flatMap(Int.init) ?? manifest.entries.count
        let step = max(1, manifest.entries.count / max(1, limit))
        var report = BenchReport(name: "evidence")
        var lines = 0
        var unreadable: [String] = []
        for index in stride(from: 0, to: manifest.entries.count, by: step).prefix(limit) {
            let entry = manifest.entries[index]
            // A damaged recording is left out and counted, not the end of the dump.
            var samples: [Int16]
            do {
                var source = try AudioReaders.open(path: entry.path)
                samples = try AudioReaders.readAll(&source)
            } catch {
                unreadable.append(error.message)
                continue
            }
            // A faint noise floor, not digital silence, around tightly cut clips.
            if pad > 0 { samples = SyntheticNoise.padded(samples, seconds: pad, seed: UInt64(index) &+ 1) }
            if let mixer, let snr { samples = mixer.mix(samples, snr: snr, seed: index &* 7919 &+ entry.path.utf8.count) }
            var buffer: any AudioReader = SampleBufferReader(samples: samples)
            let transcripts = try recognizer.transcribe(&buffer)
            for transcript in transcripts {
                var label = role == "commands" ? "wrong" : role
                if role == "commands", let intent = entry.intent,
                   ASRBenchmark.scoreProblem(transcript.match?.best, intent: intent, slots: entry.slots, model: model) == nil {
                    label = "right"
                }
                // Unlabelled clips with a transcript: right when heard as the
                // same command with the same values as the transcript typed
                // ("order large latte" for "order a large latte" is right).
                if role == "commands", entry.intent == nil, !entry.transcript.isEmpty,
                   let heard = transcript.match?.best, let said = recognizer.matcher.match(entry.transcript).best,
                   heard.isSameCommand(as: said) {
                    label = "right"
                }
                var members: [(String, JSONOutput)] = [
                    ("file", .string(String(entry.path.dropFirst(corpus.count).drop { $0 == "/" }))), ("label", .string(label)),
                    ("text", .string(transcript.text)), ("matched", .bool(transcript.match?.best != nil)),
                    ("confidence", .number(transcript.confidence)), ("duration", .number(Double(samples.count) / 16_000)),
                ]
                if let free {
                    let first = max(0, Int(transcript.start * 16_000)), last = min(samples.count, Int(transcript.end * 16_000))
                    if first < last {
                        let started = Date()
                        let heard = try free.recognize(SpeechSegment(samples: Array(samples[first..<last]), start: 0))
                        members += [("lm_text", .string(heard.text)), ("lm_seconds", .number(Date().timeIntervalSince(started)))]
                    }
                }
                if let evidence = transcript.evidence {
                    members += [
                        ("frames", .integer(evidence.frames)), ("word_frames", .integer(evidence.wordFrames)),
                        ("loop_speech_frames", .integer(evidence.loopSpeechFrames)),
                        ("path_margin", .number(evidence.pathMargin)), ("word_margin", .number(evidence.wordMargin)),
                        ("worst_word_margin", .number(evidence.worstWordMargin)), ("words", .integer(evidence.words)),
                        ("phones", .integer(evidence.phones)), ("unexplained", .number(evidence.unexplainedSpeech)), ("loop_fit", .number(evidence.loopFit)),
                        ("phone_distance", .number(evidence.phoneDistance)), ("worst_word_phone_distance", .number(evidence.worstWordPhoneDistance)),
                        ("voiced", evidence.voicedSeconds.map(JSONOutput.number) ?? .null),
                        ("voiced_word_share", evidence.voicedWordShare.map(JSONOutput.number) ?? .null),
                    ]
                    if let opinion = evidence.secondOpinion {
                        members += [("second_text", .string(opinion.text)), ("second_distance", .number(opinion.distance)),
                                    ("second_extra", .number(opinion.extra)), ("second_gap", opinion.likelihoodGap.map(JSONOutput.number) ?? .null)]
                    }
                }
                print(JSONOutput.object(members).serialized)
                lines += 1
            }
        }
        report.lines = ["\(lines) transcripts"] + (CorpusManifest.note(unreadable: unreadable).map { [$0] } ?? [])
        return report
    }
}
