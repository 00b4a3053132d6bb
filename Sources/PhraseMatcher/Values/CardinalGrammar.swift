/// The grammar of spoken cardinal and fractional numbers, shared by every
/// value type that reads a quantity.
///
/// Each function mirrors the JSGF rule quoted above it: it calls `emit` once
/// for every way the rule matches the window from index `start`, with the end
/// (exclusive) and the value. Continuation passing keeps every alternative
/// alive without building intermediate arrays.
enum CardinalGrammar {
    typealias IntegerEmit = (_ end: Int, _ value: Int) -> Void
    typealias NumberEmit = (_ end: Int, _ value: Double) -> Void

    // <num_below100> = <num_units> | ten | <num_teens> | <num_tens> [<num_units>]
    static func below100(_ w: LexemeWindow, _ start: Int, _ emit: IntegerEmit) {
        let first = w[start]
        switch first.kind {
        case .unit, .ten, .teen:
            emit(start + 1, first.value)
        case .tens:
            emit(start + 1, first.value)
            let second = w[start + 1]
            if second.kind == .unit { emit(start + 2, first.value + second.value) }
        default:
            break
        }
    }

    // <num_hundred> = (<num_units> | a) hundred
    static func hundred(_ w: LexemeWindow, _ start: Int, _ emit: IntegerEmit) {
        guard w[start + 1].kind == .hundred else { return }
        let first = w[start]
        switch first.kind {
        case .unit: emit(start + 2, first.value * 100)
        case .a: emit(start + 2, 100)
        default: break
        }
    }

    // <num_below1000> = <num_hundred> [[and] <num_below100>] | <num_below100>
    static func below1000(_ w: LexemeWindow, _ start: Int, _ emit: IntegerEmit) {
        if w.contains(.hundred) {
            hundred(w, start) { end, hundreds in
                emit(end, hundreds)
                optionalAnd(w, end) { next in
                    below100(w, next) { end, rest in emit(end, hundreds + rest) }
                }
            }
        }
        below100(w, start, emit)
    }

    // <num_thousand> = (<num_below1000> | a) thousand
    static func thousand(_ w: LexemeWindow, _ start: Int, _ emit: IntegerEmit) {
        scaleHead(w, start, scale: .thousand, multiplier: 1_000, emit)
    }

    // <num_below1m> = <num_thousand> [[and] <num_below1000>] | <num_below1000>
    static func below1M(_ w: LexemeWindow, _ start: Int, _ emit: IntegerEmit) {
        if w.contains(.thousand) {
            thousand(w, start) { end, thousands in
                emit(end, thousands)
                optionalAnd(w, end) { next in
                    below1000(w, next) { end, rest in emit(end, thousands + rest) }
                }
            }
        }
        below1000(w, start, emit)
    }

    // <num_million> = (<num_below1000> | a) million
    static func million(_ w: LexemeWindow, _ start: Int, _ emit: IntegerEmit) {
        scaleHead(w, start, scale: .million, multiplier: 1_000_000, emit)
    }

    // <num_below1b> = <num_million> [[and] <num_below1m>] | <num_below1m>
    static func below1B(_ w: LexemeWindow, _ start: Int, _ emit: IntegerEmit) {
        if w.contains(.million) {
            million(w, start) { end, millions in
                emit(end, millions)
                optionalAnd(w, end) { next in
                    below1M(w, next) { end, rest in emit(end, millions + rest) }
                }
            }
        }
        below1M(w, start, emit)
    }

    // <num_teen_hundreds> = (<num_teens> | <num_tens> [<num_units>]) hundred [[and] <num_below100>]
    // "nineteen hundred and eighty four", "twenty five hundred".
    static func teenHundreds(_ w: LexemeWindow, _ start: Int, _ emit: IntegerEmit) {
        guard w.contains(.hundred) else { return }
        let first = w[start]
        func hundreds(of count: Int, at hundredIndex: Int) {
            guard w[hundredIndex].kind == .hundred else { return }
            let hundreds = count * 100
            emit(hundredIndex + 1, hundreds)
            optionalAnd(w, hundredIndex + 1) { next in
                below100(w, next) { end, rest in emit(end, hundreds + rest) }
            }
        }
        switch first.kind {
        case .teen:
            hundreds(of: first.value, at: start + 1)
        case .tens:
            hundreds(of: first.value, at: start + 1)
            let second = w[start + 1]
            if second.kind == .unit { hundreds(of: first.value + second.value, at: start + 2) }
        default:
            break
        }
    }

