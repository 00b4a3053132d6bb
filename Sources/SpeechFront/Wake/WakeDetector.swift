import Foundation

/// A phrase's trained network (`WakeNetwork`) listening through the speech
/// embedding: how sure it is that the phrase ends near a given moment of a
/// stretch of audio. Used by one thread at a time.
final class WakeDetector {
    let network: WakeNetwork
    private let embedding: SpeechEmbedding

    /// Why there is no trained detector here (the embedding is missing), or nil.
    static var unavailableReason: String? { SpeechEmbedding.unavailableReason }

    init(network: WakeNetwork) throws(SpeechError) {
        self.network = network
        embedding = try SpeechEmbedding()
    }

    /// Samples the network hears at once: `window` embeddings.
    static let heardSamples = (WakeNetwork.window - 1) * SpeechEmbedding.step + SpeechEmbedding.span

    /// The highest probability of the windows of `samples` (whose first
    /// sample is at `start` seconds) that end between `earliest` and
    /// `latest` seconds: the phrase's end as the keyphrase search dates it
    /// is rough. Audio too short for a window is heard after silence, as
    /// in training, where phrases came after up to a second and a half of it.
    func probability(in samples: [Int16], start: Double, endingBetween earliest: Double, and latest: Double) throws(SpeechError) -> Double {
        let rate = Double(RecognizerAudio.sampleRate)
        let last = min(samples.count, max(0, Int(((latest - start) * rate).rounded())))
        let padding = max(0, Self.heardSamples - last)
        let heard = [Int16](repeating: 0, count: padding) + samples[..<last]
        let heardStart = start - Double(padding) / rate
        let embeddings = try embedding.embeddings(of: heard[...])
        var best = 0.0
        guard embeddings.count >= WakeNetwork.window else { return best }
        for lastIndex in (WakeNetwork.window - 1)..<embeddings.count {
            let end = heardStart + Double(lastIndex * SpeechEmbedding.step + SpeechEmbedding.span) / rate
            guard end >= earliest - 0.04, end <= latest + 0.04 else { continue }
            best = max(best, network.probability(embeddings[(lastIndex - WakeNetwork.window + 1)...lastIndex]))
        }
        return best
    }

    /// A probability on the scale of `WakePhrase.threshold`: its log-odds
    /// over four decades (0.9 → 0.25, 0.99 → 0.5, 0.999 → 0.75, 0.9999 →
    /// 1), because the network is sure of most real phrases and of nothing
    /// else only in its last few nines.
    static func score(_ probability: Double) -> Double {
        guard probability < 1 else { return 1 }
        return min(1, max(0, log10(1 / (1 - probability)) / 4))
    }
}
