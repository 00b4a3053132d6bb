import Foundation
import Testing
@testable import SpeechFront

/// The estimate that `auto` decides by: far apart for a quiet recording and
/// the same speech in noise, whatever the overall gain.
struct SignalToNoiseEstimateTests {
    static func clip(_ name: String) throws -> [Int16] {
        var reader = try AudioReaders.open(path: Bundle.module.resourceURL!.appendingPathComponent("Fixtures/clips/\(name).flac").path)
        return try AudioReaders.readAll(&reader)
    }

    static func withNoise(_ speech: [Int16], amplitude: Double, seed: UInt64 = 3) -> [Int16] {
        var random = seed
        return speech.map { sample in
            random = random &* 6364136223846793005 &+ 1442695040888963407
            let noise = (Double(random >> 40) / Double(1 << 24) - 0.5) * amplitude
            return Int16(max(-32_768, min(32_767, Double(sample) + noise)))
        }
    }

    @Test func quietSpeechScoresHighAndNoisySpeechLow() throws {
        let speech = try Self.clip("timer-flite-slt")
        let quiet = try #require(SignalToNoiseEstimate.decibels(speech[...]))
        let noisy = try #require(SignalToNoiseEstimate.decibels(Self.withNoise(speech, amplitude: 6_000)[...]))
        #expect(quiet > 40, "quiet: \(quiet) dB")
        #expect(noisy < 25, "noisy: \(noisy) dB")
    }

    @Test func gainDoesNotChangeIt() throws {
        let noisy = Self.withNoise(try Self.clip("timer-flite-slt"), amplitude: 3_000)
        let estimate = try #require(SignalToNoiseEstimate.decibels(noisy[...]))
        let halved = try #require(SignalToNoiseEstimate.decibels(noisy.map { $0 / 2 }[...]))
        #expect(abs(estimate - halved) < 1)
    }

    @Test func tooShortOrSilentSaysLittle() {
        #expect(SignalToNoiseEstimate.decibels([Int16](repeating: 0, count: 4_000)[...]) == nil)
        #expect(SignalToNoiseEstimate.decibels([Int16](repeating: 0, count: 16_000)[...]) == 0)
    }
}
