import Synchronization

/// A source whose audio goes through RNNoise (`DenoisingStage`) before the
/// endpointer hears it: one suppressor for the stream, so what it learns of
/// the noise carries from buffer to buffer, and the end of the stream
/// flushes the rest. Buffers keep their capture times, muting and drop
/// counts.
///
/// Endpointing always hears the denoised stream (noise between commands
/// then never becomes an utterance), but in `auto` mode each utterance is
/// decoded from the original audio when its speech stands well clear of
/// the background (`hear`): denoising clean speech gains nothing,
/// and it costs the language model words. The original audio of the last
/// minute is kept for that, in step with the denoised stream.
public final class DenoisedAudioSource: AudioSource {
    public let source: any AudioSource
    public let mode: DenoiseMode
    /// In `auto` mode, utterances within this many dB of their background are decoded denoised.
    public let denoiseBelow: Double
    /// ... with their background lowered to this many dB under the speech, no further.
    public let denoiseTarget: Double
    private let history = Mutex(StreamHistory())

    /// Fails when RNNoise is unavailable.
    public init(_ source: any AudioSource, mode: DenoiseMode = .on, denoiseBelow: Double = 45, denoiseTarget: Double = 60) throws(SpeechError) {
        if let reason = NoiseSuppressor.unavailableReason { throw SpeechError("cannot denoise: \(reason)") }
        self.source = source
        self.mode = mode
        self.denoiseBelow = denoiseBelow
        self.denoiseTarget = denoiseTarget
    }

    public var name: String { source.name }

    /// Pulled buffer by buffer, as the source itself is: a consumer that
    /// waits holds the reading back (and a live source drops, counted), so
    /// the history stays in step with the turns.
    public func buffers() -> AsyncThrowingStream<AudioBuffer, any Error> {
        history.withLock { $0 = StreamHistory() }
        let pass = DenoisingPass(source.buffers().makeAsyncIterator())
        return AsyncThrowingStream(unfolding: { [self] in
            try await pass.next { original, voice, dropped in self.history.withLock { $0.append(original, voice: voice, after: dropped) } }
        })
    }

    /// Seconds of stream before an utterance that its background is measured over.
    static let backgroundSeconds = 5.0

    /// What to decode of `segment` (an utterance of the denoised stream),
    /// measured once: nil when it is noise, else the audio to decode.
    ///
    /// - In `auto` mode an utterance whose speech stands `denoiseBelow` dB
    ///   or more above the background of it and the 5 s before is decoded
    ///   from the original audio, and is speech by the endpointer's own
    ///   count (as without denoising; a short clean "no" included).
    /// - Otherwise it is noise when RNNoise heard a voice (a probability of
    ///   a half or more) in less than `minimumVoice` seconds of it: the
    ///   energy detector takes a loud clatter for speech, and the grammar
    ///   then finds a command in it; the suppressor's network was trained
    ///   to tell voices from noise. Speech is decoded denoised, with the
    ///   original mixed back in so that the background is lowered only to
    ///   `denoiseTarget` dB under the speech, as recordings are
    ///   (`DenoisingStage.attenuationLimit`).
    /// - When the original is no longer kept, the denoised audio as it is.
    public func hear(_ segment: SpeechSegment, minimumVoice: Double) -> SpeechSegment? {
        let rate = RecognizerAudio.sampleRate
        let start = Int((segment.start * Double(rate)).rounded())
        let before = Int(Self.backgroundSeconds * Double(rate))
        return history.withLock { history -> SpeechSegment? in
            let original = history.samples(from: start, count: segment.samples.count)
            let estimate = original.flatMap { original in
                let around = history.samples(from: max(history.startIndex, start - before), upTo: start + segment.samples.count) ?? original
                return SignalToNoiseEstimate.decibels(speech: original[...], background: around[...])
            }
            if mode == .auto, let original, let estimate, estimate >= denoiseBelow {
                var heard = segment
                heard.samples = original
                return heard
            }
            let frame = StreamHistory.frameLength
            if let voice = history.voiceProbabilities(from: start / frame, count: segment.samples.count / frame),
               DenoisingStage.voicedSeconds(voice) < minimumVoice {
                return nil
            }
            guard let original, let estimate else { return segment }
            let limit = DenoisingStage.attenuationLimit(signalToNoise: estimate, quiet: denoiseTarget)
            var heard = segment
            heard.samples = DenoisingStage.mix(segment.samples, original, keep: DenoisingStage.originalShare(attenuationLimit: limit))
            return heard
        }
    }
}

