internal import CAudio
import Foundation

/// One recording stream from a PulseAudio source (a microphone, or the
/// monitor of an output), through PulseAudio's simple API: 16 kHz mono
/// 16-bit, as the recogniser takes it. Freed when this object goes.
///
/// PulseAudio's simple API, not sphinxbase's `ad_read`: that one blocks and
/// reports failures only on stderr, so a server that goes away would never
/// reach the caller.
final class PulseAudioCapture {
    private let stream: OpaquePointer
    let device: String

    /// `device` nil records from the server's default source.
    init(device: String?) throws(SpeechError) {
        self.device = device ?? "the default source"
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(RecognizerAudio.sampleRate), channels: 1)
        // Fragments of a tenth of a second: the endpointer hears speech end soon after it does.
        var attributes = pa_buffer_attr(maxlength: UInt32.max, tlength: UInt32.max, prebuf: UInt32.max, minreq: UInt32.max,
                                        fragsize: UInt32(RecognizerAudio.sampleRate / 10 * 2))
        var error: Int32 = 0
        guard let stream = pa_simple_new(nil, "voicecmd", PA_STREAM_RECORD, device, "listen", &spec, nil, &attributes, &error) else {
            throw Self.openingError(code: error, device: device, noEntity: "no audio source named",
                                    hint: .listDevices, cannot: "record from", fallback: "the default source")
        }
        self.stream = stream
    }

    deinit { pa_simple_free(stream) }

    /// Fills `samples` from the source, blocking until it is full.
    func read(_ samples: inout [Int16]) throws(SpeechError) {
        var error: Int32 = 0
        let result = samples.withUnsafeMutableBytes { buffer in pa_simple_read(stream, buffer.baseAddress, buffer.count, &error) }
        do {
            try check(result, "pa_simple_read", reason: { _ in String(cString: pa_strerror(error)) })
        } catch {
            throw SpeechError("the microphone (\(device)) stopped: \(error.message)")
        }
    }

    static func unreachable(_ reason: String) -> SpeechError {
        SpeechError("cannot reach a PulseAudio server (\(reason)): start PulseAudio or PipeWire's pulse server, or set PULSE_SERVER")
    }

    /// Why a stream (recording or playback) could not be opened, with what
    /// to do about it: no server, no such device (`noEntity` 'name' (reason)
    /// `hint`), or "cannot `cannot` 'name' / `fallback`: reason".
    static func openingError(code: Int32, device: String?, noEntity: String, hint: SpeechError.Hint? = nil, cannot: String,
                             fallback: String) -> SpeechError {
        let reason = String(cString: pa_strerror(code))
        switch code {
        case Int32(PA_ERR_CONNECTIONREFUSED.rawValue), Int32(PA_ERR_INVALIDSERVER.rawValue):
            return unreachable(reason)
        case Int32(PA_ERR_NOENTITY.rawValue):
            return SpeechError("\(noEntity) '\(device ?? "default")' (\(reason))", hint: hint)
        default:
            return SpeechError("cannot \(cannot) \(device.map { "'\($0)'" } ?? fallback): \(reason)")
        }
    }
}

/// A PulseAudio source read as a blocking `AudioReader`.
struct PulseAudioReader: AudioReader {
    let capture: PulseAudioCapture

    mutating func nextChunk() throws(SpeechError) -> [Int16]? {
        var samples = [Int16](repeating: 0, count: ReaderAudioSource.pieceFrames)
        try capture.read(&samples)
        return samples
    }
}
