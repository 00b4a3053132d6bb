import Foundation

/// RNNoise in a 16 kHz stream: up to 48 kHz (RNNoise's rate), denoised in
/// 10 ms frames, and back down, with the suppressor's and the resamplers'
/// state kept across buffers. The output is aligned with the input: the
/// suppressor's delay is taken off the front and flushed at the
/// end, so sample n out is sample n in, denoised, and `finish` makes the
/// counts equal. Utterance times are therefore the same with and without it.
package final class DenoisingStage {
    private let suppressor: NoiseSuppressor
    private let up: SampleRateConverter
    private let down: SampleRateConverter
    /// 48 kHz samples waiting for a whole frame.
    private var pending: [Float] = []
    private var samplesIn = 0
    private var samplesOut = 0
    /// Output still to drop to undo the suppressor's delay.
    private var delayLeft = DenoisingStage.delay
    /// The input samples whose denoised ones have not come out yet.
    private var originals: [Int16] = []
    /// How much of the original is mixed back in.
    private let keep: Float
    /// RNNoise's probability that each 10 ms frame holds a voice, in
    /// stream order, until taken.
    private var voiceProbabilities: [Float] = []
    /// Probabilities still to drop: the suppressor judges a frame two
    /// frames late, as it denoises it.
    private var probabilitiesToDrop = DenoisingStage.delay / 160

    /// RNNoise's rate.
    package static let rate = 48_000

    /// The suppressor's delay, in 16 kHz samples: 20 ms, two of its frames
    /// (measured by cross-correlation; its analysis windows overlap the
    /// frame before, and its output is overlap-added).
    static let delay = 320

    /// `attenuationLimit`: the most the background is lowered, in dB (the
    /// original is mixed back in that far down); infinity for RNNoise's own.
    package init(attenuationLimit: Double = .infinity) throws(SpeechError) {
        keep = Self.originalShare(attenuationLimit: attenuationLimit)
        suppressor = try NoiseSuppressor()
        // The fastest sinc converter: its 97 dB of stop band is far beyond
        // what recognition hears, at a third of the medium one's cost.
        up = try SampleRateConverter(fromRate: RecognizerAudio.sampleRate, toRate: Self.rate, quality: .fastest)
        down = try SampleRateConverter(fromRate: Self.rate, toRate: RecognizerAudio.sampleRate, quality: .fastest)
    }

    /// What came out of one call: the denoised samples, the input samples
    /// they stand for (as many, in step), and RNNoise's voice probability
    /// of each 10 ms frame judged meanwhile (frame n of the stream from its
    /// start is the n-th ever given).
    package struct Output {
        package var samples: [Int16] = []
        package var originals: [Int16] = []
        package var voice: [Float] = []
    }

    /// Seconds with a voice in RNNoise's probabilities (one per 10 ms
    /// frame): the frames it gives a half or more.
    package static func voicedSeconds(_ probabilities: some Sequence<Float>) -> Double {
        Double(probabilities.reduce(0) { $1 >= 0.5 ? $0 + 1 : $0 }) / 100
    }

    /// RNNoise's voice probability of each 10 ms frame of a whole recording,
    /// for when only the judgement is wanted, not the denoised audio.
    package static func voiceProbabilities(of samples: [Int16]) throws(SpeechError) -> [Float] {
        let stage = try DenoisingStage()
        return try stage.run(samples).voice + stage.finishing().voice
    }

    /// The denoised audio ready so far.
    package func process(_ samples: [Int16]) throws(SpeechError) -> [Int16] {
        try run(samples).samples
    }

    /// The denoised audio ready so far, with its originals and voice probabilities.
    package func run(_ samples: [Int16]) throws(SpeechError) -> Output {
        samplesIn += samples.count
        originals += samples
        pending += try up.convert(samples.map(Float.init), isLast: false)
        return try emit(downsample(denoiseWholeFrames(), isLast: false))
    }

    /// How much of the original to mix back in so that the background is
    /// lowered by at most `attenuationLimit` dB.
    static func originalShare(attenuationLimit: Double) -> Float {
        attenuationLimit.isFinite ? Float(pow(10, -max(0, attenuationLimit) / 20)) : 0
    }

    /// How far to lower the background of speech estimated at
    /// `signalToNoise` dB: to where a quiet room's would be (`quiet` dB
    /// under the speech), and no further. Suppression costs the speech
    /// something too (word onsets most), so audio already nearly clean is
    /// touched gently; an acoustic model trained on recordings with a
    /// noise floor gains nothing from one lowered far below it.
    package static func attenuationLimit(signalToNoise: Double, quiet: Double) -> Double {
        max(6, quiet - signalToNoise)
    }

    /// The end of the stream: the rest of the audio, denoised, so that as
    /// many samples have come out as went in.
    package func finish() throws(SpeechError) -> [Int16] {
        try finishing().samples
    }

    /// The end of the stream, with its originals and voice probabilities.
    package func finishing() throws(SpeechError) -> Output {
        // Silence after the end pushes the last frame and the delay through.
        pending += try up.convert([Float](repeating: 0, count: Self.delay * 2), isLast: true)
        let frame = suppressor.frameSize
        let partial = pending.count % frame
        if partial > 0 { pending += [Float](repeating: 0, count: frame - partial) }
        let before = samplesOut
        var tail = try emit(downsample(denoiseWholeFrames(), isLast: true))
        let wanted = samplesIn - before
        if tail.samples.count > wanted { tail.samples.removeLast(tail.samples.count - wanted) }
        if tail.samples.count < wanted { tail.samples += [Int16](repeating: 0, count: wanted - tail.samples.count) }
        tail.originals += originals
        originals = []
        samplesOut = samplesIn
        return tail
    }

    private func denoiseWholeFrames() -> [Float] {
        let frame = suppressor.frameSize
        let whole = pending.count / frame * frame
        guard whole > 0 else { return [] }
        var denoised = Array(pending[..<whole])
        pending.removeFirst(whole)
        denoised.withUnsafeMutableBufferPointer { buffer in
            var start = 0
            while start < whole {
                let voice = suppressor.denoise(inPlace: buffer.baseAddress! + start)
                if probabilitiesToDrop > 0 { probabilitiesToDrop -= 1 } else { voiceProbabilities.append(voice) }
                start += frame
            }
        }
        return denoised
    }

    private func downsample(_ samples: [Float], isLast: Bool) throws(SpeechError) -> [Int16] {
        try down.convert(samples, isLast: isLast).map(Self.sample)
    }

    /// A value on the 16-bit scale as a sample, rounded and clipped.
    static func sample(_ value: Float) -> Int16 {
        Int16(max(-32_768, min(32_767, value.rounded())))
    }

    /// `denoised` with `keep` of `original` mixed back in, sample by sample.
    static func mix(_ denoised: [Int16], _ original: [Int16], keep: Float) -> [Int16] {
        zip(denoised, original).map { sample(Float($0) + keep * Float($1)) }
    }

    /// Drops what is still owed to the delay, pairs what is left with its
    /// originals and mixes them back in under the attenuation limit, and
    /// counts what goes out.
    private func emit(_ samples: [Int16]) -> Output {
        var samples = samples
        if delayLeft > 0 {
            let dropped = min(delayLeft, samples.count)
            samples.removeFirst(dropped)
            delayLeft -= dropped
        }
        let paired = Array(originals.prefix(samples.count))
        originals.removeFirst(paired.count)
        if keep > 0 { samples = Self.mix(samples, paired, keep: keep) + samples.dropFirst(paired.count) }
        samplesOut += samples.count
        defer { voiceProbabilities = [] }
        return Output(samples: samples, originals: paired, voice: voiceProbabilities)
    }
}
