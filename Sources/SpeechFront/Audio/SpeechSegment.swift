/// Audio of one utterance cut from a longer stream.
public struct SpeechSegment: Sendable {
    public var samples: [Int16]
    /// Start of `samples` in the stream, in seconds.
    public var start: Double
    /// Seconds of it the voice gate (Silero) heard as a voice; nil without the gate.
    public var voicedSeconds: Double?
    /// The voice gate's verdict for each 10 ms frame from `start`; nil without the gate.
    public var voiceFrames: [Bool]?

    public init(samples: [Int16], start: Double, voicedSeconds: Double? = nil) {
        self.samples = samples
        self.start = start
        self.voicedSeconds = voicedSeconds
    }

    /// End of `samples` in the stream, in seconds.
    public var end: Double { start + Double(samples.count) / Double(RecognizerAudio.sampleRate) }
}
