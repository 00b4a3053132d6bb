/// The one way audio becomes utterances, for every source and pacing: a
/// recording read whole (`CommandRecognizer.transcribe`), a file played
/// live or fast, standard input and a microphone (`CommandSession.listen`)
/// all go through it, so the same audio gives the same utterances.
///
/// In order: the noise suppressor (RNNoise, `DenoisingStage`), whose
/// output the endpointer hears through the opening, so its energy detector
/// settles at once on a fresh stream and noise never opens the first
/// utterance; the endpointer, whose energy detector cuts utterances and
/// whose voice gate (Silero) vetoes those without a voice; the denoising
/// decision (`DenoisingDecision`), made once per stream on its opening,
/// which says what each utterance is decoded from: the original audio, or
/// the denoised one with the original mixed back in to the decision's
/// attenuation limit. After the opening the endpointer hears that same
/// audio: RNNoise's output alone misled PocketSphinx's level detector on
/// some voices (espeak-ng's short answers after a first command went
/// unheard in quiet). What comes out is the audio to decode, with the
/// gate's verdicts. Without RNNoise (or with `--denoise off`) the
/// endpointer hears the audio as it is.
///
/// The opening is the stream up to the end of its first utterance (where
/// the trailing silence ended it), or
/// `longestOpening` seconds when none ends sooner: speech against the
/// background before it. The decision depends on samples, not on how the
/// audio arrived, and the endpointer is fed frame by frame until it is
/// made, so what it hears changes on the same sample: a recording cut into
/// chunks of any size gives the same utterances, sample for sample.
public final class UtteranceCutter {
    /// How audio becomes utterances: endpointing, the voice gate and denoising.
    public struct Settings: Sendable, Equatable {
        /// Where utterances start and end, and the voice gate.
        public var endpointing = Endpointer.Settings()
        /// Whether utterances are decoded denoised.
        public var denoising = DenoisingDecision()
        /// The longest opening the denoising decision waits for, in seconds.
        public var longestOpening: Double = 30

        /// The defaults.
        public init() {}
    }

    /// The settings it was made with.
    public let settings: Settings
    private let endpointer: Endpointer

    private enum Denoising {
        case undecided
        case off
        /// Denoised, the background lowered by at most this many dB.
        case on(attenuationLimit: Double)
    }

    private var denoising: Denoising
    /// Whether the endpointer hears the stream through the suppressor.
    private let suppresses: Bool
    /// The suppressor of the stretch being heard (a gap starts a new one).
    private var suppressor: DenoisingStage?
    private var received = 0

    /// The stream's original and denoised samples (in step with what the
    /// endpointer heard) from `historyStart`: the opening while undecided,
    /// then what an utterance still to come may reach back to.
    private var historyStart = 0
    private var original: [Int16] = []
    private var denoised: [Int16] = []
    /// RNNoise's voice probability per 10 ms frame, while the whole stream is kept.
    private var noiseVoice: [Float] = []
    /// What the endpointer heard since `takeHeard` last took it, when
    /// `keepsHeard`.
    private var heardSinceTaken: [Int16] = []
    /// The original audio in step with `heardSinceTaken`.
    private var originalSinceTaken: [Int16] = []
    /// Whether what the endpointer hears is kept for `takeHeard` (for a
    /// listener that hears the same stream, the wake spotter).
    public var keepsHeard = false
    /// Samples of stream kept whole (`recording`), nil when not kept.
    private let recordingLimit: Int?
    /// Whether the stream is still kept whole for `recording`.
    private(set) var keepsWhole: Bool

    /// `keepingRecordingUpTo`: seconds of stream kept whole (`recording`).
    public init(settings: Settings = Settings(), keepingRecordingUpTo limit: Double? = nil) throws(SpeechError) {
        if settings.denoising.mode == .on, let reason = NoiseSuppressor.unavailableReason {
            throw SpeechError("cannot denoise: \(reason)")
        }
        guard settings.longestOpening > 0 else {
            throw SpeechError("the opening that decides denoising must be longer than 0 s, not \(settings.longestOpening)")
        }
        self.settings = settings
        endpointer = try Endpointer(settings: settings.endpointing)
        suppresses = settings.denoising.needsOpening
        denoising = suppresses ? .undecided : .off
        recordingLimit = limit.map { Int($0 * Double(RecognizerAudio.sampleRate)) }
        keepsWhole = limit != nil
    }

