import Foundation
import Testing
@testable import PhraseMatcher

/// Where a model's words are written, for errors about them after loading.
struct WordLocationsTests {
    @Test func aWordIsPlacedWhereThePhraseWritesIt() throws {
        let model = try ModelLoader.load(text: #"{"application": "A", "intents": {"Go": {"phrases": ["turn on the Zorbleflux now"]}}}"#,
                                         name: "m.json")
        let diagnostic = try #require(model.wordLocations.diagnostic(.error, "x", about: "zorbleflux"))
        #expect(diagnostic.summary == "m.json:1:66: error: x")
        #expect(diagnostic.length == 10)
        #expect(model.wordLocations.diagnostic(.error, "x", about: "missing") == nil)
    }

    /// Not inside another word ("on" of "zone"), and where lower-casing
    /// changes the text's length, the whole string.
    @Test func aWordIsPlacedAloneOrAtItsString() throws {
        let model = try ModelLoader.load(text: #"{"application": "A", "intents": {"Go": {"phrases": ["zone on", "İstanbul ok"]}}}"#,
                                         name: "m.json")
        #expect(model.wordLocations.diagnostic(.error, "x", about: "on")?.column == 59)
        #expect(model.wordLocations.diagnostic(.error, "x", about: "ok")?.column == 64)
    }

    /// Found by the model-reader fuzzer: a match that Foundation's search
    /// put inside a character of several scalars trapped on its index.
    @Test func aPhraseOfBrokenTextLoadsWithoutATrap() throws {
        let bytes = try #require(Data(base64Encoded: "eyJhcHBsaWNhdGlvbiI6ICJBIiwgImludGVudHMiOiB7IkdvIjogeyJwaHJhc2VzIjogWyIg14f///////+wsLCwsLCwsGCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCw/////////////////zMwMDAwMDAxMjgzNjE5Mjk5x8bGxDk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTn+Il19fX0="))
        #expect(throws: Never.self) { _ = try? ModelLoader.load(text: String(decoding: bytes, as: UTF8.self), name: "fuzz.json") }
    }
}
