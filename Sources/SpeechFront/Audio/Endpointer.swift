/// Finds where utterances start and end in a stream of 16 kHz audio, holding
/// only the open utterance and a short pre-roll, so hours stream through.
///
/// Speech frames come from PocketSphinx's energy detector, which keeps a
/// running estimate of the background noise and so adapts to a quiet room
/// or a noisy kitchen alike, but hears any loud sound as speech. Silero's
/// voice-activity network, when it is installed, listens alongside as the
/// gate: an utterance in which it hears less than `minimumVoice` seconds of
/// a voice is noise, and is never handed on (so never decoded). The cuts
/// stay the energy detector's, whose utterances the confidence measures
/// were made on. An utterance ends after
/// `trailingSilence` seconds without speech, or when it reaches
/// `maximumLength`.
public final class Endpointer {
    /// How utterances are found: the silences and lengths that cut them, the
    /// speech detector's threshold and the voice gate.
    public struct Settings: Sendable, Equatable {
        /// Silence that ends an utterance, in seconds: the same for
        /// recordings (`transcribe`) and live streams (`listen`), which share
        /// one utterance path. People pause inside a command, and too short
        /// a silence cuts one in two; too long a one is waited out after
        /// every command said live (the listen latency is this, less the
        /// padding, plus decoding). 0.8 s: live, a command cut at a pause
        /// is still heard whole when its rest answers the question the
        /// first part asks ("set a timer" … "For how long?" … "ten
        /// minutes"), and a recording up to 30 s is also heard whole
        /// (`CommandRecognizer.transcribe`), so what 0.8 s cuts apart there
        /// is put back; the 1.5 s that recordings used to have only made
        /// every live command wait longer. `listen --trailing-silence` sets it.
        public var trailingSilence: Double = 0.8
        /// The longest utterance, in seconds; a longer one is cut there. No
        /// command takes this long; a recording of longer speech is heard
        /// whole up to 30 s anyway.
        public var maximumLength: Double = 15
        /// Audio kept before the first speech frame and after the last, in
        /// seconds: recordings' 0.3 s, on which the confidence was measured
        /// (live streams kept 0.25 s).
        public var padding: Double = 0.3
        /// Speech needed to open an utterance, in seconds: a click is shorter.
        public var minimumSpeech: Double = 0.1
        /// Speech an utterance must hold in all to count, in seconds: a
        /// clink of dishes measured 0.15–0.2 s of "speech", a short "no" 0.4 s.
        public var minimumUtteranceSpeech: Double = 0.3
        /// How far above the noise estimate (a log ratio) a frame counts as
        /// speech, for the energy detector.
        public var threshold: Double = 2.0
        /// Which detector vetoes utterances without a voice.
        public var gate: VoiceGate = .auto
        /// Voice an utterance must hold by the gate's count, in seconds
        /// (Silero's speech state, which turns on after 0.16 s of voice:
        /// one short word holds 0.2 s or more).
        public var minimumVoice: Double = 0.1

        /// The defaults.
        public init() {}
    }

    /// The settings it was made with.
    public let settings: Settings
    private let detector: VoiceActivityDetector
    /// Silero's network, when it gates utterances.
    private let voiceGate: SileroSpeechDetector?
    /// Frames of the open utterance the gate heard as voice.
    private var voicedFrames = 0
    /// The gate's verdict for each frame of the pre-roll and of the open utterance.
    private var preRollVoice: [Bool] = []
    private var currentVoice: [Bool] = []
    private var pending: [Int16] = []
    /// Recent audio while no utterance is open: padding plus the speech
    /// that the detector needed before it turned to speech.
    private var preRoll: [Int16] = []
    private var current: [Int16] = []
    private var currentStart = 0
    private var inUtterance = false
    private var silentFrames = 0
    private var speechFrames = 0
    private var samplesSeen = 0
    /// The detector's noise estimate starts from the first frame, which is
    /// too low, so its first verdicts say speech whatever the audio: it is
    /// settled once it reports a silent frame after the frames it needs to
    /// turn to speech at all.
    private var detectorSettled = false
    private var hasOpened = false
    /// Extra audio kept before the first utterance of a stream, in seconds.
    static let settlingPreRoll = 0.75
    private var framesSeen = 0
    /// Set by `close(silence:within:)`: the open utterance ends at a
    /// pause this long (seconds), or at `closingDeadline` (stream seconds).
    private var closingSilence: Double?
    private var closingDeadline: Double?