    /// Which detector gates utterances: Silero, or the energy detector alone.
    public var gate: VoiceGate { endpointer.gate }

    /// Whether utterances are decoded denoised; nil until the opening has been heard.
    public var denoises: Bool? {
        switch denoising {
        case .undecided: nil
        case .off: false
        case .on: true
        }
    }

    /// Whether a recording is denoised when it is cut with `settings`:
    /// what its opening decides (for reports and tests).
    public static func denoises(_ samples: [Int16], settings: Settings) throws(SpeechError) -> Bool {
        let cutter = try UtteranceCutter(settings: settings)
        var offset = 0
        while cutter.denoises == nil, offset < samples.count {
            _ = try cutter.feed(Array(samples[offset..<min(samples.count, offset + AudioReaders.chunkFrames)]))
            offset += AudioReaders.chunkFrames
        }
        if cutter.denoises == nil { _ = try cutter.finish() }
        return cutter.denoises ?? false
    }

    /// Seconds of stream received so far.
    public var position: Double { Double(received) / Double(RecognizerAudio.sampleRate) }

    /// Whether an utterance is open (speech heard, its end not yet).
    public var isHearingSpeech: Bool { endpointer.isHearingSpeech }

    /// End (stream seconds) of the last utterance the voice gate vetoed, if any.
    public var lastVetoedEnd: Double? { endpointer.lastVetoedEnd }

    /// Feeds audio; returns the tentative and final ends found, in order.
    public func feed(_ samples: [Int16]) throws(SpeechError) -> [Endpointer.Endpoint] {
        received += samples.count
        if let recordingLimit, received > recordingLimit { keepsWhole = false }
        return try listen(to: try hear(samples))
    }

    /// Listening is about to stop: the utterance in progress ends at the
    /// first pause of `silence` seconds or `within` seconds of stream from
    /// now (`Endpointer.close(silence:within:)`).
    public func close(silence: Double, within: Double) {
        endpointer.close(silence: silence, within: within)
    }

    /// After `close`: nothing is open any more, or the deadline has passed
    /// (the caller then ends the stream with `finish`).
    public var isClosed: Bool { endpointer.isClosed }

    /// A gap in the stream (frames a full buffer dropped): what was heard
    /// before it is finished, an open utterance ends where the audio
    /// stopped, and the stream clock moves on.
    public func skip(_ frames: Int) throws(SpeechError) -> [SpeechSegment] {
        var ended = Self.finals(try flushSuppressor())
        decideOnWhatWasHeard()
        if let cut = endpointer.skip(frames) { ended.append(decodable(cut)) }
        moveOn(frames)
        return ended
    }

    /// A stretch not listened to (voicecmd itself speaking): what ended
    /// before it is returned as utterances, and the utterance it cut into
    /// as `cut` (to be reported as ignored, never decoded).
    public func discard(_ frames: Int) throws(SpeechError) -> (utterances: [SpeechSegment], cut: SpeechSegment?) {
        let ended = Self.finals(try flushSuppressor())
        decideOnWhatWasHeard()
        let cut = endpointer.discard(frames).map(decodable)
        moveOn(frames)
        return (ended, cut)
    }

    /// The end of the stream: the utterances still to come out, the one
    /// left open last.
    public func finish() throws(SpeechError) -> [SpeechSegment] {
        var ended = Self.finals(try flushSuppressor())
        decideOnWhatWasHeard()
        if let last = endpointer.finish() { ended.append(decodable(last)) }
        return ended
    }

    /// The audio as it is decoded, from the start, for a stream no longer
    /// than the limit given to `init` and without gaps: for a recording
    /// heard whole as well as in utterances. Nil otherwise, or before the
    /// decision.
    struct Recording {
        var samples: [Int16]
        /// RNNoise's voice probability per 10 ms frame, when it heard the stream.
        var noiseVoice: [Float]?
        /// The recording as it came, when `samples` are denoised.
        var originals: [Int16]?
    }


