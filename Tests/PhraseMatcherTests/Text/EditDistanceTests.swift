import Testing
@testable import PhraseMatcher

struct EditDistanceTests {
    @Test func countsInsertionsDeletionsAndSubstitutions() {
        #expect(EditDistance.between(Array("kitten"), Array("sitting")) == 3)
        #expect(EditDistance.between(Array("phrase"), Array("phrases")) == 1)
        #expect(EditDistance.between([String](), ["a", "b"]) == 2)
        #expect(EditDistance.between(["set", "a", "timer"], ["set", "timer", "now"]) == 2)
    }
}
