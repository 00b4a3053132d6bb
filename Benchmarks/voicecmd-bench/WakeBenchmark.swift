import Foundation
import Synchronization
import VoiceCommands

/// Wake-phrase detection on real voices, after Picovoice's wake-word
/// benchmark: each keyword's recordings (../shared/corpora/wake-words,
/// "alexa" and "snowboy" by many speakers) are inserted into a long stream
/// of other speech (the corpora's coffee orders, commands, one-word
/// commands and the other keyword), with kitchen noise at --snr dB
/// (default 10) and quiet (40 dB down: a room's floor; digital
/// near-silence upsets the endpointer). The session listens with the
/// keyword as its wake phrase at threshold 0, so every detection comes
/// with its first look's score; a threshold then keeps those that reach it
/// (at 0 no place is doubtful, so second looks are left out: `--threshold
/// 0.7,0.8` runs the session at each threshold, second looks included):
/// - misses: keyword recordings no detection overlaps (give or take 0.3 s);
/// - false wakes: detections anywhere else, per hour of the stream
///   without the keyword (the other speech, its pauses and the noise).
/// The operating point is the lowest threshold with at most one false
/// wake per ten hours: with less than ten hours of stream, none at all.
/// Also the keyword in synthetic voices (espeak-ng and flite), nearly
/// clean: each voice should wake it. CPU is the process's time per second
/// of audio while listening, as a share of one core.
enum WakeBenchmark {
    static let thresholds = stride(from: 0.0, through: 1.0001, by: 0.05).map { ($0 * 100).rounded() / 100 }

    struct Condition {
        var name: String
        var snr: Double
    }