    var recording: Recording? {
        guard keepsWhole, historyStart == 0, denoises != nil else { return nil }
        return Recording(samples: decodedAudio(0..<original.count), noiseVoice: suppresses ? noiseVoice : nil,
                         originals: denoises == true ? original : nil)
    }

    // MARK: Hearing

    /// The audio the endpointer heard since the last call, in stream
    /// order (sample n of the stream is the n-th ever given, gaps aside):
    /// denoised while the opening is undecided, then as it is decoded;
    /// with the original audio in step.
    public func takeHeard() -> (heard: [Int16], original: [Int16]) {
        defer {
            heardSinceTaken = []
            originalSinceTaken = []
        }
        return (heardSinceTaken, originalSinceTaken)
    }

    /// Audio through the suppressor (when there is one): the original and
    /// the denoised samples, in step.
    private struct Heard {
        var originals: [Int16]
        var denoised: [Int16]?
    }

    /// `samples` through the suppressor, when the endpointer hears it,
    /// kept in the history beside the original.
    private func hear(_ samples: [Int16]) throws(SpeechError) -> Heard {
        guard suppresses else {
            remember(original: samples, denoised: nil, voice: [])
            return Heard(originals: samples, denoised: nil)
        }
        let output = try currentSuppressor().run(samples)
        remember(original: output.originals, denoised: output.samples, voice: output.voice)
        return Heard(originals: output.originals, denoised: output.samples)
    }

    /// The endpointer hears `heard`: denoised while the opening is
    /// undecided, then as it will be decoded. Frame by frame until the
    /// decision, so that the change falls on the same sample whatever the
    /// chunks.
    private func listen(to heard: Heard) throws(SpeechError) -> [Endpointer.Endpoint] {
        var endpoints: [Endpointer.Endpoint] = []
        var offset = 0
        while case .undecided = denoising, offset < heard.originals.count {
            let end = min(heard.originals.count, offset + VoiceActivityDetector.frameShift)
            let frame = Array((heard.denoised ?? heard.originals)[offset..<end])
            if keepsHeard {
                heardSinceTaken += frame
                originalSinceTaken += heard.originals[offset..<end]
            }
            endpoints += deliver(try endpointer.feedEndpoints(frame))
            offset = end
        }
        guard offset < heard.originals.count else { return endpoints }
        let decoded = asDecoded(Array(heard.originals[offset...]), denoised: heard.denoised.map { Array($0[offset...]) })
        if keepsHeard {
            heardSinceTaken += decoded
            originalSinceTaken += heard.originals[offset...]
        }
        return endpoints + deliver(try endpointer.feedEndpoints(decoded))
    }

    private func currentSuppressor() throws(SpeechError) -> DenoisingStage {
        if let suppressor { return suppressor }
        let made = try DenoisingStage()
        suppressor = made
        return made
    }

    /// The suppressor's last samples, before a gap or the end (as many
    /// samples have then come out as went in), heard by the endpointer.
    private func flushSuppressor() throws(SpeechError) -> [Endpointer.Endpoint] {
        guard let suppressor else { return [] }
        self.suppressor = nil
        let tail = try suppressor.finishing()
        remember(original: tail.originals, denoised: tail.samples, voice: tail.voice)
        return try listen(to: Heard(originals: tail.originals, denoised: tail.samples))
    }

    /// A gap of `frames`: the clock and the history move on (the gap is
    /// never part of an utterance), the stream is no longer kept whole.
    private func moveOn(_ frames: Int) {
        received += frames
        keepsWhole = false
        let silence = [Int16](repeating: 0, count: frames)
        remember(original: silence, denoised: suppresses ? silence : nil, voice: [])
        trimHistory()
    }

    private func remember(original more: [Int16], denoised heard: [Int16]?, voice: [Float]) {
        original += more
        if let heard { denoised += heard }
        if keepsWhole { noiseVoice += voice }
    }

    // MARK: Deciding

