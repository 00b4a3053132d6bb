import Testing
@testable import SpeechFront

/// A long list's names found by one word: the names a first word begins,
/// the names a last word ends, of the length asked for.
struct NameAnchorsTests {
    static let anchors = NameAnchors(joinedNames: ["lauren martin", "james martin", "lauren quinn", "maria de la cruz", "cher"])

    @Test func aLastWordBringsTheNamesItEnds() {
        #expect(Self.anchors.names(of: 2, words: "martin", atEnd: true, limit: 10) == [["lauren", "martin"], ["james", "martin"]])
        #expect(Self.anchors.names(of: 2, words: "martin", atEnd: false, limit: 10).isEmpty)
    }

    @Test func aFirstWordBringsTheNamesItBegins() {
        #expect(Self.anchors.names(of: 2, words: "lauren", atEnd: false, limit: 10) == [["lauren", "martin"], ["lauren", "quinn"]])
        #expect(Self.anchors.names(of: 4, words: "maria", atEnd: false, limit: 10) == [["maria", "de", "la", "cruz"]])
        #expect(Self.anchors.names(of: 2, words: "maria", atEnd: false, limit: 10).isEmpty)
    }

    /// A name of one word has no other word to be found by.
    @Test func aNameOfOneWordIsNoAnchor() {
        #expect(Self.anchors.names(of: 1, words: "cher", atEnd: false, limit: 10).isEmpty)
    }

    @Test func namesAddedAreFoundAndTheLimitHolds() {
        var anchors = Self.anchors
        anchors.add(["zelda martin"])
        #expect(anchors.names(of: 2, words: "martin", atEnd: true, limit: 10).last == ["zelda", "martin"])
        #expect(anchors.names(of: 2, words: "martin", atEnd: true, limit: 1) == [["lauren", "martin"]])
    }
}