    /// Throws when `settings` are out of range, or a detector cannot be set up
    /// (Silero asked for but missing).
    public init(settings: Settings = Settings()) throws(SpeechError) {
        guard settings.trailingSilence > 0, settings.maximumLength > settings.trailingSilence, settings.padding >= 0,
              settings.minimumSpeech >= 0.01, settings.threshold.isFinite else {
            throw SpeechError("endpointer settings out of range: trailing silence \(settings.trailingSilence) s, "
                              + "maximum length \(settings.maximumLength) s")
        }
        self.settings = settings
        detector = try VoiceActivityDetector(threshold: settings.threshold, startFrames: Self.frames(settings.minimumSpeech))
        if settings.gate == .silero || (settings.gate == .auto && SileroSpeechDetector.isAvailable) {
            voiceGate = try SileroSpeechDetector()
        } else {
            voiceGate = nil
        }
    }

    /// Which detector gates utterances: Silero, or the energy detector alone.
    public var gate: VoiceGate { voiceGate == nil ? .energy : .silero }

    /// Seconds of stream fed so far.
    public var position: Double { Double(samplesSeen) / Double(RecognizerAudio.sampleRate) }

    /// Whether an utterance is open (speech heard, its end not yet).
    public var isHearingSpeech: Bool { inUtterance }

    /// Samples held right now: the pre-roll, the open utterance and a partial frame.
    public var bufferedSampleCount: Int { pending.count + preRoll.count + current.count }

    /// What feeding audio found.
    public enum Endpoint: Sendable {
        /// Speech stopped `padding` seconds ago: the utterance as it will be
        /// if no speech follows within the trailing silence (its samples are
        /// then exactly the final segment's), so a recogniser can start on
        /// it while the endpointer waits.
        case tentative(SpeechSegment)
        /// The utterance is over.
        case final(SpeechSegment)
    }

    /// Feeds audio; returns the utterances that ended within it.
    public func feed(_ samples: [Int16]) throws(SpeechError) -> [SpeechSegment] {
        try feedEndpoints(samples).compactMap { if case .final(let segment) = $0 { segment } else { nil } }
    }

    /// Feeds audio; returns the tentative and final ends found within it, in order.
    public func feedEndpoints(_ samples: [Int16]) throws(SpeechError) -> [Endpoint] {
        pending += samples
        var finished: [Endpoint] = []
        var offset = 0
        let shift = VoiceActivityDetector.frameShift
        while pending.count - offset >= shift {
            let (isSpeech, isVoice) = try pending.withUnsafeBufferPointer { buffer throws(SpeechError) in
                let frame = UnsafeBufferPointer(rebasing: buffer[offset..<(offset + shift)])
                return (try detector.isSpeech(frame), try voiceGate?.isSpeech(frame) ?? true)
            }
            if let endpoint = process(pending[offset..<(offset + shift)], isSpeech: isSpeech, isVoice: isVoice) { finished.append(endpoint) }
            offset += shift
        }
        pending.removeFirst(offset)
        return finished
    }

    /// Listening is about to stop: the utterance in progress ends at the
    /// first pause of `silence` seconds (shorter than the trailing silence:
    /// the speaker is finishing a sentence, not pausing inside one) or
    /// `within` seconds of stream from now, whichever comes first.
    /// `isClosed` tells when it has; no new utterance opens after this.
    public func close(silence: Double, within: Double) {
        closingSilence = min(silence, settings.trailingSilence)
        closingDeadline = position + max(0, within)
    }

    /// After `close`: nothing is open any more, or the deadline has passed
    /// (the caller then ends the stream with `finish`).
    public var isClosed: Bool {
        guard let closingDeadline else { return false }
        return !inUtterance || position >= closingDeadline
    }

    /// A gap in the stream (frames a full buffer dropped): an open utterance
    /// ends where the audio stopped, and the stream clock moves on.
    public func skip(_ frames: Int) -> SpeechSegment? {
        let cut = finish()
        samplesSeen += frames
        return cut
    }

    /// A stretch not listened to (voicecmd itself speaking): an open
    /// utterance is not handed on (its end was cut off, and half a command
    /// must not run) but returned, so that it can be reported as ignored;
    /// the stream clock moves on.
    @discardableResult
    public func discard(_ frames: Int) -> SpeechSegment? {
        let cut = finish()
        preRoll = []
        preRollVoice = []
        samplesSeen += frames
        return cut
    }

    /// The utterance still open at the end of the stream, if any.
    public func finish() -> SpeechSegment? {
        if inUtterance { current += pending }
        samplesSeen += pending.count
        pending = []
        guard inUtterance else { return nil }
        inUtterance = false
        defer { current = []; currentVoice = [] }
        return kept(segment(current))
    }

