import Foundation
import Synchronization

/// An `AudioSource` over a blocking `AudioReader`: a recording played at
/// real time or as fast as the consumer takes it, or raw PCM on standard
/// input. The reader runs on a thread of its own and hands its audio over
/// through a `BoundedSampleQueue`.
public struct ReaderAudioSource: AudioSource {
    /// How fast the audio is handed on, and whether any of it can be dropped.
    public enum Pacing: Sendable {
        /// As a microphone would deliver it: one second of audio per second.
        /// The consumer cannot hold the reading back; audio it has no room
        /// for is dropped and counted.
        case realTime
        /// As fast as the consumer takes it; nothing is dropped.
        case asFastAsConsumed
        /// As a live device delivers it (its reads block until the audio is
        /// there): audio the consumer has no room for is dropped and counted.
        case live
    }

    public let name: String
    /// How fast the audio is handed on.
    public let pacing: Pacing
    /// Seconds of audio the queue holds before a real-time source drops.
    public var bufferSeconds: Double = 30
    private let open: @Sendable () throws -> any AudioReader

    /// A recording in any format libsndfile reads (or raw `.raw`/`.pcm`),
    /// opened now so that a missing or unreadable file is an error at once.
    public static func file(_ path: String, pacing: Pacing) throws(SpeechError) -> ReaderAudioSource {
        // The reader opened now is the one read first: a pipe or a FIFO
        // (`--input <(sox …)`) cannot be opened twice. Listening again reopens.
        let opened = OpenedReader(try AudioReaders.open(path: path))
        return ReaderAudioSource(name: path, pacing: pacing) { try opened.take() ?? AudioReaders.open(path: path) }
    }

    /// A PulseAudio source (`device` nil: the server's default), opened now
    /// so that a missing server or device is an error at once.
    public static func microphone(device: String?) throws(SpeechError) -> ReaderAudioSource {
        let capture = try PulseAudioCapture(device: device)
        let opened = OpenedReader(PulseAudioReader(capture: capture))
        return ReaderAudioSource(name: device ?? "default source", pacing: .live) {
            try opened.take() ?? PulseAudioReader(capture: PulseAudioCapture(device: device))
        }
    }

    /// Raw 16 kHz 16-bit little-endian mono PCM on standard input
    /// (`arecord`, `parec`, `sox … -t raw -`). The writer sets the pace: a
    /// pipe holds it back when the consumer is behind, so nothing is dropped.
    public static func standardInput() -> ReaderAudioSource {
        ReaderAudioSource(name: "standard input", pacing: .asFastAsConsumed) { try RawPCMReader(path: nil) }
    }

    /// Any reader, opened on the reading thread (a test signal, a loop of a recording).
    public init(name: String, pacing: Pacing, open: @escaping @Sendable () throws -> any AudioReader) {
        self.name = name
        self.pacing = pacing
        self.open = open
    }

    public func buffers() -> AsyncThrowingStream<AudioBuffer, any Error> {
        let queue = BoundedSampleQueue(capacity: Int(bufferSeconds * Double(RecognizerAudio.sampleRate)),
                                       overflow: pacing == .asFastAsConsumed ? .waitForRoom : .dropNewest)
        let open = self.open
        let pacing = self.pacing
        let thread = Thread {
            do {
                var reader = try open()
                let started = ContinuousClock.now
                var delivered = 0
                while !queue.isCanceled, let chunk = try reader.nextChunk() {
                    // Streams are handed on in tenths of a second, as a device delivers them.
                    var offset = 0
                    while offset < chunk.count {
                        let piece = Array(chunk[offset..<min(chunk.count, offset + Self.pieceFrames)])
                        offset += piece.count
                        if pacing == .realTime {
                            let due = started + .seconds(Double(delivered) / Double(RecognizerAudio.sampleRate))
                            let wait = due - ContinuousClock.now
                            if wait > .zero { Thread.sleep(forTimeInterval: Double(wait.components.attoseconds) / 1e18 + Double(wait.components.seconds)) }
                        }
                        delivered += piece.count
                        guard queue.push(piece) else { return }
                    }
                }
                queue.finish()
            } catch {
                queue.finish(error)
            }
        }
        thread.name = "voicecmd audio: \(name)"
        thread.start()
        return queue.stream()
    }

    /// A tenth of a second at 16 kHz.
    static let pieceFrames = 1_600
}

/// A reader opened ahead of its thread, handed over once, to the one
/// reading thread that uses it from then on.
private final class OpenedReader: Sendable {
    private let reader: Mutex<(any AudioReader)?>

    init(_ reader: sending any AudioReader) { self.reader = Mutex(reader) }

    func take() -> (any AudioReader)? {
        reader.withLock { reader in
            defer { reader = nil }
            return reader
        }
    }
}
