import Foundation
import Synchronization
import VoiceCommands

/// The wake phrase "hey computer" through the session, at several
/// keyphrase thresholds:
/// - false accepts per hour: --minutes of kitchen noise with every
///   recording of ../shared/corpora (coffee orders, one-word commands,
///   other engines' test commands and wake words) spoken into it, a few
///   seconds apart, with stretches of noise alone; none says the phrase;
/// - misses: 50 wake phrases (five flite voices, each at ten speaking
///   rates from 0.88 to 1.12) in the same noise, 3 s apart.
/// Noise is constant, as in a room, at --snr dB (default 12) below the
/// median loudest frame of the speech. Audio is decoded as fast as it can be.
/// Also the phrases with the noise 60 dB down. Verifies that at the default
/// threshold at least 60 % of those wake it.
enum WakeBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let corpora = try options.required("corpora")
        let minutes = try options.integer("minutes", default: 60)
        let snr = options.value("snr").flatMap(Double.init) ?? 12
        // Threshold, or threshold:phone-loop probability.
        let settings = (options.value("thresholds") ?? "1e-20,1e-30,1e-40").split(separator: ",").compactMap { item -> (Double, Double?)? in
            let parts = item.split(separator: ":").compactMap { Double($0) }
            return parts.isEmpty ? nil : (parts[0], parts.count > 1 ? parts[1] : nil)
        }
        guard !settings.isEmpty else { throw BenchError(message: "--thresholds needs numbers like 1e-20,1e-30:1e-10", isUsage: true) }

        var noiseReader = try AudioReaders.open(path: (corpora as NSString).appendingPathComponent("noise/kitchen.wav"))
        let noise = try AudioReaders.readAll(&noiseReader)
        var clips: [[Int16]] = []
        for set in ["barista-dev", "speech-commands", "misc-commands"] {
            for entry in try CorpusManifest(directory: (corpora as NSString).appendingPathComponent(set)).entries {
                var reader = try AudioReaders.open(path: entry.path)
                clips.append(try AudioReaders.readAll(&reader))
            }
        }
        if options.flag("positives-only") { clips = [clips[0]] }
        let negative = Timeline.build(clips, noise: noise, snr: snr, seconds: Double(minutes) * 60, gap: 1.5...6, seed: 7)
        let phrases = try wakePhrases()
        let positive = Timeline.build(phrases, noise: noise, snr: snr, seconds: 0, gap: 3...3, seed: 11, noiseOnlyEvery: 0)
        // The same phrases with the noise 60 dB down: what the detector does at its best.
        let clean = Timeline.build(phrases, noise: noise, snr: 60, seconds: 0, gap: 3...3, seed: 11, noiseOnlyEvery: 0)

        var report = BenchReport(name: "wake")
        report.lines = [
            String(format: "negatives  %.1f min: %d recordings of ../shared/corpora (%.1f min of speech) over kitchen noise at %.0f dB",
                   negative.seconds / 60, negative.placed.count, negative.speechSeconds / 60, snr),
            String(format: "positives  %d × \"hey computer\" (flite kal, kal16, awb, rms, slt at 10 rates) over the same noise at %.0f dB, %.1f min",
                   phrases.count, snr, positive.seconds / 60),
            "threshold  phone loop  false accepts per hour (commands run after them)   misses of \(phrases.count) in noise, quiet",
        ]
        for (threshold, loop) in settings {
            var wakePhrase = try WakePhrase("hey computer", threshold: threshold)
            if let loop { wakePhrase.phoneLoopProbability = loop }
            let falseWakes = options.flag("positives-only") ? Heard() : try listen(negative.samples, wake: wakePhrase)
            let heard = try listen(positive.samples, wake: wakePhrase)
            func detections(_ timeline: Timeline, _ heard: Heard) -> Int {
                timeline.placed.filter { placed in heard.wakes.contains { $0 >= placed.start - 0.5 && $0 <= placed.end + 0.5 } }.count
            }
            let detected = detections(positive, heard)
            let detectedQuiet = detections(clean, try listen(clean.samples, wake: wakePhrase))
            let perHour = Double(falseWakes.wakes.count) / (negative.seconds / 3600)
            report.lines.append(String(format: "%-10@ %-10@ %6.1f (%d)%@ %d, %d", String(format: "%g", threshold),
                                       String(format: "%g", wakePhrase.phoneLoopProbability), perHour, falseWakes.commands,
                                       String(repeating: " ", count: 38), phrases.count - detected, phrases.count - detectedQuiet))
            let key = String(format: "%g_%g", threshold, wakePhrase.phoneLoopProbability)
            report.figures += [("false_accepts_per_hour_\(key)", .number((perHour * 10).rounded() / 10)),
                               ("misses_\(key)", .integer(phrases.count - detected)),
                               ("misses_quiet_\(key)", .integer(phrases.count - detectedQuiet))]
            // Verified: the pipeline hears the phrase when it is clear (the
            // 8 kHz kal voice and the farthest rates are misses even then).
            if threshold == WakePhrase.defaultThreshold, loop == nil, detectedQuiet * 10 < phrases.count * 6 {
                report.failures.append("at the default threshold only \(detectedQuiet) of \(phrases.count) quiet wake phrases were heard")
            }
        }
        return report
    }

    /// "hey computer" in five flite voices, each at ten speaking rates.
    static func wakePhrases() throws -> [[Int16]] {
        var phrases: [[Int16]] = []
        for voice in ["kal", "kal16", "awb", "rms", "slt"] {
            let spoken = try SpeechSynthesizer(.flite(voice: voice)).synthesize("hey computer")
            for step in 0..<10 { phrases.append(resampled(spoken, rate: 0.88 + Double(step) * 0.24 / 9)) }
        }
        return phrases
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

    struct Heard {
        var wakes: [Double] = []
        var commands = 0
    }

    /// The session with a wake phrase and a one-command model: what is
    /// measured is the wake phrase, and a small grammar keeps the decoding
    /// of what follows a (false) wake cheap.
    static func listen(_ samples: [Int16], wake: WakePhrase) throws -> Heard {
        let model = try ModelLoader.load(text: #"{"application": "Bench", "intents": {"LightOn": {"phrases": ["turn on the light"]}}}"#,
                                         name: "wake-bench.json")
        let speech = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        var settings = CommandSession.Settings()
        settings.wake = wake
        let heard = Mutex(Heard())
        let session = try CommandSession(engine: CommandEngine(model: model), speech: speech, settings: settings) { event in
            switch event.kind {
            case .wake: heard.withLock { $0.wakes.append(event.utterance?.start ?? 0) }
            case .conversation(.intent): heard.withLock { $0.commands += 1 }
            default: break
            }
        }
        let source = ReaderAudioSource(name: "wake", pacing: .asFastAsConsumed) { SampleBufferReader(samples: samples) }
        try ListeningRun(session, to: source).wait("listening to the wake stream")
        return heard.withLock { $0 }
    }
}

