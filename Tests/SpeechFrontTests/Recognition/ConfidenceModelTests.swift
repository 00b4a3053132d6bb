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
        #expect(ConfidenceModel(table: "", features: 8) == nil)
        #expect(ConfidenceModel(table: "0 0 1.0 1 2 0 0\n0 0 0 0 0 0.5 1\n0 0 0 0 0 -0.5 1", features: 8) == nil, "no baseline")
        #expect(ConfidenceModel(table: "baseline 0\n0 0 1.0 0 2 0 0\n0 0 0 0 0 0.5 1\n0 0 0 0 0 -0.5 1", features: 8) == nil, "a loop")
        #expect(ConfidenceModel(table: "baseline 0\n0 0 1.0 1 5 0 0\n0 0 0 0 0 0.5 1", features: 8) == nil, "a child outside the tree")
        #expect(ConfidenceModel(table: "baseline 0\n0 99 1.0 1 2 0 0\n0 0 0 0 0 0.5 1\n0 0 0 0 0 -0.5 1", features: 8) == nil, "no such feature")
        #expect(ConfidenceModel(table: "baseline 0\n1 0 0 0 0 0.5 1", features: 8) == nil, "trees out of order")
        let tree = ConfidenceModel(table: "baseline 0\n0 0 1.0 1 2 0 0\n0 0 0 0 0 2 1\n0 0 0 0 0 -2 1", features: 8)
        #expect(tree != nil)
        var features = [Double](repeating: 0, count: ConfidenceTable.features.count)
        #expect(tree!.probability(features) > 0.8)
        features[0] = 2
        #expect(tree!.probability(features) < 0.2)
    }

    private func withOpinion(_ evidence: RecognitionEvidence, distance: Double, extra: Double = 0) -> RecognitionEvidence {
        var evidence = evidence
        let said = ["T", "ER", "N"]
        evidence.secondOpinion = SecondOpinion(text: "x", said: said) { _ in said }
        evidence.secondOpinion?.distance = distance
        evidence.secondOpinion?.extra = extra
        return evidence
    }

    @Test func theSecondOpinionTableReadsAndTakesEveryFeature() {
        #expect(!ConfidenceModel.fittedWithSecondOpinion.trees.isEmpty)
        #expect(ConfidenceTable.secondOpinionFeatures.count == ConfidenceTable.features.count + 2)
    }

    /// A voice the acoustic model fits badly (wide margins, phones that
    /// disagree) is trusted when the neural recogniser heard the command,
    /// and not when it heard something else.
    @Test func theSecondOpinionDecidesWhereTheAcousticEvidenceIsUnsure() {
        let unfamiliar = evidence(margin: 3, phoneDistance: 1.1)
        #expect(ConfidenceModel.confidence(withOpinion(unfamiliar, distance: 0)) > 0.5)
        #expect(ConfidenceModel.confidence(withOpinion(unfamiliar, distance: 0.9)) < 0.2)
        #expect(ConfidenceModel.confidence(withOpinion(evidence(margin: 0.5), distance: 0.9, extra: 0.6)) < 0.4)
    }

    /// The second opinion's fit is constrained too: more distance never raises the confidence.
    @Test func moreDistanceNeverRaisesTheConfidence() {
        for margin in [0.5, 2, 4] {
            var previous = 1.0
            for step in 0...30 {
                let confidence = ConfidenceModel.confidence(withOpinion(evidence(margin: margin), distance: Double(step) * 0.05))
                #expect(confidence <= previous + 1e-12)
                previous = confidence
            }
        }
    }
}
