import Foundation

/// A room's echo, Schroeder's way: four comb filters in parallel (the
/// room's decaying reflections), then two all-pass filters (their
/// diffusion), mixed with the dry sound. Cheap (six delays a sample) and
/// enough to teach a detector that a phrase said across a room is still
/// the phrase.
struct RoomEcho {
    /// Seconds for the echo to fall by 60 dB.
    let reverberation: Double

    private static let combDelays = [1_557, 1_617, 1_491, 1_422]
    private static let allPassDelays = [225, 556]
    private static let rate = 16_000.0

    func applied(to dry: [Float]) -> [Float] {
        guard !dry.isEmpty else { return dry }
        // Each comb's gain brings its loop down 60 dB in `reverberation` seconds.
        let tail = Int(reverberation * Self.rate)
        let input = dry + [Float](repeating: 0, count: tail)
        var wet = [Float](repeating: 0, count: input.count)
        for delay in Self.combDelays {
            let gain = Float(pow(10, -3 * Double(delay) / (reverberation * Self.rate)))
            var line = [Float](repeating: 0, count: delay)
            var at = 0
            for index in input.indices {
                let out = line[at]
                line[at] = input[index] + out * gain
                wet[index] += out
                at = (at + 1) % delay
            }
        }
        for delay in Self.allPassDelays {
            var line = [Float](repeating: 0, count: delay)
            var at = 0
            let gain: Float = 0.7
            for index in wet.indices {
                let delayed = line[at]
                let value = wet[index] + gain * delayed
                line[at] = value
                wet[index] = delayed - gain * value
                at = (at + 1) % delay
            }
        }
        let mix: Float = 0.25
        return input.indices.map { input[$0] + mix * wet[$0] }
    }
}