    // <num_cardinal> = zero | <num_below1b> | <num_teen_hundreds>
    static func cardinal(_ w: LexemeWindow, _ start: Int, _ emit: IntegerEmit) {
        switch w[start].kind {
        case .zero:
            emit(start + 1, 0)
            return
        case .unit, .ten, .teen, .tens, .a:
            break
        default:
            // Durations and amounts try a number at every component: most starts fail here.
            return
        }
        below1B(w, start, emit)
        teenHundreds(w, start, emit)
    }

    // <integer> = [<num_sign>] <num_cardinal>
    static func integer(_ w: LexemeWindow, _ start: Int, _ emit: IntegerEmit) {
        if w[start].kind == .sign {
            cardinal(w, start + 1) { end, value in emit(end, -value) }
        } else {
            cardinal(w, start, emit)
        }
    }

    // <num_and_fraction> = and (a (half | quarter) | three quarters)
    static func andFraction(_ w: LexemeWindow, _ start: Int, _ emit: NumberEmit) {
        guard w[start].kind == .and else { return }
        let first = w[start + 1]
        let second = w[start + 2]
        switch (first.kind, second.kind) {
        case (.a, .half): emit(start + 3, 0.5)
        case (.a, .quarter): emit(start + 3, 0.25)
        case (.unit, .quarters) where first.value == 3: emit(start + 3, 0.75)
        default: break
        }
    }

    // <num_digits> = <num_digit> [<num_digits>]
    // <num_digit> = zero | <num_units>
    // Emits the digits read so far as an integer and their count. Digits past
    // the 18th are read but no longer change the value (below Double precision).
    static func digits(_ w: LexemeWindow, _ start: Int, _ emit: (_ end: Int, _ digits: UInt64, _ count: Int) -> Void) {
        var digits: UInt64 = 0
        var count = 0
        var index = start
        while true {
            let lexeme = w[index]
            let digit: Int
            switch lexeme.kind {
            case .zero: digit = 0
            case .unit: digit = lexeme.value
            default: return
            }
            if count < maximumFractionDigits {
                digits = digits * 10 + UInt64(digit)
                count += 1
            }
            index += 1
            emit(index, digits, count)
        }
    }

    // <num_cardinal> | <num_fractional>, where
    // <num_fractional> = <num_cardinal> (point <num_digits> | <num_and_fraction>) | point <num_digits> | a (half | quarter)
    // Whole and fractional readings go to separate emits: durations and
    // amounts let only whole quantities take "and a half" or a minor unit.
    // One pass, so the cardinal is not explored twice.
    static func unsignedNumber(_ w: LexemeWindow, _ start: Int, whole: IntegerEmit, fractional: NumberEmit) {
        let mayHaveFraction = w.contains(.point) || w.contains(.and)
        cardinal(w, start) { end, value in
            whole(end, value)
            guard mayHaveFraction else { return }
            if w[end].kind == .point {
                digits(w, end + 1) { end, digits, count in
                    fractional(end, decimalValue(whole: value, fractionDigits: digits, count: count))
                }
            }
            andFraction(w, end) { end, fraction in fractional(end, Double(value) + fraction) }
        }
        let first = w[start]
        if first.kind == .point {
            digits(w, start + 1) { end, digits, count in
                fractional(end, decimalValue(whole: 0, fractionDigits: digits, count: count))
            }
        } else if first.kind == .a {
            switch w[start + 1].kind {
            case .half: fractional(start + 2, 0.5)
            case .quarter: fractional(start + 2, 0.25)
            default: break
            }
        }
    }

    // <number> = [<num_sign>] (<num_cardinal> | <num_fractional>)
    static func number(_ w: LexemeWindow, _ start: Int, _ emit: NumberEmit) {
        let negative = w[start].kind == .sign
        func signed(_ end: Int, _ value: Double) {
            // No "-0.0" for "minus zero".
            emit(end, negative && value != 0 ? -value : value)
        }
        unsignedNumber(
            w, negative ? start + 1 : start,
            whole: { end, value in signed(end, Double(value)) },
            fractional: signed
        )
    }