    private func process(_ frame: ArraySlice<Int16>, isSpeech: Bool, isVoice: Bool) -> Endpoint? {
        samplesSeen += frame.count
        framesSeen += 1
        if !isSpeech && framesSeen > Self.frames(settings.minimumSpeech) + 1 { detectorSettled = true }
        if !inUtterance {
            preRoll += frame
            preRollVoice.append(isVoice)
            // Until the first utterance, more is kept: speech that starts
            // while the detector's noise estimate is still settling is heard
            // late, and its start would be lost.
            let keep = Self.samples(settings.padding + settings.minimumSpeech + (hasOpened ? 0 : Self.settlingPreRoll))
            if preRoll.count > keep { preRoll.removeFirst(preRoll.count - keep) }
            let keepFrames = (preRoll.count + frame.count - 1) / frame.count
            if preRollVoice.count > keepFrames { preRollVoice.removeFirst(preRollVoice.count - keepFrames) }
            guard isSpeech, detectorSettled, closingDeadline == nil else { return nil }
            inUtterance = true
            hasOpened = true
            current = preRoll
            currentVoice = preRollVoice
            currentStart = samplesSeen - preRoll.count
            preRoll = []
            preRollVoice = []
            silentFrames = 0
            // The detector turned to speech after this many speech frames.
            speechFrames = Self.frames(settings.minimumSpeech)
            voicedFrames = isVoice ? 1 : 0
            return nil
        }
        current += frame
        currentVoice.append(isVoice)
        if isVoice { voicedFrames += 1 }
        silentFrames = isSpeech ? 0 : silentFrames + 1
        if isSpeech { speechFrames += 1 }
        let silence = Double(silentFrames * frame.count) / Double(RecognizerAudio.sampleRate)
        let length = Double(current.count) / Double(RecognizerAudio.sampleRate)
        // The silence has reached the padding a segment keeps: the segment is
        // what it will be unless speech comes back.
        if silentFrames > 0, silentFrames * frame.count >= Self.samples(settings.padding),
           silentFrames * frame.count - frame.count < Self.samples(settings.padding),
           isLongEnough, silence < (closingSilence ?? settings.trailingSilence), length < settings.maximumLength {
            return .tentative(segment(current))
        }
        let trailingSilence = closingSilence ?? settings.trailingSilence
        guard silence >= trailingSilence || length >= settings.maximumLength else { return nil }
        // Keep `padding` of the trailing silence.
        let trailing = max(0, silentFrames * frame.count - Self.samples(settings.padding))
        let ended = segment(Array(current.dropLast(trailing)))
        inUtterance = false
        current = []
        currentVoice = []
        return kept(ended).map { .final($0) }
    }

    /// End (stream seconds) of the last utterance the voice gate vetoed, if any.
    public private(set) var lastVetoedEnd: Double?

    /// `ended` when it is long enough and has a voice; nil otherwise, and a
    /// veto is remembered.
    private func kept(_ ended: SpeechSegment) -> SpeechSegment? {
        if isLongEnough { return ended }
        if speechFrames >= Self.frames(settings.minimumUtteranceSpeech) { lastVetoedEnd = ended.end }
        return nil
    }

    /// The open utterance's first `samples`, with the gate's verdicts on them.
    private func segment(_ samples: [Int16]) -> SpeechSegment {
        var segment = SpeechSegment(samples: samples, start: seconds(currentStart))
        if voiceGate != nil {
            // The pre-roll may start inside a frame: its verdicts align with the end.
            let frames = (samples.count + VoiceActivityDetector.frameShift - 1) / VoiceActivityDetector.frameShift
            segment.voiceFrames = SileroSpeechDetector.backdated(Array(currentVoice.prefix(frames)), lag: voiceGate?.lagFrames ?? 0)
        }
        return segment
    }

    /// Whether the open utterance held enough speech to be one, not a clink,
    /// and (with the gate) a voice, not noise.
    private var isLongEnough: Bool {
        speechFrames >= Self.frames(settings.minimumUtteranceSpeech)
            && (voiceGate == nil || voicedFrames >= Self.frames(settings.minimumVoice))
    }

    private func seconds(_ samples: Int) -> Double { Double(samples) / Double(RecognizerAudio.sampleRate) }
    private static func samples(_ seconds: Double) -> Int { Int(seconds * Double(RecognizerAudio.sampleRate)) }
    private static func frames(_ seconds: Double) -> Int { max(1, Int((seconds * 100).rounded())) }
}
