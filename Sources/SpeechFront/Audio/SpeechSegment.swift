/// Audio of one utterance cut from a longer stream.
public struct SpeechSegment: Sendable {
    /// The utterance's audio: 16 kHz mono 16-bit samples.
    public var samples: [Int16]
    /// Start of `samples` in the stream, in seconds.
    public var start: Double
    /// The voice gate's verdict for each 10 ms frame from `start`; nil without the gate.
    public var voiceFrames: [Bool]?
    /// The same stretch of the stream as it came, when `samples` were
    /// denoised: the neural second opinion hears this (RNNoise's artefacts
    /// cost it more than the noise does).
    public var originalSamples: [Int16]?

    /// What the neural second opinion hears: the audio as it came.
    var samplesAsHeard: [Int16] { originalSamples ?? samples }

    /// `samples` starting `start` seconds into the stream, without the gate's
    /// verdicts or original audio.
    public init(samples: [Int16], start: Double) {
        self.samples = samples
        self.start = start
    }

    /// Seconds of it the voice gate (Silero) heard as a voice; nil without the gate.
    public var voicedSeconds: Double? { voiceFrames.map { Double($0.filter { $0 }.count) / 100 } }

    /// End of `samples` in the stream, in seconds.
    public var end: Double { start + Double(samples.count) / Double(RecognizerAudio.sampleRate) }
}
