/// A piece of a 16 kHz mono stream, as it arrived.
public struct AudioBuffer: Sendable {
    public var samples: [Int16]
    /// Frames (samples) lost just before this buffer because the consumer
    /// fell behind and the bounded buffer was full; 0 almost always.
    public var droppedBefore: Int

    public init(samples: [Int16], droppedBefore: Int = 0) {
        self.samples = samples
        self.droppedBefore = droppedBefore
    }
}

/// Where live audio comes from: a recording played as a stream, raw PCM on
/// standard input, a microphone. One method: the audio as an async stream of
/// 16 kHz mono buffers, read on a thread of its own through a bounded
/// buffer, so a slow consumer never stops the reading.
public protocol AudioSource: Sendable {
    /// A human name for messages ("standard input", the file's path).
    var name: String { get }
    /// Starts reading. The stream ends at the end of the audio, or throws
    /// the reason it cannot be read; cancelling its consumer stops the reading.
    func buffers() -> AsyncThrowingStream<AudioBuffer, any Error>
}
