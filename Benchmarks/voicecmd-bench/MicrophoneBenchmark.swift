import Foundation
import Synchronization
import VoiceCommands

/// The voice session at a microphone: a recording of five commands over
/// kitchen noise, looped for --minutes, played into a PulseAudio sink at
/// real time while the session records from the sink's monitor (run under
/// Benchmarks/virtual-microphone.sh). Reports, per reply, the time from the
/// end of speech to the reply beyond the trailing silence; dropped frames;
/// peak memory after the first minute and at the end. Verifies that the
/// commands were understood.
///
/// The end of speech is the end of the utterance as the endpointer cut it,
/// less its padding, placed in wall time by the capture time of the audio
/// that held it: so the figure includes the device's buffering (audio
/// arrives in tenths of a second), the endpointer, recognition and the turn.
enum MicrophoneBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let clip = try options.required("clip")
        let expected = try options.integer("commands", default: 5)
        let minutes = try options.integer("minutes", default: 60)
        let sink = options.value("sink") ?? "virtspk"
        let device = options.value("device") ?? sink + ".monitor"
        let (samples, loops) = try ListenBenchmark.loopedClip(clip, minutes: minutes)
        let model = try ListenBenchmark.defaultModel()
        var speech = try ListenBenchmark.defaultSpeechOptions()
        if let denoise = options.value("denoise").flatMap(DenoiseMode.init(rawValue:)) { speech.utterances.denoising.mode = denoise }
        let settings = CommandSession.Settings()

        let collector = Collector()
        let session = try CommandSession(engine: try CommandEngine(model: model), speech: speech, settings: settings) { collector.record($0) }
        let capture = CaptureClock(try ReaderAudioSource.microphone(device: device))
        let playback = try PulseAudioPlayback(device: sink)
        let listening = ListeningRun(session, to: capture)
        // The player: the loops piece by piece (written as fast as the sink
        // plays), then the clip's quiet start again so the last command ends.
        let started = ContinuousClock.now
        // Memory a minute in, by the clock: the audio plays at real time, and
        // a run without replies (noise, failures) must still be measured.
        let firstMinute = MemoryAfter(seconds: 60)
        do {
            for _ in 0..<loops {
                var offset = 0
                while offset < samples.count {
                    let end = min(samples.count, offset + 1_600)
                    try playback.write(Array(samples[offset..<end]))
                    offset = end
                }
            }
            try playback.play(Array(samples.prefix(32_000)))
        } catch {
            throw BenchError(message: "playing into \(sink): \(error)")
        }
        Thread.sleep(forTimeInterval: 2)
        session.stop()
        try listening.wait("listening at \(device)")
        let playedSeconds = ListenBenchmark.seconds(ContinuousClock.now - started)
        var run = collector.snapshot
        run.residentAfterMinute = firstMinute.value ?? peakMemoryMB()

        let padding = speech.utterances.endpointing.padding, trailing = speech.utterances.endpointing.trailingSilence
        var latencies: [Double] = []
        for reply in run.replies {
            guard let spoken = capture.wallTime(ofStreamTime: reply.span.end - padding) else { continue }
            latencies.append(ListenBenchmark.seconds(reply.at - spoken) - trailing)
        }
        latencies.sort()
        let median = ListenBenchmark.percentile(latencies, 0.5), p90 = ListenBenchmark.percentile(latencies, 0.9)
        let audioSeconds = Double(samples.count * loops) / 16_000
        let endMemory = peakMemoryMB()
        var report = BenchReport(name: "microphone")
        report.lines = [
            String(format: "stream     %@ looped %d times (%.1f min) played into %@ and recorded from %@ in %.1f min",
                   clip, loops, audioSeconds / 60, sink, device, playedSeconds / 60),
            "commands   \(run.succeeded)/\(expected * loops) carried out (success replies), \(run.replies.count) replies and questions",
            String(format: "latency    end of speech to reply, beyond the %.1f s trailing silence: median %.1f ms, p90 %.1f ms, max %.1f ms",
                   trailing, median * 1000, p90 * 1000, (latencies.last ?? 0) * 1000),
            "dropped    \(run.dropped) frames",
            String(format: "memory     peak %.1f MB after 1 min, %.1f MB after %.0f min (%+.1f %%)", run.residentAfterMinute, endMemory,
                   audioSeconds / 60, (endMemory / max(run.residentAfterMinute, 1) - 1) * 100),
        ]
        report.figures = [
            ("audio_s", .number(audioSeconds.rounded())), ("succeeded", .integer(run.succeeded)), ("expected", .integer(expected * loops)),
            ("latency_median_ms", .number((median * 10_000).rounded() / 10)), ("latency_p90_ms", .number((p90 * 10_000).rounded() / 10)),
            ("dropped", .integer(run.dropped)),
            ("rss_1min_mb", .number((run.residentAfterMinute * 10).rounded() / 10)), ("rss_end_mb", .number((endMemory * 10).rounded() / 10)),
        ]
        // A doubtful command is asked about ("Did you mean latte?") and the
        // next command cancels it: nearly all, not all, succeed.
        if run.succeeded * 10 < expected * loops * 9 { report.failures.append("carried out only \(run.succeeded) commands of \(expected * loops)") }
        // More than was said is something nobody said acted on (or one command twice).
        if run.succeeded > expected * loops {
            report.failures.append("carried out \(run.succeeded) commands, more than the \(expected * loops) said")
        }
        if run.dropped > 0 { report.failures.append("\(run.dropped) frames dropped") }
        if median >= 0.1 { report.failures.append(String(format: "median latency %.1f ms is over 100 ms", median * 1000)) }
        if audioSeconds >= 120, endMemory > run.residentAfterMinute * 1.1 {
            report.failures.append(String(format: "peak memory grew from %.1f to %.1f MB", run.residentAfterMinute, endMemory))
        }
        return report
    }

    struct Run {
        var replies: [(span: SpeechSpan, at: ContinuousClock.Instant)] = []
        var succeeded = 0
        var dropped = 0
        var residentAfterMinute = 0.0
    }

    /// @unchecked Sendable: `run` is guarded by `lock`.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var run = Run()
        var snapshot: Run { lock.withLock { run } }
        func record(_ event: SessionEvent) {
            let now = ContinuousClock.now
            lock.withLock {
                switch event.kind {
                case .conversation(.reply(let reply)) where reply.code == .success:
                    run.succeeded += 1
                    fallthrough
                case .conversation(.reply), .conversation(.prompt):
                    if let span = event.utterance {
                        run.replies.append((span, now))
                    }
                case .dropped(let frames): run.dropped += frames
                default: break
                }
            }
        }
    }
}

