import Foundation
import Testing
@testable import SpeechFront

/// The one utterance path on the fixture clips: the same utterances
/// however the audio arrives, the denoising decided on the opening.
struct UtteranceCutterTests {
    static func samples(_ clip: String) throws -> [Int16] { try SharedRecognizer.samples("\(clip).flac") }

    /// Every utterance of `samples` fed in chunks of `chunk` samples.
    static func cut(_ samples: [Int16], chunk: Int, settings: UtteranceCutter.Settings = UtteranceCutter.Settings())
        throws -> (utterances: [SpeechSegment], denoised: Bool?) {
        let cutter = try UtteranceCutter(settings: settings)
        var utterances: [SpeechSegment] = []
        var offset = 0
        while offset < samples.count {
            for endpoint in try cutter.feed(Array(samples[offset..<min(samples.count, offset + chunk)])) {
                if case .final(let segment) = endpoint { utterances.append(segment) }
            }
            offset += chunk
        }
        utterances += try cutter.finish()
        return (utterances, cutter.denoises)
    }

    /// A recording read in quarter seconds (`transcribe`), in the tenths of
    /// a live source, or in odd sizes gives the same utterances, sample for
    /// sample, denoised or not.
    @Test(arguments: ["two-commands", "device-noisy-awb", "kitchen-noisy-rms"])
    func howTheAudioArrivesChangesNothing(_ clip: String) throws {
        let samples = try Self.samples(clip)
        let reference = try Self.cut(samples, chunk: 4_000)
        #expect(!reference.utterances.isEmpty)
        for chunk in [1_600, 317, samples.count] {
            let other = try Self.cut(samples, chunk: chunk)
            #expect(other.denoised == reference.denoised, "chunks of \(chunk)")
            #expect(other.utterances.map(\.start) == reference.utterances.map(\.start), "chunks of \(chunk)")
            #expect(other.utterances.map(\.samples) == reference.utterances.map(\.samples), "chunks of \(chunk)")
            #expect(other.utterances.map(\.voiceFrames) == reference.utterances.map(\.voiceFrames), "chunks of \(chunk)")
        }
    }

    /// A command and three short answers in espeak-ng's voice, in quiet:
    /// the stream is not denoised, and every answer is an utterance as it
    /// is without RNNoise (hearing RNNoise's output after the opening, the
    /// endpointer missed the last two).
    @Test(.enabled(if: NoiseSuppressor.unavailableReason == nil, "RNNoise is unavailable"))
    func answersAfterTheOpeningAreHeardAsWithoutTheSuppressor() throws {
        let samples = try Self.samples("espeak-answers")
        var off = UtteranceCutter.Settings()
        off.denoising.mode = .off
        let plain = try Self.cut(samples, chunk: 4_000, settings: off)
        let cut = try Self.cut(samples, chunk: 4_000)
        #expect(cut.denoised == false)
        #expect(plain.utterances.count == 4)
        #expect(cut.utterances.count == 4)
        for (heard, expected) in zip(cut.utterances.dropFirst(), plain.utterances.dropFirst()) {
            #expect(abs(heard.start - expected.start) < 0.05 && abs(heard.end - expected.end) < 0.05, "\(heard.start)–\(heard.end)")
        }
    }

    /// Without denoising the cutter is the endpointer: the same utterances.
    @Test func offIsTheEndpointerAlone() throws {
        let samples = try Self.samples("two-commands")
        var settings = UtteranceCutter.Settings()
        settings.denoising.mode = .off
        let cut = try Self.cut(samples, chunk: 4_000, settings: settings)
        let endpointer = try Endpointer(settings: settings.endpointing)
        var expected = try endpointer.feed(samples)
        if let last = endpointer.finish() { expected.append(last) }
        #expect(cut.denoised == false)
        #expect(cut.utterances.map(\.samples) == expected.map(\.samples))
        #expect(cut.utterances.count == 2)
    }

    /// The opening runs to the end of the first utterance: a quiet stream
    /// that opens with seconds of silence is judged with its speech, and
    /// not denoised; a noisy one is.
    @Test(.enabled(if: NoiseSuppressor.unavailableReason == nil, "RNNoise is unavailable"))
    func theOpeningHoldsTheFirstUtterance() throws {
        let speech = try Self.samples("device-on-slt")
        var random: UInt64 = 7
        func stream(noise amplitude: Double) -> [Int16] {
            let lead = 6 * RecognizerAudio.sampleRate
            return (0..<(lead + speech.count + RecognizerAudio.sampleRate)).map { index in
                random = random &* 6364136223846793005 &+ 1442695040888963407
                let noise = (Double(random >> 40) / Double(1 << 24) - 0.5) * amplitude
                let voice = index >= lead && index < lead + speech.count ? Double(speech[index - lead]) : 0
                return Int16(max(-32_768, min(32_767, voice + noise)))
            }
        }
        let quiet = try Self.cut(stream(noise: 20), chunk: 1_600)
        #expect(quiet.denoised == false)
        #expect(quiet.utterances.count == 1)
        // Denoised (the background lowered, the utterance where it was said).
        let noisy = try Self.cut(stream(noise: 6_000), chunk: 1_600)
        #expect(noisy.denoised == true)
        let first = try #require(noisy.utterances.first)
        #expect(first.start > 5.5 && first.start < 7.5, "starts at \(first.start) s")
    }

    /// A gap ends what was heard before it; muted audio cuts the open
    /// utterance off, which comes back as `cut`, never as an utterance.
    @Test func aMutedStretchCutsTheOpenUtteranceOff() throws {
        let samples = try Self.samples("two-commands")
        let cutter = try UtteranceCutter()
        var offset = 0
        var utterances: [SpeechSegment] = []
        // Into the first command, a second past where speech opened.
        while !cutter.isHearingSpeech, offset < samples.count {
            utterances += try cutter.feed(Array(samples[offset..<(offset + 1_600)])).compactMap { if case .final(let s) = $0 { s } else { nil } }
            offset += 1_600
        }
        _ = try cutter.feed(Array(samples[offset..<(offset + 16_000)]))
        offset += 16_000
        #expect(cutter.isHearingSpeech)
        let discarded = try cutter.discard(16_000)
        #expect(discarded.cut != nil)
        #expect(utterances.isEmpty && discarded.utterances.isEmpty)
        #expect(abs(cutter.position - Double(offset + 16_000) / 16_000) < 0.001)
    }
}
