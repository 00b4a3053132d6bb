import Foundation
import Testing
@testable import SpeechFront

@Suite(.enabled(if: NoiseSuppressor.unavailableReason == nil, "RNNoise is unavailable: \(NoiseSuppressor.unavailableReason ?? "")"))
struct DenoisingStageTests {
    static func energy(_ samples: ArraySlice<Int16>) -> Double {
        samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))
    }

    /// A speech clip with steady noise added, streamed in uneven pieces:
    /// as many samples come out as went in, the noise before the speech
    /// is far quieter, and the speech is still there.
    @Test func streamsSpeechThroughAndQuietsTheNoise() throws {
        let path = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/clips/timer-flite-slt.flac").path
        var reader = try AudioReaders.open(path: path)
        let speech = try AudioReaders.readAll(&reader)
        var random: UInt64 = 7
        let lead = 32_000
        let noisy: [Int16] = (0..<(lead + speech.count)).map { index in
            random = random &* 6364136223846793005 &+ 1442695040888963407
            let noise = (Double(random >> 40) / Double(1 << 24) - 0.5) * 1_500
            let voice = index >= lead ? Double(speech[index - lead]) : 0
            return Int16(max(-32_768, min(32_767, voice + noise)))
        }
        let stage = try DenoisingStage()
        var output: [Int16] = []
        var offset = 0
        var step = 700
        while offset < noisy.count {
            let end = min(noisy.count, offset + step)
            output += try stage.process(Array(noisy[offset..<end]))
            offset = end
            step = step == 700 ? 1_913 : 700
        }
        output += try stage.finish()
        #expect(output.count == noisy.count, "\(output.count) out for \(noisy.count) in")
        // The second second: noise alone, learned by then.
        let noiseBefore = Self.energy(noisy[16_000..<lead]), noiseAfter = Self.energy(output[16_000..<lead])
        #expect(10 * log10(noiseBefore / max(noiseAfter, 1)) > 10)
        let speechAfter = Self.energy(output[lead..<min(output.count, lead + speech.count)])
        #expect(speechAfter > Self.energy(speech[...]) * 0.25, "the speech is kept")
    }

    /// Sample n out is sample n in: the suppressor's delay is taken off,
    /// so utterance times are the same with and without denoising.
    @Test func outputIsAlignedWithInput() throws {
        let path = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/clips/timer-flite-slt.flac").path
        var reader = try AudioReaders.open(path: path)
        let speech = try AudioReaders.readAll(&reader)
        let stage = try DenoisingStage()
        let output = try stage.process(speech) + stage.finish()
        try #require(output.count == speech.count)
        func correlation(_ lag: Int) -> Double {
            var sum = 0.0
            for index in max(0, -lag)..<min(speech.count, output.count - lag) { sum += Double(speech[index]) * Double(output[index + lag]) }
            return sum
        }
        let best = (-400...400).max { correlation($0) < correlation($1) }!
        #expect(abs(best) <= 8, "the output lags the input by \(best) samples")
    }

    /// An empty stream, and one shorter than a frame, come out whole.
    @Test func shortStreamsComeOutWhole() throws {
        let empty = try DenoisingStage()
        #expect(try empty.finish().isEmpty)
        let short = try DenoisingStage()
        let out = try short.process([Int16](repeating: 100, count: 37)) + short.finish()
        #expect(out.count == 37)
    }
}
