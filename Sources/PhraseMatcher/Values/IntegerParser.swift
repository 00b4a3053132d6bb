/// Reads the `integer` type: "seven", "twenty five", "a hundred and five",
/// "two thousand and twenty six", "nineteen hundred", "minus five".
package struct IntegerParser: SpokenValueParser {
    /// Bounds the parameter declares; checked when the value is resolved,
    /// not here, so "eleven" still reads as 11 when `max` is 10.
    package var min: Int?
    package var max: Int?

    package init(min: Int? = nil, max: Int? = nil) {
        self.min = min
        self.max = max
    }

    package func parses(_ words: [String], from start: Int) -> [ValueParse] {
        LexemeWindow.parses(
            of: words, from: start, lexicon: Lexeme.numberLexicon, payload: Int.self,
            grammar: { window, emit in CardinalGrammar.integer(window, 0, emit) },
            value: SlotValue.integer
        )
    }

    package static let jsgfRootRule = "integer"

    package static let jsgfRules: [JSGFRule] =
        [JSGFRule(name: jsgfRootRule, body: "[<num_sign>] <num_cardinal>"), CardinalGrammar.signRule]
        + CardinalGrammar.cardinalRules
}