    /// `whole.digits` as the Double nearest to the decimal, not a sum of two
    /// rounded parts (so "two point three" is exactly 2.3's Double).
    static func decimalValue(whole: Int, fractionDigits: UInt64, count: Int) -> Double {
        let scale = powersOfTen[count]
        let exactLimit: UInt64 = 1 << 53
        let scaleInt = UInt64(scale)
        if whole >= 0, count <= 15, UInt64(whole) < exactLimit / scaleInt {
            let combined = UInt64(whole) * scaleInt + fractionDigits
            if combined < exactLimit { return Double(combined) / scale }
        }
        return Double(whole) + Double(fractionDigits) / scale
    }

    private static let maximumFractionDigits = 18
    private static let powersOfTen: [Double] = (0...maximumFractionDigits).map { exponent in
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }

    /// `continuation(start)`, and `continuation(start + 1)` if an "and" is there.
    static func optionalAnd(_ w: LexemeWindow, _ start: Int, _ continuation: (Int) -> Void) {
        continuation(start)
        if w[start].kind == .and { continuation(start + 1) }
    }

    /// `(<num_below1000> | a) <scale>`.
    private static func scaleHead(
        _ w: LexemeWindow, _ start: Int, scale: Lexeme.Kind, multiplier: Int, _ emit: IntegerEmit
    ) {
        below1000(w, start) { end, count in
            if w[end].kind == scale { emit(end + 1, count * multiplier) }
        }
        if w[start].kind == .a && w[start + 1].kind == scale { emit(start + 2, multiplier) }
    }
}

extension CardinalGrammar {
    /// The helper rules of `<num_cardinal>`, each matching the function of the same name above.
    static let cardinalRules: [JSGFRule] = [
        JSGFRule(name: "num_cardinal", body: "zero | <num_below1b> | <num_teen_hundreds>"),
        JSGFRule(name: "num_units", body: (1...9).map { NumberWords.belowTwenty[$0] }.joined(separator: " | ")),
        JSGFRule(name: "num_teens", body: (11...19).map { NumberWords.belowTwenty[$0] }.joined(separator: " | ")),
        JSGFRule(name: "num_tens", body: (2...9).map { NumberWords.tens[$0] }.joined(separator: " | ")),
        JSGFRule(name: "num_below100", body: "<num_units> | ten | <num_teens> | <num_tens> [<num_units>]"),
        JSGFRule(name: "num_hundred", body: "(<num_units> | a) hundred"),
        JSGFRule(name: "num_below1000", body: "<num_hundred> [[and] <num_below100>] | <num_below100>"),
        JSGFRule(name: "num_thousand", body: "(<num_below1000> | a) thousand"),
        JSGFRule(name: "num_below1m", body: "<num_thousand> [[and] <num_below1000>] | <num_below1000>"),
        JSGFRule(name: "num_million", body: "(<num_below1000> | a) million"),
        JSGFRule(name: "num_below1b", body: "<num_million> [[and] <num_below1m>] | <num_below1m>"),
        JSGFRule(
            name: "num_teen_hundreds",
            body: "(<num_teens> | <num_tens> [<num_units>]) hundred [[and] <num_below100>]"
        ),
    ]

    static let signRule = JSGFRule(name: "num_sign", body: "minus | negative")

    /// The helper rules of `<num_fractional>` (which also needs `cardinalRules`).
    /// `<num_digits>` is right-recursive: one or more digit words.
    static let fractionalRules: [JSGFRule] = [
        JSGFRule(
            name: "num_fractional",
            body: "<num_cardinal> (point <num_digits> | <num_and_fraction>) | point <num_digits> | a (half | quarter)"
        ),
        JSGFRule(name: "num_and_fraction", body: "and (a (half | quarter) | three quarters)"),
        JSGFRule(name: "num_digits", body: "<num_digit> [<num_digits>]"),
        JSGFRule(name: "num_digit", body: "zero | <num_units>"),
    ]
}
