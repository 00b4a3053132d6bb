/// RNNoise in a 16 kHz stream: up to 48 kHz (RNNoise's rate), denoised in
/// 10 ms frames, and back down, with the suppressor's and the resamplers'
/// state kept across buffers. What goes in comes out, delayed by the
/// frame and the filters; `finish` gives the rest at the end of the stream.
public final class DenoisingStage {
    private let suppressor: NoiseSuppressor
    private let up: SampleRateConverter
    private let down: SampleRateConverter
    private var pending: [Float] = []

    public static let rate = 48_000

    public init() throws(SpeechError) {
        suppressor = try NoiseSuppressor()
        up = try SampleRateConverter(fromRate: RecognizerAudio.sampleRate, toRate: Self.rate)
        down = try SampleRateConverter(fromRate: Self.rate, toRate: RecognizerAudio.sampleRate)
    }

    /// The denoised audio ready so far.
    public func process(_ samples: [Int16]) throws(SpeechError) -> [Int16] {
        pending += try up.convert(samples.map(Float.init), isLast: false)
        return try downsample(denoiseWholeFrames(), isLast: false)
    }

    /// The end of the stream: the last partial frame (padded with silence) and what the filters hold.
    public func finish() throws(SpeechError) -> [Int16] {
        pending += try up.convert([], isLast: true)
        let frame = suppressor.frameSize
        let partial = pending.count % frame
        if partial > 0 { pending += [Float](repeating: 0, count: frame - partial) }
        return try downsample(denoiseWholeFrames(), isLast: true)
    }

    private func denoiseWholeFrames() -> [Float] {
        let frame = suppressor.frameSize
        var denoised: [Float] = []
        var start = 0
        while pending.count - start >= frame {
            var piece = Array(pending[start..<(start + frame)])
            suppressor.denoise(&piece)
            denoised += piece
            start += frame
        }
        pending.removeFirst(start)
        return denoised
    }

    private func downsample(_ samples: [Float], isLast: Bool) throws(SpeechError) -> [Int16] {
        try down.convert(samples, isLast: isLast).map { Int16(max(-32_768, min(32_767, $0.rounded()))) }
    }
}
