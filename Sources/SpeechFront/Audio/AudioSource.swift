/// A piece of a 16 kHz mono stream, as it arrived.
public struct AudioBuffer: Sendable {
    /// The audio: 16 kHz mono 16-bit samples, oldest first.
    public var samples: [Int16]
    /// Frames (samples) lost just before this buffer because the consumer
    /// fell behind and the bounded buffer was full; 0 almost always.
    public var droppedBefore: Int
    /// When the reading thread got the audio (its last sample, give or take
    /// the device's latency).
    public var capturedAt: ContinuousClock.Instant
    /// Heard while voicecmd itself was speaking: not listened to, though it
    /// still takes its time in the stream.
    public var isMuted = false

    /// A buffer of `samples`; by default nothing was dropped before it and it
    /// was captured just now.
    public init(samples: [Int16], droppedBefore: Int = 0, capturedAt: ContinuousClock.Instant = .now) {
        self.samples = samples
        self.droppedBefore = droppedBefore
        self.capturedAt = capturedAt
    }

    /// The stretch of time the samples were captured in.
    public var captured: ClosedRange<ContinuousClock.Instant> {
        (capturedAt - .microseconds(Int64(samples.count) * 1_000_000 / Int64(RecognizerAudio.sampleRate)))...capturedAt
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

extension AsyncThrowingStream where Element == AudioBuffer, Failure == any Error {
    /// The same buffers, each passed through `transform` as it comes (a
    /// source wrapping another: muting, timing). Cancelling or dropping
    /// the result stops the stream it wraps.
    public func mapped(_ transform: @escaping @Sendable (AudioBuffer) -> AudioBuffer) -> AsyncThrowingStream<AudioBuffer, any Error> {
        let upstream = Upstream(makeAsyncIterator())
        return AsyncThrowingStream(unfolding: {
            guard let buffer = try await upstream.iterator.next() else { return nil }
            return transform(buffer)
        })
    }
}

/// A wrapped stream's iterator, kept between calls.
/// @unchecked Sendable: an unfolding stream calls its closure once at a
/// time, so the iterator is never used by two tasks at once.
private final class Upstream: @unchecked Sendable {
    var iterator: AsyncThrowingStream<AudioBuffer, any Error>.AsyncIterator
    init(_ iterator: AsyncThrowingStream<AudioBuffer, any Error>.AsyncIterator) { self.iterator = iterator }
}
