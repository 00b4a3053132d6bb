internal import CAudio
import Foundation

/// One playback stream to a PulseAudio sink (the speakers), through the
/// simple API: 16 kHz mono 16-bit. Freed when this object goes.
public final class PulseAudioPlayback {
    private let stream: OpaquePointer
    /// The sink played to, as named in messages ("the default sink" when
    /// none was given).
    public let device: String

    /// `device` nil plays to the server's default sink.
    public init(device: String? = nil) throws(SpeechError) {
        self.device = device ?? "the default sink"
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(RecognizerAudio.sampleRate), channels: 1)
        var error: Int32 = 0
        guard let stream = pa_simple_new(nil, "voicecmd", PA_STREAM_PLAYBACK, device, "reply", &spec, nil, nil, &error) else {
            throw PulseAudioCapture.openingError(code: error, device: device, noEntity: "no audio output named",
                                                 cannot: "play to", fallback: "the default sink")
        }
        self.stream = stream
    }

    deinit { pa_simple_free(stream) }

    /// Plays `samples` and returns when the last of them has been played.
    public func play(_ samples: [Int16]) throws(SpeechError) {
        try write(samples)
        var error: Int32 = 0
        try check(pa_simple_drain(stream, &error), "pa_simple_drain", reason: { _ in String(cString: pa_strerror(error)) })
    }

    /// Queues `samples` for playing, blocking while the server's buffer is
    /// full: a stream written piece by piece goes at the pace it is played.
    public func write(_ samples: [Int16]) throws(SpeechError) {
        guard !samples.isEmpty else { return }
        var error: Int32 = 0
        let written = samples.withUnsafeBytes { bytes in pa_simple_write(stream, bytes.baseAddress, bytes.count, &error) }
        try check(written, "pa_simple_write", reason: { _ in String(cString: pa_strerror(error)) })
    }
}
