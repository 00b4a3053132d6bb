import Testing
@testable import SpeechFront

/// A long list's names found by one word: the names a first word begins,
/// the names a last word ends, of the length asked for.
struct NameAnchorsTests {
    static let anchors = NameAnchors(joinedNames: ["lauren martin", "james martin", "lauren quinn", "maria de la cruz", "cher"])

    @Test func aLastWordBringsTheNamesItEnds() {
        #expect(Self.anchors.names(ofWordCount: 2, endingWith: "martin", limit: 10) == [["lauren", "martin"], ["james", "martin"]])
        #expect(Self.anchors.names(ofWordCount: 2, beginningWith: "martin", limit: 10).isEmpty)
        #expect(Self.anchors.names(ofWordCount: 4, endingWith: "cruz", limit: 10) == [["maria", "de", "la", "cruz"]])
    }

    @Test func aFirstWordBringsTheNamesItBegins() {
        #expect(Self.anchors.names(ofWordCount: 2, beginningWith: "lauren", limit: 10) == [["lauren", "martin"], ["lauren", "quinn"]])
        #expect(Self.anchors.names(ofWordCount: 4, beginningWith: "maria", limit: 10) == [["maria", "de", "la", "cruz"]])
        #expect(Self.anchors.names(ofWordCount: 2, beginningWith: "maria", limit: 10).isEmpty)
    }

    /// A name of one word has no other word to be found by.
    @Test func aNameOfOneWordIsNoAnchor() {
        #expect(Self.anchors.names(ofWordCount: 1, beginningWith: "cher", limit: 10).isEmpty)
    }

    /// Only names of the length asked for count toward the limit.
    @Test func namesAddedAreFoundAndTheLimitHolds() {
        var anchors = Self.anchors
        anchors.add(["zelda martin", "ann lee martin"])
        #expect(anchors.names(ofWordCount: 2, endingWith: "martin", limit: 10).last == ["zelda", "martin"])
        #expect(anchors.names(ofWordCount: 2, endingWith: "martin", limit: 1) == [["lauren", "martin"]])
        #expect(anchors.names(ofWordCount: 3, endingWith: "martin", limit: 1) == [["ann", "lee", "martin"]])
    }
}
