/// Reads the `number` type: every integer, plus "two point five",
/// "point five", "one and a half", "three and three quarters", "a quarter".
public struct DecimalNumberParser: SpokenValueParser {
    /// Bounds the parameter declares; checked when the value is resolved, not here.
    public var min: Double?
    public var max: Double?

    public init(min: Double? = nil, max: Double? = nil) {
        self.min = min
        self.max = max
    }

    public func parses(_ words: [String], from start: Int) -> [ValueParse] {
        LexemeWindow.parses(
            of: words, from: start, lexicon: Lexeme.numberLexicon, payload: Double.self,
            grammar: { window, emit in CardinalGrammar.number(window, 0, emit) },
            value: SlotValue.number
        )
    }

    public static let jsgfRootRule = "number"

    public static let jsgfRules: [JSGFRule] =
        [JSGFRule(name: jsgfRootRule, body: "[<num_sign>] (<num_cardinal> | <num_fractional>)"), CardinalGrammar.signRule]
        + CardinalGrammar.cardinalRules + CardinalGrammar.fractionalRules
}
