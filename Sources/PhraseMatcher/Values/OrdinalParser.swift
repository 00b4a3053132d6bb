/// Reads the `ordinal` type: "first", "twenty third", "hundredth",
/// "one hundred and first", "two thousand and twenty sixth", "millionth".
///
/// An ordinal is a cardinal whose last word is in ordinal form, so
/// "twenty eleventh" (no cardinal "twenty eleven") is not one.
package struct OrdinalParser: SpokenValueParser {
    package init() {}

    package func parses(_ words: [String], from start: Int) -> [ValueParse] {
        LexemeWindow.parses(
            of: words, from: start, lexicon: Lexeme.ordinalLexicon, payload: Int.self,
            grammar: { window, emit in Self.ordinal(window, 0, emit) },
            value: SlotValue.ordinal
        )
    }

    package static let jsgfRootRule = "ordinal"

    package static let jsgfRules: [JSGFRule] = [
        JSGFRule(
            name: jsgfRootRule,
            body: "zeroth | hundredth | thousandth | millionth | <ord_millions> | <ord_thousands> | <ord_below1000>"
        ),
        JSGFRule(name: "ord_units", body: (1...9).map { NumberWords.ordinalBelowTwenty[$0] }.joined(separator: " | ")),
        JSGFRule(name: "ord_teens", body: (10...19).map { NumberWords.ordinalBelowTwenty[$0] }.joined(separator: " | ")),
        JSGFRule(name: "ord_tens", body: (2...9).map { NumberWords.ordinalTens[$0] }.joined(separator: " | ")),
        JSGFRule(name: "ord_below100", body: "<ord_units> | <ord_teens> | <ord_tens> | <num_tens> <ord_units>"),
        JSGFRule(name: "ord_below1000", body: "<ord_below100> | <num_units> hundredth | <num_hundred> [and] <ord_below100>"),
        JSGFRule(name: "ord_thousands", body: "<num_below1000> thousandth | <num_thousand> [and] <ord_below1000>"),
        JSGFRule(
            name: "ord_millions",
            body: "<num_below1000> millionth | <num_million> [and] (<ord_thousands> | <ord_below1000>)"
        ),
    ] + CardinalGrammar.cardinalRules

    typealias Emit = CardinalGrammar.IntegerEmit

    // <ordinal> = zeroth | hundredth | thousandth | millionth | <ord_millions> | <ord_thousands> | <ord_below1000>
    // A bare scale word only stands alone: "two thousand hundredth" is not an ordinal.
    static func ordinal(_ w: LexemeWindow, _ start: Int, _ emit: Emit) {
        let first = w[start]
        switch first.kind {
        case .ordinalZero: emit(start + 1, 0)
        case .hundredth, .thousandth, .millionth: emit(start + 1, first.value)
        default: break
        }
        if w.contains(.millionth) || w.contains(.million) { millions(w, start, emit) }
        if w.contains(.thousandth) || w.contains(.thousand) { thousands(w, start, emit) }
        below1000(w, start, emit)
    }

    // <ord_below100> = <ord_units> | <ord_teens> | <ord_tens> | <num_tens> <ord_units>
    static func below100(_ w: LexemeWindow, _ start: Int, _ emit: Emit) {
        let first = w[start]
        switch first.kind {
        case .ordinalUnit, .ordinalTeen, .ordinalTens:
            emit(start + 1, first.value)
        case .tens:
            let second = w[start + 1]
            if second.kind == .ordinalUnit { emit(start + 2, first.value + second.value) }
        default:
            break
        }
    }

    // <ord_below1000> = <ord_below100> | <num_units> hundredth | <num_hundred> [and] <ord_below100>
    static func below1000(_ w: LexemeWindow, _ start: Int, _ emit: Emit) {
        below100(w, start, emit)
        let first = w[start]
        if first.kind == .unit && w[start + 1].kind == .hundredth { emit(start + 2, first.value * 100) }
        if w.contains(.hundred) {
            CardinalGrammar.hundred(w, start) { end, hundreds in
                CardinalGrammar.optionalAnd(w, end) { next in
                    below100(w, next) { end, rest in emit(end, hundreds + rest) }
                }
            }
        }
    }

    // <ord_thousands> = <num_below1000> thousandth | <num_thousand> [and] <ord_below1000>
    static func thousands(_ w: LexemeWindow, _ start: Int, _ emit: Emit) {
        scaledOrdinal(w, start, scale: .thousandth, emit)
        CardinalGrammar.thousand(w, start) { end, thousands in
            CardinalGrammar.optionalAnd(w, end) { next in
                below1000(w, next) { end, rest in emit(end, thousands + rest) }
            }
        }
    }

    // <ord_millions> = <num_below1000> millionth | <num_million> [and] (<ord_thousands> | <ord_below1000>)
    static func millions(_ w: LexemeWindow, _ start: Int, _ emit: Emit) {
        scaledOrdinal(w, start, scale: .millionth, emit)
        CardinalGrammar.million(w, start) { end, millions in
            CardinalGrammar.optionalAnd(w, end) { next in
                thousands(w, next) { end, rest in emit(end, millions + rest) }
                below1000(w, next) { end, rest in emit(end, millions + rest) }
            }
        }
    }

    /// `<num_below1000> thousandth` and alike.
    private static func scaledOrdinal(_ w: LexemeWindow, _ start: Int, scale: Lexeme.Kind, _ emit: Emit) {
        guard w.contains(scale) else { return }
        CardinalGrammar.below1000(w, start) { end, count in
            let word = w[end]
            if word.kind == scale { emit(end + 1, count * word.value) }
        }
    }
}
