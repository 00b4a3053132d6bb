import Foundation
import DefaultModels
import VoiceCommands

/// The voice session on a long stream: a recording of five commands over
/// kitchen noise, looped for --minutes of audio, through `CommandSession`
/// as fast as it decodes. Reports the latency from each utterance's end (as
/// the endpointer saw it) to its reply, memory after 1 minute and at the
/// end, and the cost of switching to an answer grammar; with --realtime S,
/// also S seconds played at real time, counting dropped frames. Verifies
/// that every command of every loop was understood.
enum ListenBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let clip = try options.required("clip")
        let expected = try options.integer("commands", default: 5)
        let minutes = try options.integer("minutes", default: 30)
        let realtimeSeconds = options.value("realtime").flatMap(Int.init) ?? 0
        let (samples, loops) = try loopedClip(clip, minutes: minutes)
        let model = try defaultModel()
        var speech = try defaultSpeechOptions()
        if let below = options.value("free-text-below").flatMap(Double.init) { speech.freeTextCheckBelow = below }
        if let settings = options.value("lm-search") { speech.languageSearchSettings = ASRBenchmark.settings(settings) }
        if let mode = options.value("mode").flatMap(SearchMode.init(rawValue:)) { speech.mode = mode }
        if let denoise = options.value("denoise").flatMap(DenoiseMode.init(rawValue:)) { speech.utterances.denoising.mode = denoise }
        let settings = CommandSession.Settings()

        let fast = try listen(model: model, speech: speech, settings: settings, samples: samples, loops: loops, pacing: .asFastAsConsumed)
        var report = BenchReport(name: "listen")
        let audioSeconds = Double(samples.count * loops) / 16_000
        // At full speed the trailing silence takes no time, so the wait
        // after each endpoint is the recognition itself. In a live stream
        // recognition starts at the tentative end and has the rest of the
        // trailing silence to run in: the reply comes that much sooner.
        let window = speech.utterances.endpointing.trailingSilence - speech.utterances.endpointing.padding
        let processing = fast.processing.sorted()
        let latencies = processing.map { max(0, $0 - window) }.sorted()
        let median = percentile(latencies, 0.5), p90 = percentile(latencies, 0.9)
        report.lines = [
            String(format: "stream     %@ looped %d times: %.1f min of audio, decoded in %.1f s (real-time factor %.3f)",
                   clip, loops, audioSeconds / 60, fast.seconds, fast.seconds / audioSeconds),
            "intents    \(fast.intents)/\(expected * loops) commands understood, \(fast.turns) turns",
            String(format: "processing recognition and turn per utterance: median %.1f ms, p90 %.1f ms",
                   percentile(processing, 0.5) * 1000, percentile(processing, 0.9) * 1000),
            String(format: "latency    end of utterance (endpointed) to reply, beyond the %.1f s trailing silence, recognition started at the tentative end %.2f s earlier: median %.1f ms, p90 %.1f ms",
                   speech.utterances.endpointing.trailingSilence, window, median * 1000, p90 * 1000),
            String(format: "memory     peak %.1f MB after 1 min of audio, %.1f MB after %.0f min (%+.1f %%)",
                   fast.residentAfterMinute, fast.residentAtEnd, audioSeconds / 60,
                   (fast.residentAtEnd / max(fast.residentAfterMinute, 1) - 1) * 100),
        ]
        report.figures = [
            ("audio_s", .number(audioSeconds.rounded())), ("intents", .integer(fast.intents)),
            ("expected", .integer(expected * loops)),
            ("latency_median_ms", .number((median * 10_000).rounded() / 10)), ("latency_p90_ms", .number((p90 * 10_000).rounded() / 10)),
            ("rss_1min_mb", .number((fast.residentAfterMinute * 10).rounded() / 10)),
            ("rss_end_mb", .number((fast.residentAtEnd * 10).rounded() / 10)),
        ]
        // Verified: a broken pipeline understands next to nothing.
        if fast.intents * 10 < expected * loops * 9 { report.failures.append("understood only \(fast.intents) commands of \(expected * loops)") }

        let switching = try answerGrammarSwitch(model: model, speech: speech)
        report.lines.append(String(format: "switching  to an answer grammar: first %.1f ms (compiled), then median %.2f ms (cached)",
                                   switching.first * 1000, switching.cached * 1000))
        report.figures += [("switch_first_ms", .number((switching.first * 10_000).rounded() / 10)),
                           ("switch_cached_ms", .number((switching.cached * 100_000).rounded() / 100))]

        if realtimeSeconds > 0 {
            let liveSamples = Array((0..<Int((Double(realtimeSeconds) * 16_000 / Double(samples.count)).rounded(.up))).flatMap { _ in samples }
                .prefix(realtimeSeconds * 16_000))
            let live = try listen(model: model, speech: speech, settings: settings, samples: liveSamples, loops: 1, pacing: .realTime)
            let waits = live.waits.sorted()
            report.lines.append(String(format: "real time  %d s played at real time: %d frames dropped, %d intents; endpoint to reply measured: median %.1f ms, p90 %.1f ms",
                                       realtimeSeconds, live.dropped, live.intents, percentile(waits, 0.5) * 1000, percentile(waits, 0.9) * 1000))
            report.figures += [("realtime_latency_median_ms", .number((percentile(waits, 0.5) * 10_000).rounded() / 10))]
            report.figures.append(("dropped_realtime", .integer(live.dropped)))
            if live.dropped > 0 { report.failures.append("\(live.dropped) frames dropped at real time") }
        }
        return report
    }

    struct Run {
        var seconds = 0.0
        /// Wall time from the endpoint decision (or the previous turn's end,
        /// when later) to the reply or question.
        var waits: [Double] = []
        /// Recognition and the turn, per utterance.
        var processing: [Double] = []
        var lastTranscript: ContinuousClock.Instant?
        var intents = 0
        var turns = 0
        var dropped = 0
        var residentAfterMinute = 0.0
        var residentAtEnd = 0.0
        /// When the previous turn's last event came: in a fast stream the
        /// endpointer runs ahead, and an utterance waits for the turn before it.
        var previousTurnEnd: ContinuousClock.Instant?
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// @unchecked Sendable: `run` is guarded by `lock`.
    final class Collector: @unchecked Sendable {
        let lock = NSLock()
        var run = Run()
        func record(_ event: SessionEvent) {
            let now = ContinuousClock.now
            lock.withLock {
                switch event.kind {
                case .conversation(.intent): run.intents += 1
                case .transcript:
                    run.lastTranscript = now
                case .conversation(.reply), .conversation(.prompt):
                    if let span = event.utterance, let heard = run.lastTranscript {
                        let ready = run.previousTurnEnd.map { max($0, span.endpointed) } ?? span.endpointed
                        run.waits.append(seconds(now - ready))
                        run.processing.append(seconds(now - heard) + seconds(span.decodingTime ?? .zero))
                        run.previousTurnEnd = now
                        run.lastTranscript = nil
                        run.turns += 1
                    }
                    if let span = event.utterance, span.start >= 60, run.residentAfterMinute == 0 { run.residentAfterMinute = peakMemoryMB() }
                case .dropped(let frames): run.dropped += frames
                default: break
                }
            }
        }
    }

    static func listen(model: CommandModel, speech: CommandRecognizer.Options, settings: CommandSession.Settings,
                       samples: [Int16], loops: Int, pacing: ReaderAudioSource.Pacing) throws -> Run {
        let collector = Collector()
        let session = try CommandSession(engine: try CommandEngine(model: model), speech: speech, settings: settings) { collector.record($0) }
        let source = ReaderAudioSource(name: "loop", pacing: pacing) { LoopReader(samples: samples, loops: loops) }
        let start = nanoseconds()
        try ListeningRun(session, to: source).wait("the stream could not be read")
        var run = collector.lock.withLock { collector.run }
        run.seconds = Double(nanoseconds() - start) / 1e9
        run.residentAtEnd = peakMemoryMB()
        return run
    }

    /// Time to prepare the answer grammar of a question, the first time
    /// (compiled) and again (cached). Switching searches is part of each
    /// decode now (the decode names its search), not a step of its own.
    static func answerGrammarSwitch(model: CommandModel, speech: CommandRecognizer.Options) throws -> (first: Double, cached: Double) {
        let engine = try CommandEngine(model: model)
        let recognizer = try CommandRecognizer(model: engine.model, matcher: engine.matcher, modelPath: nil, options: speech)
        let asked = waitFor { () async -> CommandModel? in
            let conversation = engine.conversation { _ in }
            await conversation.start(await engine.match("send a message to alex"))
            return conversation.answerGrammar()
        }
        guard let answers = asked else { throw BenchError(message: "no answer grammar for the disambiguation") }
        func time(_ work: () throws -> Void) rethrows -> Double {
            let start = nanoseconds()
            try work()
            return Double(nanoseconds() - start) / 1e9
        }
        let first = try time { try recognizer.prepareAnswers(answers) }
        var cached: [Double] = []
        for _ in 0..<50 {
            cached.append(try time { try recognizer.prepareAnswers(answers) })
        }
        return (first, percentile(cached.sorted(), 0.5))
    }

    /// A recording, and how many times it plays in `minutes`.
    static func loopedClip(_ path: String, minutes: Int) throws -> (samples: [Int16], loops: Int) {
        var reader = try AudioReaders.open(path: path)
        let samples = try AudioReaders.readAll(&reader)
        guard !samples.isEmpty else { throw BenchError(message: "\(path) holds no audio") }
        return (samples, max(1, Int((Double(minutes) * 60 * 16_000 / Double(samples.count)).rounded(.up))))
    }

    static func defaultModel() throws -> CommandModel {
        try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
    }

    /// Recogniser options for the built-in model (its pronunciations included).
    static func defaultSpeechOptions() throws -> CommandRecognizer.Options {
        var speech = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        speech.pronunciations = try Pronunciations.parseDictionary(DefaultModels.defaultDictionaryText, name: DefaultModels.defaultDictionaryName)
        return speech
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
    }
}

/// A recording in memory, played `loops` times.
struct LoopReader: AudioReader {
    let samples: [Int16]
    let loops: Int
    private var position = 0
    private var loop = 0

    init(samples: [Int16], loops: Int) {
        self.samples = samples
        self.loops = loops
    }

    mutating func nextChunk() throws(SpeechError) -> [Int16]? {
        guard loop < loops, !samples.isEmpty else { return nil }
        let end = min(samples.count, position + 4_000)
        defer {
            position = end
            if position == samples.count { position = 0; loop += 1 }
        }
        return Array(samples[position..<end])
    }
}
