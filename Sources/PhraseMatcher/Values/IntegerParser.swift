/// Reads the `integer` type: "seven", "twenty five", "a hundred and five",
/// "two thousand and twenty six", "nineteen hundred", "minus five".
public struct IntegerParser: SpokenValueParser {
    /// Bounds the parameter declares; checked when the value is resolved,
    /// not here, so "eleven" still reads as 11 when `max` is 10.
    public var min: Int?
    public var max: Int?

    public init(min: Int? = nil, max: Int? = nil) {
        self.min = min
        self.max = max
    }

    public func parses(_ words: [String], from start: Int) -> [ValueParse] {
        LexemeWindow.parses(
            of: words, from: start, lexicon: Lexeme.numberLexicon, payload: Int.self,
            grammar: { window, emit in CardinalGrammar.integer(window, 0, emit) },
            value: SlotValue.integer
        )
    }

    public static let jsgfRootRule = "integer"

    public static let jsgfRules: [JSGFRule] =
        [JSGFRule(name: jsgfRootRule, body: "[<num_sign>] <num_cardinal>"), CardinalGrammar.signRule]
        + CardinalGrammar.cardinalRules
}
