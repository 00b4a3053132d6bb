import Testing
@testable import PhraseMatcher

/// A class's members are decoder words that carry their name's words, and
/// nothing else reads as one.
struct GrammarClassTests {
    @Test func aMemberTokenGivesBackItsWords() {
        let contacts = GrammarClass(type: "Contact", names: [["zed", "quillon"], ["ann"], ["zed", "quillon"], []])
        #expect(contacts.names == [["zed", "quillon"], ["ann"]])
        #expect(contacts.joinedNames == ["zed quillon", "ann"])
        #expect(contacts.distinctWords == ["zed", "quillon", "ann"])
        #expect(contacts.token == "_Contact_")
        #expect(contacts.memberToken(joined: "zed quillon") == "_Contact_:zed_quillon")
        #expect(GrammarClass.words(ofMember: "_Contact_:zed_quillon") == ["zed", "quillon"])
        #expect(GrammarClass.words(ofMember: "_Contact_:ann") == ["ann"])
    }

    @Test func aRestTokenGivesBackTheRestsWords() {
        let contacts = GrammarClass(type: "Contact", names: [["maria", "de", "la", "cruz"]])
        #expect(contacts.restToken(joined: "de la cruz") == "_Contact_.de_la_cruz")
        #expect(GrammarClass.words(ofMember: "_Contact_.de_la_cruz") == ["de", "la", "cruz"])
        #expect(GrammarClass.words(ofMember: "_Contact_.") == nil)
    }

    @Test func otherWordsAreNoMembers() {
        for word in ["call", "[NOISE]", "<sil>", "_Contact_", "_Contact_:", "++UM++", "o'brien", "_:ann"] {
            #expect(GrammarClass.words(ofMember: word) == nil, "\(word)")
        }
        #expect(GrammarClass.isToken("_Contact_"))
        #expect(!GrammarClass.isToken("call"))
        // A type's name may hold anything; its token only letters and digits.
        #expect(GrammarClass.token(forType: "Song title") == "_Song_20title_")
        #expect(GrammarClass.token(forType: "a-b") != GrammarClass.token(forType: "a b"))
    }
}
