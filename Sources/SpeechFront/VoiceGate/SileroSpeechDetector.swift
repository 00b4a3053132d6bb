internal import CSherpaOnnx
import Foundation

/// Silero's voice-activity network over a stream, 10 ms frame by frame:
/// a neural model trained to tell voices from noise, music and silence,
/// where an energy detector hears any loud sound as speech. One detector
/// (and its network state) per stream, freed when this object goes.
///
/// The network hears 32 ms windows; a frame's verdict is the detector's
/// state after the last whole window, which turns to speech once
/// `minimumSpeech` seconds of windows are likely enough speech.
final class SileroSpeechDetector {
    struct Settings: Sendable, Equatable {
        /// How likely a window must be speech (Silero's probability). At
        /// 0.7 no piece of kitchen noise, coloured noise, random bytes or
        /// music in the development material opened an utterance, and
        /// 98–100 % of real speech clips did (see the closing note of the
        /// rejection work).
        var threshold: Float = 0.7
        /// Speech needed before the state turns to speech, in seconds.
        var minimumSpeech: Float = 0.16
        /// Silence that turns it back; short, since the endpointer waits
        /// out its own trailing silence on top.
        var minimumSilence: Float = 0.1
    }

    static let windowLength = 512
    private let library: SileroLibrary
    private let detector: OpaquePointer
    private var window: [Float] = []
    private var speaking = false
    let settings: Settings

    /// Why the gate cannot run here, or nil when it can: the library and
    /// model could not be loaded, or a detector could not be made from them
    /// (tried once, so the automatic gate falls back, saying why, rather
    /// than failing when the first stream starts).
    static var unavailableReason: String? {
        if case .failure(let error) = SileroLibrary.shared { return error.message }
        if case .failure(let error) = trial { return error.message }
        return nil
    }

    private static let trial: Result<Void, SpeechError> = Result { () throws(SpeechError) in _ = try SileroSpeechDetector() }

    static var isAvailable: Bool { unavailableReason == nil }

    init(settings: Settings = Settings()) throws(SpeechError) {
        let library = try SileroLibrary.shared.get()
        guard settings.threshold > 0, settings.threshold < 1, settings.minimumSpeech >= 0, settings.minimumSilence >= 0 else {
            throw SpeechError("voice gate settings out of range: threshold \(settings.threshold)")
        }
        // The library exits the process on a rate or window it does not
        // take: these two are fixed here, never read from elsewhere.
        let created = library.modelPath.withCString { model in
            "cpu".withCString { provider in
                var config = voicecmd_vad_config()
                config.silero_vad.model = model
                config.silero_vad.threshold = settings.threshold
                config.silero_vad.min_silence_duration = settings.minimumSilence
                config.silero_vad.min_speech_duration = settings.minimumSpeech
                config.silero_vad.window_size = Int32(Self.windowLength)
                // Never reached: the endpointer cuts utterances at 15 s.
                config.silero_vad.max_speech_duration = 60
                config.sample_rate = Int32(RecognizerAudio.sampleRate)
                config.num_threads = 1
                config.provider = provider
                config.debug = 0
                return library.create(&config, 65)
            }
        }
        guard let created else { throw SpeechError("cannot start Silero VAD: sherpa-onnx could not create the detector from \(library.modelPath)") }
        self.library = library
        self.detector = created
        self.settings = settings
    }

    deinit { library.destroy(detector) }

    /// Frames by which the state lags the voice: it turns to speech only
    /// once `minimumSpeech` of windows were voice, the last one whole.
    var lagFrames: Int { Int((Double(settings.minimumSpeech) * 100).rounded(.up)) + Self.windowLength / VoiceActivityDetector.frameShift }

    /// Verdicts frame by frame, the lag taken back: where the state turns
    /// to speech, the frames it waited through were voice too.
    static func backdated(_ verdicts: [Bool], lag: Int) -> [Bool] {
        var frames = verdicts
        for index in verdicts.indices where verdicts[index] && (index == 0 || !verdicts[index - 1]) {
            for earlier in max(0, index - lag)..<index { frames[earlier] = true }
        }
        return frames
    }

    /// The network's verdict on each 10 ms frame of `samples` (a fresh
    /// detector), backdated by its lag.
    static func voiceFrames(of samples: [Int16]) throws(SpeechError) -> [Bool] {
        let detector = try SileroSpeechDetector()
        var frames: [Bool] = []
        let shift = VoiceActivityDetector.frameShift
        try samples.withUnsafeBufferPointer { buffer throws(SpeechError) in
            var offset = 0
            while offset < buffer.count {
                frames.append(try detector.isSpeech(UnsafeBufferPointer(rebasing: buffer[offset..<min(buffer.count, offset + shift)])))
                offset += shift
            }
        }
        return backdated(frames, lag: detector.lagFrames)
    }

    /// Whether one frame of `VoiceActivityDetector.frameShift` samples is
    /// voice (the detector's state after it).
    func isSpeech(_ frame: UnsafeBufferPointer<Int16>) throws(SpeechError) -> Bool {
        for sample in frame { window.append(Float(sample) / 32768) }
        while window.count >= Self.windowLength {
            window.withUnsafeBufferPointer { buffer in
                library.accept(detector, buffer.baseAddress, Int32(Self.windowLength))
            }
            window.removeFirst(Self.windowLength)
            speaking = library.detected(detector) != 0
            // The detector also keeps each segment's samples: not needed here.
            library.clear(detector)
        }
        return speaking
    }
}