/// One stream's way through the suppressor, pulled a buffer at a time.
/// @unchecked Sendable: an unfolding stream calls `next` once at a time,
/// so the iterator and the stage are never used by two tasks at once.
private final class DenoisingPass: @unchecked Sendable {
    private var upstream: AsyncThrowingStream<AudioBuffer, any Error>.AsyncIterator
    private var stage: DenoisingStage?
    private var last: AudioBuffer?
    private var finished = false

    init(_ upstream: AsyncThrowingStream<AudioBuffer, any Error>.AsyncIterator) { self.upstream = upstream }

    /// The next denoised buffer (the flushed tail after the source's last),
    /// nil at the end; `record` gets the original samples in step with it,
    /// their voice probabilities and the drop before them.
    func next(record: ([Int16], [Float], Int) -> Void) async throws -> AudioBuffer? {
        guard !finished else { return nil }
        let stage = try self.stage ?? DenoisingStage()
        self.stage = stage
        guard let buffer = try await upstream.next() else {
            finished = true
            guard var tail = last else { return nil }
            let output = try stage.finishing()
            record(output.originals, output.voice, 0)
            tail.samples = output.samples
            tail.droppedBefore = 0
            return tail
        }
        let output = try stage.run(buffer.samples)
        record(output.originals, output.voice, buffer.droppedBefore)
        var denoised = buffer
        denoised.samples = output.samples
        last = buffer
        return denoised
    }
}

/// The original samples of the last minute of a stream, by their index in
/// the stream (drops included, as the endpointer counts them).
struct StreamHistory {
    private(set) var startIndex = 0
    private var samples: [Int16] = []
    /// RNNoise's voice probability per 10 ms frame, from frame `frameStart`.
    private var voice: [Float] = []
    private var frameStart = 0
    static let limit = 60 * RecognizerAudio.sampleRate
    static let frameLength = RecognizerAudio.sampleRate / 100

    mutating func append(_ more: [Int16], voice probabilities: [Float], after dropped: Int) {
        // A drop longer than the history leaves nothing of it worth keeping.
        if dropped >= Self.limit {
            startIndex += samples.count + dropped
            frameStart = startIndex / Self.frameLength
            samples = []
            voice = []
        } else if dropped > 0 {
            samples += [Int16](repeating: 0, count: dropped)
            // Frames lost to the drop heard no voice; the frames after it
            // keep their place in the stream.
            let framesSoFar = (startIndex + samples.count) / Self.frameLength
            if framesSoFar > frameStart + voice.count { voice += [Float](repeating: 0, count: framesSoFar - frameStart - voice.count) }
        }
        samples += more
        voice += probabilities
        if samples.count > Self.limit + Self.limit / 4 {
            let excess = samples.count - Self.limit
            samples.removeFirst(excess)
            startIndex += excess
            let framesExcess = min(voice.count, startIndex / Self.frameLength - frameStart)
            if framesExcess > 0 {
                voice.removeFirst(framesExcess)
                frameStart += framesExcess
            }
        }
    }

    func voiceProbabilities(from frame: Int, count: Int) -> ArraySlice<Float>? {
        guard frame >= frameStart, frame - frameStart <= voice.count else { return nil }
        let start = frame - frameStart
        return voice[start..<min(voice.count, start + count)]
    }

    func samples(from index: Int, count: Int) -> [Int16]? {
        samples(from: index, upTo: index + count)
    }

    func samples(from index: Int, upTo end: Int) -> [Int16]? {
        guard index >= startIndex, end <= startIndex + samples.count, index <= end else { return nil }
        return Array(samples[(index - startIndex)..<(end - startIndex)])
    }
}

extension DenoiseMode {
    /// `source` as a stream is heard in this mode: nil for `off`, and for
    /// `auto` when RNNoise is unavailable.
    public func stream(_ source: any AudioSource, denoiseBelow: Double, target: Double = 60) throws(SpeechError) -> DenoisedAudioSource? {
        switch self {
        case .off: return nil
        case .on: return try DenoisedAudioSource(source, mode: .on, denoiseBelow: denoiseBelow, denoiseTarget: target)
        case .auto:
            guard NoiseSuppressor.unavailableReason == nil else { return nil }
            return try DenoisedAudioSource(source, mode: .auto, denoiseBelow: denoiseBelow, denoiseTarget: target)
        }
    }
}
