internal import CAudio

/// One libsamplerate converter (to 16 kHz unless told), fed in chunks; deleted with this object.
final class SampleRateConverter {
    private let state: OpaquePointer
    private let ratio: Double

    enum Quality {
        /// Files of any rate: the medium sinc converter.
        case medium
        /// Inside the denoiser, where it runs twice on every sample.
        case fastest

        var converterType: Int32 { Int32(self == .medium ? SRC_SINC_MEDIUM_QUALITY : SRC_SINC_FASTEST) }
    }

    init(fromRate rate: Int, toRate target: Int = RecognizerAudio.sampleRate, quality: Quality = .medium) throws(SpeechError) {
        var error: Int32 = 0
        guard let state = src_new(quality.converterType, 1, &error) else {
            throw SpeechError("cannot convert from \(rate) Hz: \(String(cString: src_strerror(error)))")
        }
        self.state = state
        ratio = Double(target) / Double(rate)
    }

    deinit { src_delete(state) }

    /// Converts one chunk; `isLast` flushes what the filter still holds.
    func convert(_ input: [Float], isLast: Bool) throws(SpeechError) -> [Float] {
        var converted: [Float] = []
        var consumed = 0
        while true {
            var output = [Float](repeating: 0, count: Int(Double(input.count - consumed) * ratio) + 1024)
            var data = SRC_DATA()
            let code: Int32 = input.withUnsafeBufferPointer { inBuffer in
                output.withUnsafeMutableBufferPointer { outBuffer in
                    data.data_in = inBuffer.baseAddress.map { $0 + consumed }
                    data.input_frames = input.count - consumed
                    data.data_out = outBuffer.baseAddress
                    data.output_frames = outBuffer.count
                    data.end_of_input = isLast ? 1 : 0
                    data.src_ratio = ratio
                    return src_process(state, &data)
                }
            }
            do {
                try check(code, "src_process", failsWhen: { $0 != 0 }, reason: { String(cString: src_strerror($0)) })
            } catch {
                throw SpeechError("cannot convert the sample rate: \(error.message)")
            }
            consumed += data.input_frames_used
            converted += output.prefix(data.output_frames_gen)
            if data.input_frames_used == 0 && data.output_frames_gen == 0 { break }
            // Go on while input is left, or while the last call still drains the filter.
            if consumed < input.count || (isLast && data.output_frames_gen > 0) { continue }
            break
        }
        return converted
    }
}
