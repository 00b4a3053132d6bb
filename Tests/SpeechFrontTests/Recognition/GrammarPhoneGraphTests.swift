import PhraseMatcher
import Testing
@testable import SpeechFront

/// Phones heard read through a grammar: the nearest word sequence the
/// grammar allows, and what it cost.
struct GrammarPhoneGraphTests {
    static let model = #"""
    {
      "application": "Timers",
      "fillers": ["please"],
      "types": { "Drink": { "kind": "enum", "cases": { "latte": {}, "cappuccino": {}, "tea": {} } } },
      "intents": {
        "SetTimer": { "phrases": ["set a timer"] },
        "Order": { "parameters": { "drink": { "type": "Drink" } }, "phrases": ["order a \(drink)", "a medium \(drink)"] }
      }
    }
    """#
    static let pronunciations: [String: String] = [
        "set": "S EH T", "a": "AH", "timer": "T AY M ER", "order": "AO R D ER", "latte": "L AA T EY",
        "cappuccino": "K AE P AH CH IY N OW", "tea": "T IY", "medium": "M IY D IY AH M", "please": "P L IY Z",
    ]

    static func graph() throws -> GrammarPhoneGraph {
        let automaton = try RecognitionGrammar.automaton(for: JSGFGrammar(model: ModelLoader.load(text: model, name: "timers.json")))
        return GrammarPhoneGraph(automaton) { (pronunciations[$0] ?? "").split(separator: " ").map(String.init) }
    }

    static func phones(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    @Test func theSamePhonesReadAsTheirWordsAtNoCost() throws {
        let nearest = try #require(try Self.graph().nearest(to: Self.phones("S EH T AH T AY M ER")))
        #expect(nearest.words == ["set", "a", "timer"])
        #expect(nearest.edits == 0 && nearest.skipped == 0 && nearest.phones == 8)
    }

    /// "said a timer": one vowel for another costs half.
    @Test func aNearSpellingReadsAsTheGrammarsWords() throws {
        let nearest = try #require(try Self.graph().nearest(to: Self.phones("S EY D AH T AY M ER")))
        #expect(nearest.words == ["set", "a", "timer"])
        #expect(nearest.edits == 1)
    }

    /// "capuchino" (K AA P UW CH IY N OW), with a filler after it.
    @Test func valuesAndFillersAreReadToo() throws {
        let nearest = try #require(try Self.graph().nearest(to: Self.phones("AO R D ER AH K AA P UW CH IY N OW P L IY Z")))
        #expect(nearest.words == ["order", "a", "cappuccino", "please"])
        #expect(nearest.edits == 1)
    }

    /// "medium" alone: the nearest path adds words nobody said, which
    /// counts as phones not heard.
    @Test func wordsTheGrammarAddsAreCountedAsUnheard() throws {
        let nearest = try #require(try Self.graph().nearest(to: Self.phones("M IY D IY AH M")))
        #expect(nearest.words == ["a", "medium", "tea"] || nearest.words == ["a", "medium", "latte"])
        #expect(nearest.skipped >= 3)
    }

    @Test func nothingHeardReadsAsNothing() throws {
        #expect(try Self.graph().nearest(to: []) == nil)
        #expect(try Self.graph().nearest(to: Array(repeating: "AA", count: GrammarPhoneGraph.longestHeard + 1)) == nil)
    }
}
