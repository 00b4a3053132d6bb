/// Reads the `number` type: every integer, plus "two point five",
/// "point five", "one and a half", "three and three quarters", "a quarter".
package struct DecimalNumberParser: SpokenValueParser {
    /// Bounds the parameter declares; checked when the value is resolved, not here.
    package var min: Double?
    package var max: Double?

    package init(min: Double? = nil, max: Double? = nil) {
        self.min = min
        self.max = max
    }

    package func parses(_ words: [String], from start: Int) -> [ValueParse] {
        LexemeWindow.parses(
            of: words, from: start, lexicon: Lexeme.numberLexicon, payload: Double.self,
            grammar: { window, emit in CardinalGrammar.number(window, 0, emit) },
            value: SlotValue.number
        )
    }

    package static let jsgfRootRule = "number"

    package static let jsgfRules: [JSGFRule] =
        [JSGFRule(name: jsgfRootRule, body: "[<num_sign>] (<num_cardinal> | <num_fractional>)"), CardinalGrammar.signRule]
        + CardinalGrammar.cardinalRules + CardinalGrammar.fractionalRules
}