    /// Ends found, as the audio to decode; the first final end decides.
    /// A tentative end before it is dropped (the first utterance is then
    /// decoded once it has ended, not while its trailing silence runs):
    /// its audio would be the undecided one, and a short opening (to a
    /// pause inside the first command) judges worse.
    private func deliver(_ endpoints: [Endpointer.Endpoint]) -> [Endpointer.Endpoint] {
        var endpoints = endpoints
        if case .undecided = denoising {
            let rate = Double(RecognizerAudio.sampleRate)
            if let index = endpoints.firstIndex(where: { if case .final = $0 { true } else { false } }),
               case .final(let segment) = endpoints[index] {
                endpoints.removeFirst(index)
                // To where the endpointer ended it: the trailing silence
                // after it is background too.
                let trailing = max(0, settings.endpointing.trailingSilence - settings.endpointing.padding)
                decide(measuring: Int(((segment.end + trailing) * rate).rounded()))
            } else {
                endpoints = []
                if original.count >= Int(settings.longestOpening * rate) { decide(measuring: Int(settings.longestOpening * rate)) }
            }
        }
        defer { trimHistory() }
        return endpoints.map { endpoint in
            switch endpoint {
            case .tentative(let segment): .tentative(decodable(segment))
            case .final(let segment): .final(decodable(segment))
            }
        }
    }

    /// The stream ends, or has a gap, before its opening did: decided on all of it.
    private func decideOnWhatWasHeard() {
        guard case .undecided = denoising else { return }
        decide(measuring: original.count)
    }

    /// Decides on the first `count` samples of the stream (the history
    /// holds it all while undecided).
    private func decide(measuring count: Int) {
        denoising = settings.denoising.attenuationLimit(for: original[..<max(0, min(count, original.count))])
            .map { .on(attenuationLimit: $0) } ?? .off
    }

    /// `segment` as it is decoded: from the original audio, or the
    /// denoised one with the original mixed back in; as the endpointer
    /// heard it while undecided (never handed on then) or when its audio
    /// is no longer kept.
    private func decodable(_ segment: SpeechSegment) -> SpeechSegment {
        guard suppresses, denoises != nil else { return segment }
        let start = Int((segment.start * Double(RecognizerAudio.sampleRate)).rounded()) - historyStart
        guard start >= 0, start + segment.samples.count <= original.count else { return segment }
        var heard = segment
        heard.samples = decodedAudio(start..<(start + segment.samples.count))
        if denoises == true { heard.originalSamples = Array(original[start..<(start + segment.samples.count)]) }
        return heard
    }

    /// The history's `range` as it is decoded.
    private func decodedAudio(_ range: Range<Int>) -> [Int16] {
        asDecoded(Array(original[range]), denoised: suppresses && denoised.count >= range.upperBound ? Array(denoised[range]) : nil)
    }

    /// Audio as it is decoded, from the original and (when there is one)
    /// the denoised stretch in step with it: the original, or the denoised
    /// one with the original mixed back in to the decision's limit.
    private func asDecoded(_ original: [Int16], denoised: [Int16]?) -> [Int16] {
        guard case .on(let limit) = denoising, let denoised else { return original }
        return DenoisingStage.mix(denoised, original, keep: DenoisingStage.originalShare(attenuationLimit: limit))
    }

    /// After the decision, only what an utterance still to come may reach
    /// back to is kept: its longest length, the trailing silence that ends
    /// it, and the pre-roll before it (the first one's longer).
    private func trimHistory() {
        guard !keepsWhole, denoises != nil else { return }
        let endpointing = settings.endpointing
        let keep = Int((endpointing.maximumLength + endpointing.trailingSilence + endpointing.padding + endpointing.minimumSpeech
                        + Endpointer.settlingPreRoll + 1) * Double(RecognizerAudio.sampleRate))
        let excess = original.count - keep
        // A quarter over, so that trimming costs little.
        guard excess > keep / 4 else { return }
        original.removeFirst(excess)
        if suppresses { denoised.removeFirst(min(excess, denoised.count)) }
        noiseVoice = []
        historyStart += excess
    }

    private static func finals(_ endpoints: [Endpointer.Endpoint]) -> [SpeechSegment] {
        endpoints.compactMap { if case .final(let segment) = $0 { segment } else { nil } }
    }
}
