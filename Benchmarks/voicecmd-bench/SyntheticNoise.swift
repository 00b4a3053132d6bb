import Foundation
import SpeechFront

/// Noise made up for false accepts: coloured noise at a level, random
/// samples, dither; and a noise recording looped into a long stream.
enum SyntheticNoise {
    enum Colour: String, CaseIterable {
        case white, pink, brown
    }

    static let rate = 16_000

    /// Root-mean-square level of `samples` in dB against full scale (a full-scale sine is -3).
    static func dBFS(_ samples: [Int16]) -> Double {
        guard !samples.isEmpty else { return -.infinity }
        var sum = 0.0
        for sample in samples { sum += Double(sample) * Double(sample) }
        return 10 * log10(sum / Double(samples.count) / (32768.0 * 32768.0))
    }

    /// `seconds` of `colour` noise, scaled to `level` dBFS RMS.
    static func coloured(_ colour: Colour, seconds: Double, level: Double, seed: UInt64) -> [Int16] {
        var random = SeededGenerator(seed: seed)
        let count = Int(seconds * Double(rate))
        let warmUp = rate / 4
        var values = [Double](repeating: 0, count: count + warmUp)
        // Paul Kellet's pink filter; brown is white through a leaky integrator
        // (corner about 5 Hz, so it does not drift away).
        var b = [Double](repeating: 0, count: 7)
        var brown = 0.0
        for index in values.indices {
            let white = random.gaussian()
            switch colour {
            case .white:
                values[index] = white
            case .pink:
                b[0] = 0.99886 * b[0] + white * 0.0555179
                b[1] = 0.99332 * b[1] + white * 0.0750759
                b[2] = 0.96900 * b[2] + white * 0.1538520
                b[3] = 0.86650 * b[3] + white * 0.3104856
                b[4] = 0.55000 * b[4] + white * 0.5329522
                b[5] = -0.7616 * b[5] - white * 0.0168980
                values[index] = b[0] + b[1] + b[2] + b[3] + b[4] + b[5] + b[6] + white * 0.5362
                b[6] = white * 0.115926
            case .brown:
                brown = 0.998 * brown + white
                values[index] = brown
            }
        }
        values.removeFirst(warmUp)
        let mean = values.reduce(0, +) / Double(max(1, values.count))
        let rms = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(1, values.count))).squareRoot()
        let gain = rms > 0 ? 32768 * pow(10, level / 20) / rms : 0
        return values.map { clamp(($0 - mean) * gain) }
    }

    /// Every sample drawn uniformly from the whole 16-bit range (random bytes).
    static func randomSamples(seconds: Double, seed: UInt64) -> [Int16] {
        var random = SeededGenerator(seed: seed)
        return (0..<Int(seconds * Double(rate))).map { _ in Int16(truncatingIfNeeded: random.next()) }
    }

    /// Triangular dither of ±2 least significant bits (the sum of two of ±1).
    static func dither(seconds: Double, seed: UInt64) -> [Int16] {
        var random = SeededGenerator(seed: seed)
        return (0..<Int(seconds * Double(rate))).map { _ in Int16(random.integer(in: -1...1) + random.integer(in: -1...1)) }
    }

    /// `seconds` of `recording` as one stream at `gain` dB: stretches of
    /// 15–45 s from places drawn at random, joined with 50 ms cross-fades,
    /// so the loops are never the same twice. With the gain, the fraction
    /// of samples clipped at full scale.
    static func looped(_ recording: [Int16], seconds: Double, gain: Double, seed: UInt64) -> (samples: [Int16], clipped: Double) {
        guard !recording.isEmpty else { return ([], 0) }
        var random = SeededGenerator(seed: seed)
        let total = Int(seconds * Double(rate))
        let fade = rate / 20
        var stream: [Double] = []
        stream.reserveCapacity(total + fade)
        while stream.count < total {
            let length = min(recording.count, Int((15 + 30 * random.uniform()) * Double(rate)))
            let start = recording.count > length ? random.integer(in: 0...(recording.count - length)) : 0
            let piece = recording[start..<(start + length)].map(Double.init)
            let overlap = stream.isEmpty ? 0 : min(fade, piece.count, stream.count)
            for index in 0..<overlap {
                let weight = Double(index + 1) / Double(overlap + 1)
                let at = stream.count - overlap + index
                stream[at] = stream[at] * (1 - weight) + piece[index] * weight
            }
            stream += piece[overlap...]
        }
        let factor = pow(10, gain / 20)
        var clipped = 0
        let samples = stream.prefix(total).map { value -> Int16 in
            let scaled = value * factor
            if abs(scaled) > 32767 { clipped += 1 }
            return clamp(scaled)
        }
        return (samples, Double(clipped) / Double(max(1, total)))
    }

    /// `clip` with `seconds` of a low noise floor before and after (not
    /// digital silence: the endpointer and the acoustic model expect a
    /// floor): white noise at the level of the clip's quietest 20 ms, at
    /// least 2 LSB RMS.
    static func padded(_ clip: [Int16], seconds: Double, seed: UInt64) -> [Int16] {
        let frame = rate / 50
        var quietest = Double.infinity
        var start = 0
        while start + frame <= clip.count {
            var sum = 0.0
            for sample in clip[start..<(start + frame)] { sum += Double(sample) * Double(sample) }
            quietest = min(quietest, (sum / Double(frame)).squareRoot())
            start += frame
        }
        let level = max(2, quietest.isFinite ? quietest : 2)
        var random = SeededGenerator(seed: seed)
        func floor() -> [Int16] { (0..<Int(seconds * Double(rate))).map { _ in clamp(random.gaussian() * level) } }
        return floor() + clip + floor()
    }

    static func clamp(_ value: Double) -> Int16 { Int16(max(-32768, min(32767, value.rounded()))) }
}
