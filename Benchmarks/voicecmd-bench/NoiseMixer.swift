import Foundation
import VoiceCommands

/// Mixes noise into speech at a signal-to-noise ratio defined as Picovoice's
/// speech-to-intent benchmark defines it: the energy of the loudest
/// 2048-sample frame of the speech over that of the noise segment used.
struct NoiseMixer {
    let noise: [Int16]
    static let frameLength = 2048

    static func loudestFrameEnergy(_ samples: ArraySlice<Int16>) -> Double {
        var best = 0.0
        var start = samples.startIndex
        while start < samples.endIndex {
            let end = min(samples.endIndex, start + frameLength)
            var sum = 0.0
            for sample in samples[start..<end] { sum += Double(sample) * Double(sample) }
            best = max(best, sum / Double(end - start))
            start = end
        }
        return best
    }

    /// `speech` with noise added at `snr` dB; the noise segment starts at a
    /// place fixed by `seed`, so every run mixes the same way.
    func mix(_ speech: [Int16], snr: Double, seed: Int) -> [Int16] {
        mix(speech, speechLevelOf: speech, snr: snr, seed: seed)
    }

    /// `audio` with noise added at `snr` dB against the speech of `reference`
    /// (a clip, when `audio` is that clip and a pause after it).
    func mix(_ speech: [Int16], speechLevelOf reference: [Int16], snr: Double, seed: Int) -> [Int16] {
        guard !noise.isEmpty, !speech.isEmpty else { return speech }
        let offset = noise.count > speech.count ? abs(seed) % (noise.count - speech.count) : 0
        var segment = [Int16](repeating: 0, count: speech.count)
        for index in segment.indices { segment[index] = noise[(offset + index) % noise.count] }
        let speechEnergy = Self.loudestFrameEnergy(reference[...])
        let noiseEnergy = Self.loudestFrameEnergy(segment[...])
        guard noiseEnergy > 0 else { return speech }
        let gain = (speechEnergy / noiseEnergy / pow10(snr / 10)).squareRoot()
        return zip(speech, segment).map { Int16(max(-32768, min(32767, (Double($0) + gain * Double($1)).rounded()))) }
    }

    private func pow10(_ exponent: Double) -> Double { exp(exponent * log(10)) }
}


extension NoiseMixer {
    /// `--noise FILE --snr DB`, or none when `--noise` is not given.
    static func fromOptions(_ options: BenchOptions) throws -> (NoiseMixer?, Double?) {
        guard let noisePath = options.value("noise") else { return (nil, nil) }
        guard let level = options.value("snr").flatMap(Double.init) else { throw BenchError(message: "--noise needs --snr DB", isUsage: true) }
        var source = try AudioReaders.open(path: noisePath)
        return (NoiseMixer(noise: try AudioReaders.readAll(&source)), level)
    }
}
