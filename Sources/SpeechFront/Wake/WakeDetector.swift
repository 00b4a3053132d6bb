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
    /// `latest` seconds, 80 ms apart, the last ending at `latest` exactly:
    /// the phrase's end as the keyphrase search dates it is rough, and the
    /// network learnt phrases ending 0 to 0.2 s before its window does.
    /// Audio too short for a window is heard after silence, as in
    /// training, where phrases came after up to a second and a half of it.
    func probability(in samples: [Int16], start: Double, endingBetween earliest: Double, and latest: Double) throws(SpeechError) -> Double {
        let rate = Double(RecognizerAudio.sampleRate)
        let last = min(samples.count, max(0, Int(((latest - start) * rate).rounded())))
        let looks = 1 + max(0, Int(((latest - earliest) * rate) / Double(SpeechEmbedding.step)))
        let wanted = Self.heardSamples + (looks - 1) * SpeechEmbedding.step
        let first = max(0, last - wanted)
        let heard = [Int16](repeating: 0, count: wanted - (last - first)) + samples[first..<last]
        let embeddings = try embedding.embeddings(of: heard[...])
        guard embeddings.count >= WakeNetwork.window else { return 0 }
        return ((WakeNetwork.window - 1)..<embeddings.count).map { lastIndex in
            network.probability(embeddings[(lastIndex - WakeNetwork.window + 1)...lastIndex])
        }.max() ?? 0
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