/// Recordings laid out over constant room noise, a few seconds apart.
struct Timeline {
    var samples: [Int16]
    /// Where each recording went, in seconds.
    var placed: [(start: Double, end: Double)]
    var speechSeconds: Double
    var seconds: Double { Double(samples.count) / 16_000 }

    /// Recordings in turn (again from the first when `seconds` asks for
    /// more), gaps drawn from `gap`, and every `noiseOnlyEvery`-th gap half
    /// a minute of noise alone. The noise is scaled once: `snr` dB below
    /// the median loudest frame of the recordings.
    static func build(_ clips: [[Int16]], noise: [Int16], snr: Double, seconds: Double, gap: ClosedRange<Double>, seed: UInt64,
                      noiseOnlyEvery: Int = 8) -> Timeline {
        var random = seed
        func next() -> Double {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Double(random >> 11) / Double(1 << 53)
        }
        var speech: [Float] = []
        var placed: [(Double, Double)] = []
        var speechSamples = 0
        var index = 0
        while index < clips.count || Double(speech.count) < seconds * 16_000 {
            let clip = clips[index % clips.count]
            var pause = gap.lowerBound + next() * (gap.upperBound - gap.lowerBound)
            if noiseOnlyEvery > 0, index % noiseOnlyEvery == noiseOnlyEvery - 1 { pause += 30 }
            speech += [Float](repeating: 0, count: Int(pause * 16_000))
            placed.append((Double(speech.count) / 16_000, Double(speech.count + clip.count) / 16_000))
            speech += clip.map(Float.init)
            speechSamples += clip.count
            index += 1
        }
        speech += [Float](repeating: 0, count: 3 * 16_000)
        let loudest = clips.map { NoiseMixer.loudestFrameEnergy($0[...]) }.sorted()
        let noiseEnergy = NoiseMixer.loudestFrameEnergy(noise[...])
        let gain = noiseEnergy > 0 ? (loudest[loudest.count / 2] / noiseEnergy / pow(10, snr / 10)).squareRoot() : 0
        let mixed = speech.enumerated().map { offset, value in
            Int16(max(-32768, min(32767, (Double(value) + gain * Double(noise[offset % noise.count])).rounded())))
        }
        return Timeline(samples: mixed, placed: placed, speechSeconds: Double(speechSamples) / 16_000)
    }
}
