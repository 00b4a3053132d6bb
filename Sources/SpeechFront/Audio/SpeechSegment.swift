/// Audio of one utterance cut from a longer stream.
public struct SpeechSegment: Sendable {
    public var samples: [Int16]
    /// Start of `samples` in the stream, in seconds.
    public var start: Double

    public init(samples: [Int16], start: Double) {
        self.samples = samples
        self.start = start
    }

    /// End of `samples` in the stream, in seconds.
    public var end: Double { start + Double(samples.count) / Double(RecognizerAudio.sampleRate) }
}
