import Foundation

/// How loud speech is against its background, in decibels, from the spread
/// of 20 ms frame energies: the background is the level most frames rise
/// above (the 10th percentile), the speech the level of its loud frames
/// (the 97th). Neither the voice's loudness nor the microphone's gain
/// changes it, only the distance between the two; quiet recordings measure
/// 45 dB and more, speech in kitchen noise 15–40 dB.
package enum SignalToNoiseEstimate {
    static let frameLength = 320
    /// Less than half a second says too little.
    static let minimumFrames = 25

    /// The estimate for a recording, or nil for one too short to say.
    package static func decibels(_ samples: ArraySlice<Int16>) -> Double? {
        let levels = frameLevels(samples)
        guard levels.count >= minimumFrames else { return nil }
        return percentile(levels, 0.97) - percentile(levels, 0.10)
    }

    /// The estimate for an utterance (its loud frames) against a stretch of
    /// the stream around it (the frames most of it rises above), or nil
    /// when either is too short to say.
    package static func decibels(speech: ArraySlice<Int16>, background: ArraySlice<Int16>) -> Double? {
        let speechLevels = frameLevels(speech), backgroundLevels = frameLevels(background)
        guard speechLevels.count >= minimumFrames / 2, backgroundLevels.count >= minimumFrames else { return nil }
        return percentile(speechLevels, 0.97) - percentile(backgroundLevels, 0.10)
    }

    /// Each whole frame's level in dB, sorted.
    static func frameLevels(_ samples: ArraySlice<Int16>) -> [Double] {
        let frames = samples.count / frameLength
        var levels: [Double] = []
        levels.reserveCapacity(frames)
        var start = samples.startIndex
        for _ in 0..<frames {
            var sum = 0.0
            for sample in samples[start..<(start + frameLength)] { sum += Double(sample) * Double(sample) }
            // +1: digital silence is 0 dB, not minus infinity.
            levels.append(10 * log10(sum / Double(frameLength) + 1))
            start += frameLength
        }
        return levels.sorted()
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
    }
}
