import Testing
@testable import SpeechFront

struct WakeTrainingSetTests {
    /// A clip of `count` embeddings whose values are their own index.
    func clip(_ count: Int) -> [[Float]] { (0..<count).map { [Float](repeating: Float($0), count: SpeechEmbedding.width) } }

    /// A window named by its last embedding starts `window - 1` before it;
    /// windows reaching before the clip, and clips shorter than a window, are left out.
    @Test func windowsPointIntoTheirClip() {
        var set = WakeTrainingSet()
        set.add(clip(20), positiveEnds: [3, 15, 17], negativeEnds: [19, 20])
        #expect(set.positives == [0, 2 * SpeechEmbedding.width])
        #expect(set.negatives == [4 * SpeechEmbedding.width])
        #expect(set.embeddings[set.negatives[0]] == 4)
        set.add(clip(10), positiveEnds: [9], negativeEnds: [])
        #expect(set.embeddings.count == 20 * SpeechEmbedding.width)
    }

    /// Appending keeps every window on its own embeddings.
    @Test func appendingShiftsTheOffsets() {
        var first = WakeTrainingSet(), second = WakeTrainingSet()
        first.add(clip(16), positiveEnds: [15], negativeEnds: [])
        second.add(clip(18), positiveEnds: [], negativeEnds: [17])
        first.append(second)
        #expect(first.positives == [0])
        #expect(first.negatives == [(16 + 2) * SpeechEmbedding.width])
        #expect(first.embeddings[first.negatives[0]] == 2)
        #expect(first.embeddings[first.negatives[0] + WakeNetwork.inputWidth - 1] == 17)
    }
}
