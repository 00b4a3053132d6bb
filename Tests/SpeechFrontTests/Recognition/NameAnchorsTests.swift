import PhraseMatcher
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

    /// A name may begin longer ones only word for word: "lauren" begins
    /// "lauren martin", "laur" and "lauren martin" begin nothing longer.
    @Test func aNameBeginsTheLongerNamesItIsTheStartOf() {
        #expect(Self.anchors.beginsLongerName(["lauren"]))
        #expect(Self.anchors.beginsLongerName(["maria", "de"]))
        #expect(!Self.anchors.beginsLongerName(["laur"]))
        #expect(!Self.anchors.beginsLongerName(["lauren", "martin"]))
        #expect(!Self.anchors.beginsLongerName(["cher"]))
        #expect(!Self.anchors.beginsLongerName([]))
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

/// A recogniser's names by one word follow its list: names added while it
/// runs are found whether they came before the index was made or after.
@Suite(.enabled(if: SharedRecognizer.modelInstalled, "needs pocketsphinx-en-us"))
struct NameAnchorsOfARecognizerTests {
    @Test func namesAddedBeforeAndAfterTheIndexIsMadeAreFound() throws {
        let recognizer = try NamesWeighedTests.recognizer(names: ["lauren martin"])
        try recognizer.changeEntities(ofType: "Contact", adding: [Entity(id: "zelda", name: "Zelda Martin")])
        func endingInMartin() throws -> [[String]] {
            try #require(recognizer.searches.nameAnchors(ofType: "Contact")).names(ofWordCount: 2, endingWith: "martin", limit: 1_000)
        }
        #expect(try endingInMartin().contains(["lauren", "martin"]))
        #expect(try endingInMartin().contains(["zelda", "martin"]))
        try recognizer.changeEntities(ofType: "Contact", adding: [Entity(id: "yolanda", name: "Yolanda Martin")])
        #expect(try endingInMartin().contains(["yolanda", "martin"]))
        // A type that is no class has no such index.
        #expect(recognizer.searches.nameAnchors(ofType: "Nothing") == nil)
    }
}
