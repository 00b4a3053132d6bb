import Foundation
import VoiceCommands

/// A corpus as one stream through the voice session: each clip, then
/// --gap seconds with nothing said, with noise mixed under all of it at the
/// clip's signal-to-noise ratio (as the `asr` benchmark mixes it), decoded
/// as fast as it goes. Each intent is placed by its utterance: over a clip
/// it is scored like `asr` scores it; in a gap it is invented, a command
/// nobody gave. Runs without denoising and then with --denoise (default
/// auto), and fails when the denoised run invents more or understands less.
enum StreamBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let modelPath = try options.required("commands")
        let corpus = try options.required("corpus")
        let gap = Double(options.value("gap") ?? "4") ?? 4
        guard let denoise = DenoiseMode(rawValue: options.value("denoise") ?? "auto") else {
            throw BenchError(message: "--denoise takes on, off or auto", isUsage: true)
        }
        let manifest = try CorpusManifest(directory: corpus)
        var mixer: NoiseMixer?
        let snr = options.value("snr").flatMap(Double.init)
        if let noisePath = options.value("noise") {
            guard snr != nil else { throw BenchError(message: "--noise needs --snr DB", isUsage: true) }
            var source = try AudioReaders.open(path: noisePath)
            mixer = NoiseMixer(noise: try AudioReaders.readAll(&source))
        }
        let model = try ModelLoader.load(path: modelPath)
        let rate = Double(RecognizerAudio.sampleRate)
        var stream: [Int16] = []
        var windows: [(start: Double, end: Double, entry: CorpusManifest.Entry)] = []
        for (index, entry) in manifest.entries.enumerated() {
            var source = try AudioReaders.open(path: entry.path)
            let clip = try AudioReaders.readAll(&source)
            let start = Double(stream.count) / rate
            var piece = clip + [Int16](repeating: 0, count: Int(gap * rate))
            if let mixer, let snr { piece = mixer.mix(piece, speechLevelOf: clip, snr: snr, seed: index &* 7919 &+ entry.path.utf8.count) }
            stream += piece
            windows.append((start, start + Double(clip.count) / rate, entry))
        }
        let audioSeconds = Double(stream.count) / rate
        var report = BenchReport(name: "stream")
        report.lines = [String(format: "stream     %@: %d clips, each followed by %.1f s without speech, %.0f s in all, ",
                               corpus, manifest.entries.count, gap, audioSeconds)
                        + (snr.map { String(format: "noise at %.0f dB SNR", $0) } ?? "clean")]
        var results: [(DenoiseMode, Outcome)] = []
        for mode in denoise == .off ? [DenoiseMode.off] : [.off, denoise] {
            var speech = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
            speech.utterances.denoising.mode = mode
            var settings = CommandSession.Settings()
            // A question (a doubtful value) is given up within the gap, so
            // the next clip is heard as a command.
            settings.answerTimeout = 1
            let collector = IntentCollector()
            let session = try CommandSession(engine: try CommandEngine(model: model), speech: speech, modelPath: modelPath,
                                             settings: settings) { collector.record($0) }
            let samples = stream
            let source = ReaderAudioSource(name: "corpus", pacing: .asFastAsConsumed) { SampleBufferReader(samples: samples) }
            let started = nanoseconds()
            try ListeningRun(session, to: source).wait("the stream could not be read")
            let seconds = Double(nanoseconds() - started) / 1e9
            var outcome = Outcome(rtf: seconds / audioSeconds)
            var scored = Set<Int>()
            for heard in collector.intents {
                // The clip the utterance overlaps most, if any.
                let overlaps = windows.indices.map { min(windows[$0].end, heard.end) - max(windows[$0].start, heard.start) }
                // Mostly in a gap: noise became a command.
                guard let best = overlaps.indices.max(by: { overlaps[$0] < overlaps[$1] }),
                      overlaps[best] >= (heard.end - heard.start) / 2 else {
                    outcome.invented.append(String(format: "%.1f–%.1f s: \"%@\"", heard.start, heard.end, heard.text))
                    continue
                }
                // Mostly over a clip already heard: one order cut in two.
                guard scored.insert(best).inserted else {
                    outcome.extra.append(String(format: "%.1f–%.1f s: \"%@\"", heard.start, heard.end, heard.text))
                    continue
                }
                let entry = windows[best].entry
                if let intent = entry.intent, ASRBenchmark.scoreProblem(heard.match, intent: intent, slots: entry.slots, model: model) == nil {
                    outcome.accepted += 1
                }
            }
            results.append((mode, outcome))
            report.lines += [
                "denoise \(mode.rawValue)" + String(repeating: " ", count: max(1, 5 - mode.rawValue.count))
                    + String(format: "accepted %d/%d commands, %d invented in the gaps, %d more over a clip, real-time factor %.3f",
                             outcome.accepted, manifest.entries.count, outcome.invented.count, outcome.extra.count, outcome.rtf),
            ]
            report.lines += outcome.invented.prefix(20).map { "  invented " + $0 }
            report.lines += outcome.extra.prefix(10).map { "  more     " + $0 }
        }
        report.figures = [("clips", .integer(manifest.entries.count)), ("gap_s", .number(gap)), ("snr_db", snr.map(JSONOutput.number) ?? .null)]
        for (mode, outcome) in results {
            let figures: [(String, JSONOutput)] = [("accepted", .integer(outcome.accepted)), ("invented", .integer(outcome.invented.count)), ("extra", .integer(outcome.extra.count)),
                                                   ("rtf", .number((outcome.rtf * 1000).rounded() / 1000))]
            report.figures.append(("denoise_" + mode.rawValue, .object(figures)))
        }
        // Verified: the stream was heard at all, and denoising did not make it worse.
        if let first = results.first, first.1.accepted * 2 < manifest.entries.count {
            report.failures.append("without denoising only \(first.1.accepted) of \(manifest.entries.count) commands were understood")
        }
        if results.count == 2, results[1].1.invented.count > results[0].1.invented.count || results[1].1.accepted < results[0].1.accepted {
            report.failures.append("denoising \(results[1].0.rawValue) did worse than none")
        }
        return report
    }

    struct Outcome {
        var rtf: Double
        var accepted = 0
        var invented: [String] = []
        var extra: [String] = []
    }

    /// The intents a session reported, with their utterances' places.
    /// @unchecked Sendable: `intents` is guarded by `lock`.
    final class IntentCollector: @unchecked Sendable {
        private let lock = NSLock()
        private var heard: [Heard] = []
        private var lastText = ""
        var intents: [Heard] { lock.withLock { heard } }

        struct Heard {
            var start: Double, end: Double
            var match: Match
            var text: String
        }

        func record(_ event: SessionEvent) {
            lock.withLock {
                switch event.kind {
                case .transcript(let text, _, _): lastText = text
                case .conversation(.intent(let match)):
                    if let span = event.utterance { heard.append(Heard(start: span.start, end: span.end, match: match, text: lastText)) }
                default: break
                }
            }
        }
    }
}