    static func run(_ options: BenchOptions) throws -> BenchReport {
        let corpora = try options.required("corpora")
        let minutes = Double(try options.integer("minutes", default: 60))
        let snr = options.value("snr").flatMap(Double.init) ?? 10
        let limit = try options.integer("limit", default: Int.max)
        let keywords = (options.value("keywords") ?? "alexa,snowboy").split(separator: ",").map(String.init)
        let conditions = [Condition(name: String(format: "%.0f dB", snr), snr: snr), Condition(name: "quiet", snr: 40)]

        var noiseReader = try AudioReaders.open(path: (corpora as NSString).appendingPathComponent("noise/kitchen.wav"))
        let noise = try AudioReaders.readAll(&noiseReader)
        var otherEntries: [CorpusManifest.Entry] = []
        for set in ["barista-dev", "speech-commands", "misc-commands"] {
            otherEntries += try CorpusManifest(directory: (corpora as NSString).appendingPathComponent(set)).entries
        }
        let otherRead = CorpusManifest.readable(otherEntries)
        let other = otherRead.clips.map(\.samples)
        let wakeWords = CorpusManifest.readable(try CorpusManifest(directory: (corpora as NSString).appendingPathComponent("wake-words")).entries)

        var report = BenchReport(name: "wake")
        if let note = CorpusManifest.note(unreadable: otherRead.unreadable + wakeWords.unreadable) { report.lines.append(note) }
        var curves: [RejectionPlot.Curve] = []
        if let missing = CommandRecognizer.secondOpinionUnavailableReason {
            // Then the search decides alone, every wake has no score, and the sweep is flat.
            report.lines.append("no second stage (\(missing)): the keyphrase search decides alone at \(WakePhrase.unverifiedSpottingThreshold)")
        } else {
            report.lines.append("threshold: the second stage's score, from 0 to 1 (default \(WakePhrase.defaultThreshold))")
        }
        // At 0 every place comes with its first look's score for the sweep;
        // --threshold runs the session at each threshold given, second looks included.
        let runThresholds: [Double?] = try options.value("threshold").map { list in
            try list.split(separator: ",").map { text -> Double? in
                guard let value = Double(text), (0...1).contains(value) else {
                    throw BenchError(message: "--threshold needs numbers from 0 to 1, comma-separated, not '\(text)'")
                }
                return value
            }
        } ?? [nil]
        for keyword in keywords {
            let clips = wakeWords.clips.filter { $0.entry.transcript == keyword }.prefix(limit).map(\.samples)
            guard !clips.isEmpty else { throw BenchError(message: "no recordings of '\(keyword)' in \(corpora)/wake-words") }
            // The other keyword is other speech too.
            let background = other + wakeWords.clips.filter { $0.entry.transcript != keyword }.prefix(200).map(\.samples)
            let network = try trainedNetwork(for: try WakePhrase(keyword), options)
            report.lines.append("")
            report.lines.append("\"\(keyword)\": \(clips.count) readable recordings by real speakers; "
                                + (network == nil ? "no trained detector (voicecmd wake train \(keyword))" : "with its trained detector"))
            var table: [String: [(threshold: Double, perHour: Double, missed: Double)]] = [:]
            var realRuns: [(condition: String, threshold: Double, perHour: Double, missed: Double, hours: Double)] = []
            for runThreshold in runThresholds {
                let shown = runThreshold ?? WakePhrase.defaultThreshold
                var phrase = try WakePhrase(keyword, threshold: runThreshold ?? 0)
                if let spotting = options.value("spotting").flatMap(Double.init) { phrase.spottingThreshold = spotting }
                phrase.network = network
                report.lines.append("condition  stream   without it   cpu     " + "threshold: false wakes per hour / missed %"
                                    + (runThreshold.map { String(format: " (session at %.2f)", $0) } ?? ""))
                for condition in conditions {
                    let stream = WakeStream.build(keywords: clips, other: background, noise: noise, snr: condition.snr,
                                                  seconds: minutes * 60, seed: UInt64(keyword.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
                    let started = cpuSeconds()
                    let heard = try listen(stream.samples, wake: phrase)
                    let cpu = (cpuSeconds() - started) / stream.seconds
                    let hours = stream.otherSeconds / 3600
                    func kept(at threshold: Double) -> [Wake] { heard.filter { ($0.confidence ?? 1) >= threshold - 1e-9 } }
                    /// False wakes per hour and the percentage of keywords missed.
                    func outcome(at threshold: Double) -> (perHour: Double, missed: Double) {
                        let kept = kept(at: threshold)
                        let falseWakes = kept.filter { wake in !stream.keywords.contains { wake.overlaps($0) } }.count
                        return (Double(falseWakes) / hours, 100 * Double(clips.count - stream.detected(by: kept)) / Double(clips.count))
                    }
                    if options.flag("errors") {
                        // Where the detector went wrong at the threshold shown, to look at.
                        let kept = kept(at: shown)
                        for placed in stream.keywords where !kept.contains(where: { $0.overlaps(placed) }) {
                            report.lines.append(String(format: "  missed     %.2f–%.2f s", placed.start, placed.end))
                        }
                        for wake in kept where !stream.keywords.contains(where: { wake.overlaps($0) }) {
                            report.lines.append(String(format: "  false wake %.2f–%.2f s (%.2f)", wake.start, wake.end, wake.confidence ?? 1))
                        }
                    }
                    let rows = thresholds.map { threshold in
                        let result = outcome(at: threshold)
                        return (threshold: threshold, perHour: result.perHour, missed: result.missed)
                    }
                    // The check below reads the sweep, or the run at the default.
                    if runThreshold == nil || runThreshold == WakePhrase.defaultThreshold { table[condition.name] = rows }
                    let point = operatingPoint(rows, hours: hours)
                    let atShown = outcome(at: shown)
                    report.lines.append(String(format: "%-10@ %5.1f min %6.1f min  %4.1f %%  ", condition.name, stream.seconds / 60, stream.otherSeconds / 60, cpu * 100)
                                        + rows.filter { Int(($0.0 * 100).rounded()) % 10 == 0 || $0.0 == WakePhrase.defaultThreshold }
                                            .map { String(format: "%.2f: %.1f / %.1f", $0.0, $0.1, $0.2) }.joined(separator: "  "))
                    if let point {
                        report.lines.append(String(format: "           missed %.1f %% at ≤ 1 false wake per 10 hours (threshold %.2f, %.0f false wakes in %.2f h)",
                                                   point.missed, point.threshold, point.perHour * hours, hours))
                    } else {
                        report.lines.append(String(format: "           no threshold reaches ≤ 1 false wake per 10 hours in %.2f h", hours))
                    }
                    report.lines.append(String(format: "           at %@ %.2f: missed %.1f %%, %.1f false wakes per hour (%.0f in %.2f h)",
                                               runThreshold == nil ? "the default" : "the run's threshold", shown, atShown.missed, atShown.perHour,
                                               atShown.perHour * hours, hours))
                    if let runThreshold { realRuns.append((condition.name, runThreshold, atShown.perHour, atShown.missed, hours)) }
                    let key = "\(keyword)_\(condition.name.replacingOccurrences(of: " ", with: ""))"
                        + (runThresholds.count > 1 ? runThreshold.map { String(format: "_session_%.2f", $0) } ?? "" : "")
                    report.figures += [("\(key)_cpu_percent", .number((cpu * 1000).rounded() / 10)),
                                       ("\(key)_hours_without_keyword", .number((hours * 100).rounded() / 100))]
                    if let point { report.figures.append(("\(key)_missed_percent_at_1_per_10h", .number((point.missed * 10).rounded() / 10))) }
                    // Under --threshold the sweep below it is of a run that had dropped those places.
                    let suffix = runThreshold.map { String(format: "at_threshold_%.2f", $0) } ?? "default"
                    report.figures += [("\(key)_missed_percent_\(suffix)", .number((atShown.missed * 10).rounded() / 10)),
                                       ("\(key)_false_wakes_per_hour_\(suffix)", .number((atShown.perHour * 10).rounded() / 10))]
                    curves.append(RejectionPlot.Curve(name: "\(keyword), \(condition.name)" + (runThreshold.map { String(format: ", session at %.2f", $0) } ?? ""),
                                                      points: rows.map { (x: $0.1, y: $0.2, threshold: $0.0) }, dashed: condition.snr >= 40))
                }
            }
            // The sessions run at several thresholds: the lowest that keeps to
            // one false wake in ten hours, second looks included.
            for condition in conditions where runThresholds.count > 1 {
                let runs = realRuns.filter { $0.condition == condition.name }.sorted { $0.threshold < $1.threshold }
                if let best = runs.first(where: { $0.perHour * $0.hours <= max(0, ($0.hours / 10).rounded(.down)) }) {
                    report.lines.append(String(format: "%-10@ sessions: missed %.1f %% at ≤ 1 false wake per 10 hours (session at %.2f, %.2f h)",
                                               condition.name, best.missed, best.threshold, best.hours))
                } else {
                    report.lines.append(String(format: "%-10@ sessions: none of the thresholds run reaches ≤ 1 false wake per 10 hours", condition.name))
                }
            }
            // Verified: the detector hears most of the keyword when the noise is far down.
            if let clean = table["quiet"]?.first(where: { abs($0.threshold - WakePhrase.defaultThreshold) < 1e-9 }), clean.missed > 50 {
                report.failures.append("\"\(keyword)\": \(String(format: "%.0f", clean.missed)) % of the quiet recordings missed at the default threshold")
            }
            let synthetic = try syntheticVoices(keyword, noise: noise, options)
            report.lines.append("synthetic  " + synthetic.map { "\($0.voice) \($0.detected)/\($0.said)" }.joined(separator: ", ")
                                + " woke it at the default threshold")
            let latencies = synthetic.flatMap(\.latencies).sorted()
            if !latencies.isEmpty {
                let median = latencies[latencies.count / 2], worst = latencies[latencies.count - 1]
                let onTime = latencies.filter { $0 <= 0.3 }.count
                report.lines.append(String(format: "latency    wake event %.0f ms after the phrase's sound ended (median of %d; %d within 300 ms; worst %.0f ms), read at a microphone's pace",
                                           median * 1000, latencies.count, onTime, worst * 1000))
                report.figures += [("\(keyword)_wake_latency_median_ms", .number((median * 1000).rounded())),
                                   ("\(keyword)_wake_latency_worst_ms", .number((worst * 1000).rounded()))]
            }
            for voice in synthetic where voice.detected == 0 { report.failures.append("\"\(keyword)\" in \(voice.voice) never woke it") }
        }
        report.lines.append(String(format: "memory     peak RSS %.0f MB", peakMemoryMB()))
        if let plot = options.value("plot") {
            let svg = RejectionPlot.svg(curves, defaultThreshold: WakePhrase.defaultThreshold,
                                        subtitle: "real speakers in other speech; \(Int(minutes)) min streams; thresholds 0.00 to 1.00",
                                        labels: .wake)
            guard FileManager.default.createFile(atPath: plot, contents: Data(svg.utf8)) else { throw BenchError(message: "cannot write \(plot)") }
            report.lines.append("plot       \(plot)")
        }
        return report
    }

    /// The lowest threshold with at most one false wake per ten hours
    /// (none, in less than ten hours of stream).
    static func operatingPoint(_ rows: [(threshold: Double, perHour: Double, missed: Double)], hours: Double)
        -> (threshold: Double, perHour: Double, missed: Double)? {
        rows.first { $0.perHour * hours <= max(0, (hours / 10).rounded(.down)) }
    }

    /// The keyword in each synthetic voice, three speeds each, 2 s apart,
    /// the noise 40 dB down, at a microphone's pace: how many of them woke
    /// the session, and how long after the end of the phrase's sound (its
    /// last 10 ms above -40 dBFS) each wake event came, in seconds.
    static func syntheticVoices(_ keyword: String, noise: [Int16], _ options: BenchOptions) throws -> [(voice: String, said: Int, detected: Int, latencies: [Double])] {
        let voices: [(String, SpeechSynthesizer.Engine)] = [
            ("espeak en-us", .espeak(voice: "en-us")), ("espeak en-us+m3", .espeak(voice: "en-us+m3")),
            ("espeak en-us+f3", .espeak(voice: "en-us+f3")), ("espeak en-gb", .espeak(voice: "en-gb")),
            ("flite slt", .flite(voice: "slt")), ("flite rms", .flite(voice: "rms")), ("flite awb", .flite(voice: "awb")),
            ("flite kal", .flite(voice: "kal")),
        ]
        var phrase = try WakePhrase(keyword)
        phrase.network = try trainedNetwork(for: phrase, options)
        return try voices.map { name, voice in
            let spoken = try SpeechSynthesizer(voice).synthesize(keyword)
            let said = [0.9, 1.0, 1.1].map { resampled(spoken, rate: $0) }
            let stream = WakeStream.build(keywords: said, other: [], noise: noise, snr: 40, seconds: 0, seed: 3)
            let heard = try listen(stream.samples, wake: phrase, pacing: .realTime)
            let detected = stream.detected(by: heard)
            let latencies = heard.compactMap { wake -> Double? in
                guard let heardAt = wake.heardAt,
                      let index = stream.keywords.firstIndex(where: { wake.overlaps($0) }) else { return nil }
                return heardAt - (stream.keywords[index].start + soundLength(said[index]))
            }
            return (name, said.count, detected, latencies)
        }
    }

    /// The phrase's trained detector: from `--networks FOLDER` (files
    /// named as in the cache), else the cache; none with `--networks none`.
    static func trainedNetwork(for phrase: WakePhrase, _ options: BenchOptions) throws -> WakeNetwork? {
        guard SpeechEmbedding.unavailableReason == nil else { return nil }
        var environment = ProcessInfo.processInfo.environment
        if let folder = options.value("networks") {
            if folder == "none" { return nil }
            environment["VOICECMD_WAKE_CACHE"] = folder
        }
        return try WakeNetworkCache.network(for: phrase, environment: environment)
    }

    /// Seconds from the start of `samples` to the end of their last 10 ms
    /// frame above -40 dBFS: where a synthesised phrase's sound ends.
    static func soundLength(_ samples: [Int16]) -> Double {
        let frame = 160, loud = (32_768.0 * 0.01) * (32_768.0 * 0.01)
        let last = Array(stride(from: 0, to: samples.count - frame + 1, by: frame)).last { start in
            samples[start..<(start + frame)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame) > loud
        }
        return Double((last ?? 0) + frame) / 16_000
    }

    /// Faster (rate > 1) or slower speech, its pitch moving with it, as a
    /// tape played at another speed: linear interpolation.
    static func resampled(_ samples: [Int16], rate: Double) -> [Int16] {
        let count = Int(Double(samples.count) / rate)
        return (0..<count).map { index in
            let position = Double(index) * rate
            let low = min(samples.count - 1, Int(position)), high = min(samples.count - 1, low + 1)
            let fraction = position - Double(low)
            return Int16((Double(samples[low]) * (1 - fraction) + Double(samples[high]) * fraction).rounded())
        }
    }

    struct Wake {
        var start: Double
        var end: Double
        var confidence: Double?
        /// When the event came, in seconds of the stream since listening
        /// began, when the stream was read at a microphone's pace.
        var heardAt: Double?

        /// Whether this wake is a detection of the recording `placed`: the
        /// two overlap, give or take `slack` (the keyphrase search's start
        /// can lie in the silence before the word).
        func overlaps(_ placed: (start: Double, end: Double), slack: Double = 0.3) -> Bool {
            start <= placed.end + slack && end >= placed.start - slack
        }
    }

    /// The session with the wake phrase and a one-command model: what is
    /// measured is the wake phrase, and a small grammar keeps the decoding
    /// of what follows a (false) wake cheap.
    static func listen(_ samples: [Int16], wake: WakePhrase, pacing: ReaderAudioSource.Pacing = .asFastAsConsumed) throws -> [Wake] {
        let model = try ModelLoader.load(text: #"{"application": "Bench", "intents": {"LightOn": {"phrases": ["turn on the light"]}}}"#,
                                         name: "wake-bench.json")
        let speech = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        var settings = CommandSession.Settings()
        settings.wake = wake
        let heard = Mutex([Wake]())
        let began = Mutex<ContinuousClock.Instant?>(nil)
        let session = try CommandSession(engine: try CommandEngine(model: model), speech: speech, settings: settings) { event in
            if case .listening = event.kind { began.withLock { $0 = .now } }
            if case .wake(_, let confidence) = event.kind, let span = event.utterance {
                var wake = Wake(start: span.start, end: span.end, confidence: confidence)
                if pacing == .realTime, let began = began.withLock({ $0 }) {
                    let elapsed = (span.endpointed - began).components
                    wake.heardAt = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                }
                heard.withLock { $0.append(wake) }
            }
        }
        let source = ReaderAudioSource(name: "wake", pacing: pacing) { SampleBufferReader(samples: samples) }
        try ListeningRun(session, to: source).wait("listening to the wake stream")
        return heard.withLock { $0 }
    }

    /// User and system CPU seconds of this process so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// Keyword recordings spread through a stream of other speech over
/// constant room noise.
struct WakeStream {
    var samples: [Int16]
    /// Where each keyword recording went, in seconds.
    var keywords: [(start: Double, end: Double)]
    /// Seconds of the stream outside the keyword recordings.
    var otherSeconds: Double
    var seconds: Double { Double(samples.count) / 16_000 }

    /// How many keyword recordings one of `wakes` detected.
    func detected(by wakes: [WakeBenchmark.Wake]) -> Int {
        keywords.filter { placed in wakes.contains { $0.overlaps(placed) } }.count
    }

    /// Other recordings in a shuffled order (shuffled again each time
    /// they are all used, so a loop is a new mix) until `seconds`, the
    /// keywords spread evenly among them, pauses of 0.3–2.5 s and, every
    /// tenth pause, 15 s of noise alone. The noise starts at a place of its
    /// own and is scaled once: `snr` dB below the median loudest frame of
    /// the recordings.
    static func build(keywords: [[Int16]], other: [[Int16]], noise: [Int16], snr: Double, seconds: Double, seed: UInt64) -> WakeStream {
        var random = seed
        func next() -> Double {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Double(random >> 11) / Double(1 << 53)
        }
        // The other recordings, in order, enough to fill the stream.
        var order: [Int] = []
        var filled = 0.0
        while !other.isEmpty, filled < seconds {
            var round = Array(other.indices)
            for index in round.indices.reversed() { round.swapAt(index, Int(next() * Double(index + 1))) }
            for index in round where filled < seconds {
                order.append(index)
                filled += Double(other[index].count) / 16_000 + 1.4
            }
        }
        var speech: [Float] = []
        var placed: [(Double, Double)] = []
        var pauses = 0
        func pause() {
            var length = 0.3 + next() * 2.2
            pauses += 1
            if pauses % 10 == 0 { length += 15 }
            speech += [Float](repeating: 0, count: Int(length * 16_000))
        }
        var nextKeyword = 0
        for position in 0...order.count {
            // Keyword k goes after other recording (k + 1) * count / (keywords + 1).
            while nextKeyword < keywords.count, (nextKeyword + 1) * order.count / (keywords.count + 1) <= position {
                pause()
                placed.append((Double(speech.count) / 16_000, Double(speech.count + keywords[nextKeyword].count) / 16_000))
                speech += keywords[nextKeyword].map(Float.init)
                nextKeyword += 1
            }
            guard position < order.count else { break }
            pause()
            speech += other[order[position]].map(Float.init)
        }
        speech += [Float](repeating: 0, count: 3 * 16_000)
        let loudest = (keywords + other).map { NoiseMixer.loudestFrameEnergy($0[...]) }.sorted()
        let noiseEnergy = NoiseMixer.loudestFrameEnergy(noise[...])
        let gain = noiseEnergy > 0 ? (loudest[loudest.count / 2] / noiseEnergy / pow(10, snr / 10)).squareRoot() : 0
        let offset = Int(next() * Double(noise.count))
        let mixed = speech.enumerated().map { index, value in
            Int16(max(-32768, min(32767, (Double(value) + gain * Double(noise[(index + offset) % noise.count])).rounded())))
        }
        let keywordSeconds = placed.reduce(0) { $0 + $1.1 - $1.0 }
        return WakeStream(samples: mixed, keywords: placed, otherSeconds: Double(mixed.count) / 16_000 - keywordSeconds)
    }
}
