import Foundation
import PhraseMatcher
import Testing
@testable import SpeechFront

/// The neural decoder searching inside a grammar, with a decoder that
/// "hears" a given token sequence: the search writes only what the grammar
/// says, finds the wording heard when the grammar holds it, and weighs
/// other speech forced into the grammar far below it.
struct GrammarTokenSearchTests {
    /// A few tokens: the special three, then pieces of words, punctuation.
    struct Readings: TokenReadings {
        static let pieces = ["<unk>", "<s>", "</s>", " set", " a", " tim", "er", " timer", " tea", " t", "ea", " play", " music",
                             ".", ",", " ten", " minutes"]
        func forEachToken(readingAtStartOf text: [UInt8], from start: Int, _ body: (Int32, Int) -> Void) {
            for (token, piece) in Self.pieces.enumerated().dropFirst(3) {
                let bytes = Array(piece.utf8)
                if text[start...].starts(with: bytes) { body(Int32(token), bytes.count) }
            }
        }
        var endToken: Int32 { 2 }
        var punctuation: [Int32] { [13, 14] }
        static func token(_ piece: String) -> Int32 { Int32(pieces.firstIndex(of: piece)!) }
    }

    /// Hears `said` (tokens, the end last): each next token of it at -0.1,
    /// every other at -6; past it, the end likeliest. Counts its steps.
    final class Scorer: NextTokenScorer {
        let said: [Int32]
        var steps = 0
        var widest = 0
        init(_ said: [String]) { self.said = said.map(Readings.token) + [2] }
        func start() -> [[Int32]] { [[]] }
        func logProbabilities(_ state: [[Int32]]) -> [[Float]] {
            state.map { written in
                var row = [Float](repeating: -6, count: Readings.pieces.count)
                let expected = written == Array(said.prefix(written.count)) && written.count < said.count ? said[written.count] : 2
                row[Int(expected)] = -0.1
                return row
            }
        }
        func step(_ tokens: [Int32], from parents: [Int], after state: [[Int32]]) -> [[Int32]] {
            steps += 1
            widest = max(widest, tokens.count)
            return zip(tokens, parents).map { state[$1] + [$0] }
        }
    }

    static func automaton(_ phrases: [String]) throws -> WordAutomaton {
        let model = try ModelLoader.load(text: """
            {"application": "Test", "intents": {"Test": {"phrases": [\(phrases.map { "\"\($0)\"" }.joined(separator: ", "))]}}}
            """, name: "test.json")
        return try RecognitionGrammar.automaton(for: JSGFGrammar(model: model))
    }

    static func words(_ found: GrammarTokenSearch<Scorer, Readings>.Found?, in automaton: WordAutomaton) -> String? {
        found.map { $0.words.map { automaton.words[Int($0)] }.joined(separator: " ") }
    }

    @Test func theWordingHeardIsFoundWhateverItsTokens() throws {
        let automaton = try Self.automaton(["set a timer", "set a tea", "set a ten minutes timer"])
        let search = GrammarTokenSearch<Scorer, Readings>(automaton: automaton, readings: Readings())
        for said in [[" set", " a", " tim", "er"], [" set", " a", " timer"], [" set", " a", " t", "ea"]] {
            let found = try search.search(Scorer(said))
            #expect(Self.words(found, in: automaton) == (said.last == "ea" ? "set a tea" : "set a timer"))
            #expect(abs((found?.logLikelihood ?? 0) - Double(said.count + 1) * -0.1) < 1e-6, "\(said)")
        }
    }

    @Test func punctuationBetweenWordsAndBeforeTheEndIsFree() throws {
        let automaton = try Self.automaton(["set a timer"])
        let search = GrammarTokenSearch<Scorer, Readings>(automaton: automaton, readings: Readings())
        let found = try #require(try search.search(Scorer([" set", ",", " a", " timer", "."])))
        #expect(Self.words(found, in: automaton) == "set a timer")
        #expect(found.tokens == [" set", ",", " a", " timer", "."].map(Readings.token) + [2])
    }

    /// Other speech: the search still ends in a whole command, far less
    /// likely than what was heard; it never ends mid-command.
    @Test func otherSpeechIsForcedIntoAWholeCommandAtAPrice() throws {
        let automaton = try Self.automaton(["set a timer", "set a ten minutes timer"])
        let search = GrammarTokenSearch<Scorer, Readings>(automaton: automaton, readings: Readings())
        let heard = Scorer([" play", " music"])
        let found = try #require(try search.search(heard))
        #expect(["set a timer", "set a ten minutes timer"].contains(Self.words(found, in: automaton)))
        #expect(found.logLikelihood < -15)
        #expect(heard.widest <= search.beam)
    }

    @Test func noWordingEndsWithinTheLimit() throws {
        var search = GrammarTokenSearch<Scorer, Readings>(automaton: try Self.automaton(["set a timer"]), readings: Readings())
        search.longest = 2
        #expect(try search.search(Scorer([" set", " a", " timer"])) == nil)
    }
}
