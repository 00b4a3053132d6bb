import Testing
@testable import PhraseMatcher

/// A class heard as halves holds each first word and each rest once, and
/// knows which rests each first word comes with.
struct GrammarClassHalvesTests {
    static let contacts = GrammarClass(type: "Contact", names: [["ann", "lee"], ["bo", "lee"], ["ann", "moss"], ["cher"],
                                                                ["ann"], ["maria", "de", "la", "cruz"]])

    @Test func firstWordsAndRestsAreEachHeldOnce() {
        let halves = GrammarClassHalves(Self.contacts)
        #expect(halves.classToken == "_Contact_")
        #expect(halves.nameCount == 6)
        #expect(halves.firsts.map(\.word) == ["ann", "bo", "cher", "maria"])
        #expect(halves.rests.map(\.words) == ["lee", "moss", "de la cruz"])
        #expect(halves.decoderWords.map(\.token) == ["_Contact_:ann", "_Contact_:bo", "_Contact_:cher", "_Contact_:maria",
                                                    "_Contact_.lee", "_Contact_.moss", "_Contact_.de_la_cruz"])
    }

    @Test func eachFirstWordKnowsItsRestsAndWhetherItIsANameAlone() {
        let firsts = GrammarClassHalves(Self.contacts).firsts
        #expect(firsts[0].rests == [0, 1])
        #expect(firsts[0].isWholeName)
        #expect(firsts[1].rests == [0])
        #expect(!firsts[1].isWholeName)
        #expect(firsts[2].rests.isEmpty && firsts[2].isWholeName)
        #expect(firsts[3].rests == [2])
    }
}
