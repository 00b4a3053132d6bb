import Testing
@testable import SpeechFront

@Suite struct RecognitionEvidenceTests {
    @Test func phoneEditsCountInsertionsDeletionsAndSubstitutions() {
        #expect(RecognitionEvidence.editDistance(["K", "AE", "T"], ["K", "AE", "T"]) == 0)
        #expect(RecognitionEvidence.editDistance(["K", "AE", "T"], ["K", "AH", "T"]) == 1)
        #expect(RecognitionEvidence.editDistance(["K", "AE", "T"], ["AE", "T", "S"]) == 2)
        #expect(RecognitionEvidence.editDistance([], ["S", "IH"]) == 2)
        #expect(RecognitionEvidence.editDistance(["S", "IH"], []) == 2)
    }
}
