import Foundation
import Testing
@testable import SpeechFront

/// A stream denoised buffer by buffer is the recording denoised whole: the
/// same samples, however the source cuts it, with the tail flushed at the end.
@Suite(.enabled(if: NoiseSuppressor.unavailableReason == nil, "RNNoise is unavailable: \(NoiseSuppressor.unavailableReason ?? "")"))
struct DenoisedAudioSourceTests {
    @Test func aStreamIsDenoisedAsTheWholeRecordingIs() async throws {
        let path = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/clips/device-noisy-awb.flac").path
        var reader = try AudioReaders.open(path: path)
        let samples = try AudioReaders.readAll(&reader)
        let stage = try DenoisingStage()
        let whole = try stage.process(samples) + stage.finish()

        var streamed: [Int16] = []
        for try await buffer in try DenoisedAudioSource(ReaderAudioSource.file(path, pacing: .asFastAsConsumed)).buffers() {
            streamed += buffer.samples
        }
        #expect(streamed.count == samples.count)
        #expect(streamed == whole)
    }

    @Test func offLeavesTheSourceAsItIs() throws {
        let source = ReaderAudioSource.standardInput()
        #expect(try DenoiseMode.off.stream(source, denoiseBelow: 45) == nil)
        #expect(try DenoiseMode.auto.stream(source, denoiseBelow: 45)?.mode == .auto)
        #expect(try DenoiseMode.on.stream(source, denoiseBelow: 45)?.name == "standard input")
    }

    /// In auto mode an utterance is decoded from the original audio when its
    /// speech stands clear of the background, from the denoised audio (with
    /// a little of the original under it) when not.
    @Test func autoDecodesCleanUtterancesFromTheOriginal() async throws {
        let rate = RecognizerAudio.sampleRate
        var reader = try AudioReaders.open(path: Bundle.module.resourceURL!.appendingPathComponent("Fixtures/clips/device-on-slt.flac").path)
        let speech = try AudioReaders.readAll(&reader)
        var random: UInt64 = 11
        func stream(noise amplitude: Double) -> [Int16] {
            let lead = 3 * rate
            return (0..<(lead + speech.count + rate)).map { index in
                random = random &* 6364136223846793005 &+ 1442695040888963407
                let noise = (Double(random >> 40) / Double(1 << 24) - 0.5) * amplitude
                let voice = index >= lead && index < lead + speech.count ? Double(speech[index - lead]) : 0
                return Int16(max(-32_768, min(32_767, voice + noise)))
            }
        }
        for (amplitude, expectOriginal) in [(20.0, true), (8_000.0, false)] {
            let samples = stream(noise: amplitude)
            let source = try DenoisedAudioSource(MemorySource(samples: samples), mode: .auto, denoiseBelow: 45)
            var denoised: [Int16] = []
            for try await buffer in source.buffers() { denoised += buffer.samples }
            let utterance = SpeechSegment(samples: Array(denoised[(3 * rate)..<(3 * rate + speech.count)]), start: 3)
            let chosen = try #require(source.hear(utterance, minimumVoice: 0))
            let original = Array(samples[(3 * rate)..<(3 * rate + speech.count)])
            #expect((chosen.samples == original) == expectOriginal, "noise \(amplitude)")
            if !expectOriginal {
                // Denoised, with the original mixed back in far below it.
                func energy(_ samples: [Int16]) -> Double { samples.reduce(0.0) { $0 + Double($1) * Double($1) } }
                #expect(chosen.samples != utterance.samples)
                #expect(energy(chosen.samples) < energy(original) * 0.8)
                let difference = zip(chosen.samples, utterance.samples).map { Int16(clamping: Int($0) - Int($1)) }
                #expect(energy(difference) < energy(original) * 0.01, "the original is mixed back in at most 20 dB down")
            }
        }
    }
}

/// Samples in memory as a stream, in buffers of a tenth of a second.
struct MemorySource: AudioSource {
    let samples: [Int16]
    var name: String { "memory" }
    func buffers() -> AsyncThrowingStream<AudioBuffer, any Error> {
        let samples = self.samples
        return AsyncThrowingStream { continuation in
            var start = 0
            while start < samples.count {
                let end = min(samples.count, start + 1_600)
                continuation.yield(AudioBuffer(samples: Array(samples[start..<end])))
                start = end
            }
            continuation.finish()
        }
    }
}
