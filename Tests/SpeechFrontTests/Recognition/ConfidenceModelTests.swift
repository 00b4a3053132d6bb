import Testing
@testable import SpeechFront

@Suite struct ConfidenceModelTests {
    /// Evidence of a command whose words fit the audio `margin` nats a
    /// frame worse than free phones.
    private func evidence(margin: Double, phoneDistance: Double = 0.6) -> RecognitionEvidence {
        var evidence = RecognitionEvidence(frames: 200, wordFrames: 150, loopSpeechFrames: 150, pathMargin: margin * 0.8,
                                           wordMargin: margin, worstWordMargin: margin * 1.5, words: 5, phones: 18,
                                           unexplainedSpeech: 0.02)
        evidence.loopFit = -1.5
        evidence.phoneDistance = phoneDistance
        evidence.worstWordPhoneDistance = phoneDistance * 1.5
        return evidence
    }

    @Test func theFittedTableReadsAndTakesEveryFeature() {
        let model = ConfidenceModel.fitted
        #expect(!model.trees.isEmpty)
        #expect(ConfidenceModel.features(evidence(margin: 1)).count == ConfidenceTable.features.count)
    }

    @Test func wordsThatFitTheAudioAreTrustedAndWordsThatDoNotAreNot() {
        #expect(ConfidenceModel.confidence(evidence(margin: 0.5)) > 0.7)
        #expect(ConfidenceModel.confidence(evidence(margin: 6, phoneDistance: 1.2)) < 0.3)
    }

    /// The fit is constrained: a wider margin never raises the confidence,
    /// whatever the other evidence.
    @Test func aWiderMarginNeverRaisesTheConfidence() {
        for distance in [0.3, 0.7, 1.1] {
            var previous = 1.0
            for step in 0...40 {
                let confidence = ConfidenceModel.confidence(evidence(margin: Double(step) * 0.25, phoneDistance: distance))
                #expect(confidence <= previous + 1e-12)
                #expect(confidence > 0 && confidence < 1)
                previous = confidence
            }
        }
    }

    @Test func aBrokenTableIsRefused() {
        #expect(ConfidenceModel(table: "") == nil)
        #expect(ConfidenceModel(table: "0 0 1.0 1 2 0 0\n0 0 0 0 0 0.5 1\n0 0 0 0 0 -0.5 1") == nil, "no baseline")
        #expect(ConfidenceModel(table: "baseline 0\n0 0 1.0 0 2 0 0\n0 0 0 0 0 0.5 1\n0 0 0 0 0 -0.5 1") == nil, "a loop")
        #expect(ConfidenceModel(table: "baseline 0\n0 0 1.0 1 5 0 0\n0 0 0 0 0 0.5 1") == nil, "a child outside the tree")
        #expect(ConfidenceModel(table: "baseline 0\n0 99 1.0 1 2 0 0\n0 0 0 0 0 0.5 1\n0 0 0 0 0 -0.5 1") == nil, "no such feature")
        #expect(ConfidenceModel(table: "baseline 0\n1 0 0 0 0 0.5 1") == nil, "trees out of order")
        let tree = ConfidenceModel(table: "baseline 0\n0 0 1.0 1 2 0 0\n0 0 0 0 0 2 1\n0 0 0 0 0 -2 1")
        #expect(tree != nil)
        var features = [Double](repeating: 0, count: ConfidenceTable.features.count)
        #expect(tree!.probability(features) > 0.8)
        features[0] = 2
        #expect(tree!.probability(features) < 0.2)
    }
}
