import Testing
@testable import PhraseMatcher

@Suite struct BooleanParserTests {
    @Test(arguments: [("on", true), ("off", false), ("yes", true), ("no", false), ("true", true), ("false", false)])
    func readsBooleans(spoken: String, value: Bool) {
        #expect(BooleanParser().parses([spoken], from: 0) == [ValueParse(end: 1, value: .boolean(value))])
    }

    @Test func readsOneWordFromTheStart() {
        #expect(BooleanParser().parses(spokenWords("turn it on please"), from: 2) == [ValueParse(end: 3, value: .boolean(true))])
        #expect(BooleanParser().parses(spokenWords("maybe"), from: 0).isEmpty)
        #expect(BooleanParser().parses([], from: 0).isEmpty)
    }
}