/// The process's peak memory `seconds` from now, read by a thread of its own.
/// @unchecked Sendable: `reading` is guarded by `lock`.
final class MemoryAfter: @unchecked Sendable {
    private let lock = NSLock()
    private var reading: Double?
    init(seconds: Double) {
        Thread.detachNewThread { [self] in
            Thread.sleep(forTimeInterval: seconds)
            let peak = peakMemoryMB()
            lock.withLock { reading = peak }
        }
    }
    /// Nil until the time has come.
    var value: Double? { lock.withLock { reading } }
}

/// A source that remembers when each piece of its audio arrived, so a time
/// in the stream can be placed in wall time.
final class CaptureClock: AudioSource {
    let source: any AudioSource
    private let arrivals = Mutex<(position: Int, pieces: [(endSample: Int, at: ContinuousClock.Instant)])>((0, []))

    init(_ source: any AudioSource) { self.source = source }

    var name: String { source.name }

    func buffers() -> AsyncThrowingStream<AudioBuffer, any Error> {
        arrivals.withLock { $0 = (0, []) }
        return source.buffers().mapped { [self] buffer in
            arrivals.withLock { arrivals in
                arrivals.position += buffer.droppedBefore + buffer.samples.count
                arrivals.pieces.append((arrivals.position, buffer.capturedAt))
            }
            return buffer
        }
    }

    /// When the audio at `seconds` into the stream was captured: the arrival
    /// of the piece that held it, less the audio after it in that piece.
    func wallTime(ofStreamTime seconds: Double) -> ContinuousClock.Instant? {
        let sample = Int(seconds * 16_000)
        return arrivals.withLock { arrivals in
            let pieces = arrivals.pieces
            // Binary search: the first piece that ends after the sample.
            var low = 0, high = pieces.count
            while low < high {
                let middle = (low + high) / 2
                if pieces[middle].endSample <= sample { low = middle + 1 } else { high = middle }
            }
            guard low < pieces.count else { return nil }
            let after = pieces[low].endSample - sample
            return pieces[low].at - .microseconds(Int64(after) * 1_000_000 / 16_000)
        }
    }
}
