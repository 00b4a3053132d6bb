/// The JSGF rules the recognition grammar hears value slots with: each
/// numeric parameter's type restricted to its `min`/`max`, so that the
/// decoder cannot take a value the intent would refuse as a path through
/// which to absorb noise or other speech ("eight million eighteen thousand a
/// hundred four" for a 1–100 minute timer).
///
/// One root rule per distinct type and range (`<integer_1_to_100>`), shared
/// by every slot with that range; `<integer>` and alike without bounds.
/// Cardinals of a range are rules of their own (`<num_1_to_100>`) built by
/// `CardinalRangeRules`, shared between types; everything else refers to the
/// built-in rules of the value parsers (`<num_below100>`, `<dur_unit_hour>`…).
///
/// - Integers and ordinals: exactly the whole numbers of the range, in every
///   form the parsers read; "minus"/"negative" only when the range reaches
///   below zero ("minus zero" is left out).
/// - Numbers, money and duration counts: exactly the whole numbers; a
///   fractional reading ("two point five", "one and a half") only with a
///   whole part all of whose fractions are in range. So `max 100` allows
///   "ninety nine point five" but not "one hundred point five" — nor "one
///   hundred point zero", and `max 2.5` not "two point five", though "two
///   and a half" (each of a half, a quarter and three quarters is bounded on
///   its own). No "zero and a half".
/// - Durations (seconds): see `duration(_:_:declared:)`.
///
/// Without a `max`, recognition stops below a million (`defaultLimit`), and
/// without a `min` negative numbers stop above minus a million: a command
/// never needs more, and the unbounded grammar up to the billions was the
/// absorber. A model that means bigger numbers says so with `max`. The
/// parsers, and so typed text, still read every value, so an out-of-range
/// value can be answered with "unsupported".
///
/// Every sentence of a root rule reads, with the type's parser, as a value
/// within the parameter's range.
struct RecognitionValueRules {
    typealias Expression = JSGFRules.Expression

    /// The largest whole number a value slot without `max` says (and the
    /// largest count of a unit or currency in one).
    static let defaultLimit = 999_999

    /// Rules made so far, in the order made.
    private(set) var madeRules: [JSGFRule] = []
    /// Names of the rules made (or found empty: false).
    private var made: [String: Bool] = [:]
    /// Built-in rules named directly as a root (`<boolean>`).
    private var builtInRoots: [String] = []

    /// The rule a slot of `parameter` refers to; nil for free text and the model's own types.
    mutating func rootRule(for parameter: Parameter) -> String? {
        let lo = parameter.minimum ?? -.infinity
        let hi = parameter.maximum ?? .infinity
        switch parameter.type {
        case .integer:
            let (minimum, maximum) = (parameter.minimum.map(Self.roundedUp), parameter.maximum.map(Self.roundedDown))
            return define("integer" + Self.suffix(minimum, maximum)) { rules in
                var options: [Expression] = []
                if let whole = rules.wholes(lo, hi) { options.append(rules.cardinal(whole)) }
                if let magnitudes = rules.wholes(-hi, -lo, least: 1) {
                    options.append(.sequence(of: .rule(CardinalGrammar.signRule.name), rules.cardinal(magnitudes)))
                }
                return .choice(options)
            }
        case .number:
            return define("number" + Self.suffix(parameter.minimum, parameter.maximum)) { rules in
                var options = rules.unsignedNumber(lo, hi, zero: true)
                if let negative = Expression.choice(rules.unsignedNumber(-hi, -lo, zero: false)) {
                    options.append(.sequence(of: .rule(CardinalGrammar.signRule.name), negative))
                }
                return .choice(options)
            }
        case .ordinal:
            let (minimum, maximum) = (parameter.minimum.map(Self.roundedUp), parameter.maximum.map(Self.roundedDown))
            return define("ordinal" + Self.suffix(minimum, maximum)) { rules in
                guard let range = rules.wholes(lo, hi) else { return nil }
                return CardinalRangeRules.ordinal(range.lowerBound, range.upperBound)
            }
        case .currency:
            return currency(lo, hi, declared: (parameter.minimum, parameter.maximum))
        case .duration:
            return duration(lo, hi, declared: (parameter.minimum, parameter.maximum))
        case .boolean:
            if !builtInRoots.contains(BooleanParser.jsgfRootRule) { builtInRoots.append(BooleanParser.jsgfRootRule) }
            return BooleanParser.jsgfRootRule
        case .string, .custom:
            return nil
        }
    }

    /// The rules made, then the built-in rules they refer to, in the order
    /// the parsers list them.
    var rules: [JSGFRule] {
        var needed: Set<String> = []
        var pending = builtInRoots + madeRules.flatMap { Self.references(in: $0.body) }
        while let name = pending.popLast() {
            // A rule made here stands for a built-in one of the same name (`<integer>`).
            guard made[name] == nil, let rule = Self.builtInRules[name], needed.insert(name).inserted else { continue }
            pending += Self.references(in: rule.body)
        }
        return madeRules + Self.builtInOrder.filter(needed.contains).compactMap { Self.builtInRules[$0] }
    }

    // MARK: Making rules

    /// Defines rule `name` with the body `make` returns (`<VOID>` when it
    /// returns nil: a range no value fits), once.
    mutating func define(_ name: String, _ make: (inout Self) -> Expression?) -> String {
        if made[name] == nil {
            made[name] = true
            // Reserve the place, so rules made on the way follow it.
            let index = madeRules.count
            madeRules.append(JSGFRule(name: name, body: ""))
            let body = make(&self)
            made[name] = body != nil
            madeRules[index].body = body?.jsgf ?? "<VOID>"
        }
        return name
    }

    /// A reference to rule `name`, made by `make` when first asked for; nil when its language is empty.
    mutating func reference(_ name: String, _ make: (inout Self) -> Expression?) -> Expression? {
        _ = define(name, make)
        return made[name] == true ? .rule(name) : nil
    }

    /// The cardinals of `range`: a word or built-in rule as it is, otherwise a rule `<num_lo_to_hi>`.
    mutating func cardinal(_ range: ClosedRange<Int>) -> Expression {
        let expression = CardinalRangeRules.cardinal(range.lowerBound, range.upperBound) ?? .void
        switch expression {
        case .word, .rule, .void: return expression
        default: return .rule(define("num_\(range.lowerBound)_to_\(range.upperBound)") { _ in expression })
        }
    }

    // MARK: Quantities

    /// Whole numbers `w` from `least` with `w + f` in `lo...hi` for every `f`
    /// in `fractions`; up to `defaultLimit` when `hi` is infinite.
    func wholes(_ lo: Double, _ hi: Double, plus fractions: ClosedRange<Double> = 0...0, least: Int = 0) -> ClosedRange<Int>? {
        let low = max(Double(least), Self.roundedUp(lo - fractions.lowerBound))
        let high = hi.isFinite ? min(Double(CardinalRangeRules.largest), Self.roundedDown(hi - fractions.upperBound))
                               : Double(Self.defaultLimit)
        guard low <= high else { return nil }
        return Int(low)...Int(high)
    }

    /// `<num_cardinal> | <num_fractional>` without a sign, restricted to `lo...hi`.
    mutating func unsignedNumber(_ lo: Double, _ hi: Double, zero: Bool) -> [Expression] {
        var options: [Expression] = []
        if let whole = wholes(lo, hi, least: zero ? 0 : 1) { options.append(cardinal(whole)) }
        return options + fractional(lo, hi)
    }

    // <num_fractional> = <num_cardinal> (point <num_digits> | <num_and_fraction>) | point <num_digits> | a (half | quarter)
    /// The fractional readings in `lo...hi`. "point" and its digits can make
    /// any fraction below one: a whole part takes them only when all of
    /// `w...w + 1` is in range.
    mutating func fractional(_ lo: Double, _ hi: Double) -> [Expression] {
        var options: [Expression] = []
        let digits = Expression.sequence(of: .word("point"), .rule("num_digits"))
        if let whole = wholes(lo, hi, plus: 0...1) { options.append(.sequence(of: cardinal(whole), digits)) }
        for (whole, fraction) in andFractions(lo, hi) { options.append(.sequence(of: cardinal(whole), fraction)) }
        if lo <= 0 && 1 <= hi { options.append(digits) }
        let alone = [(0.5, "half"), (0.25, "quarter")].filter { lo <= $0.0 && $0.0 <= hi }.map { Expression.word($0.1) }
        if let alone = Expression.choice(alone) { options.append(.sequence(of: .word("a"), alone)) }
        return options
    }

    // <num_and_fraction> = and (a (half | quarter) | three quarters)
    /// "and a half", "and a quarter", "and three quarters", each with the
    /// whole numbers (from one) it may follow in `lo...hi`; one
    /// `<num_and_fraction>` when those are the same for all three.
    func andFractions(_ lo: Double, _ hi: Double) -> [(wholes: ClosedRange<Int>, fraction: Expression)] {
        let kinds: [(value: Double, words: Expression)] = [
            (0.5, .sequence(of: .word("a"), .word("half"))),
            (0.25, .sequence(of: .word("a"), .word("quarter"))),
            (0.75, .sequence(of: .word("three"), .word("quarters"))),
        ]
        let ranges = kinds.map { wholes(lo, hi, plus: $0.value...$0.value, least: 1) }
        if let first = ranges[0], ranges.allSatisfy({ $0 == first }) { return [(first, .rule("num_and_fraction"))] }
        var groups: [(wholes: ClosedRange<Int>, fraction: Expression)] = []
        for (range, kind) in zip(ranges, kinds) {
            guard let range else { continue }
            if let index = groups.firstIndex(where: { $0.wholes == range }) {
                groups[index].fraction = .choice([groups[index].fraction, kind.words])!
            } else {
                groups.append((range, kind.words))
            }
        }
        return groups.map { ($0.wholes, .sequence(of: .word("and"), $0.fraction)) }
    }

    /// `count` or "a"/"an" for a count that may be one.
    mutating func count(_ counts: ClosedRange<Int>, article: String) -> Expression {
        .choice([cardinal(counts)] + (counts.contains(1) ? [.word(article)] : []))!
    }

    // MARK: Money

    // <currency> = <cur_usd> | <cur_eur> | <cur_gbp> | <cur_jpy>
    // <cur_usd> = (<num_cardinal> | a) (<cur_usd_major> [[and] <num_below100> [<cur_usd_minor>]] | <cur_usd_minor>)
    //           | <num_fractional> <cur_usd_major>
    /// The amounts in `lo...hi` of each currency: whole amounts, amounts in
    /// cents (whole and hundredths split like a number at a scale of a
    /// hundred, so exact), and fractional amounts as for numbers.
    private mutating func currency(_ lo: Double, _ hi: Double, declared: (Double?, Double?)) -> String {
        let suffix = Self.suffix(declared.0, declared.1)
        let lo = max(lo, 0)
        return define("currency" + suffix) { rules in
            .choice(CurrencyUnit.all.compactMap { unit in
                rules.reference("currency_\(unit.code.lowercased())" + suffix) { rules in rules.amounts(of: unit, lo, hi) }
            })
        }
    }

    private mutating func amounts(of unit: CurrencyUnit, _ lo: Double, _ hi: Double) -> Expression? {
        let code = unit.code.lowercased()
        let major = Expression.rule("cur_\(code)_major"), minor = Expression.rule("cur_\(code)_minor")
        var options: [Expression] = []
        if unit.minorFamily != nil {
            // Amounts in cents: a count of the major unit (up to `defaultLimit`
            // without max) and hundredths.
            let firstCent = max(0, Self.roundedUp(lo * 100))
            let lastCent = hi.isFinite ? min(Self.roundedDown(hi * 100), Double(CardinalRangeRules.largest) * 100 + 99)
                                       : Double(Self.defaultLimit * 100 + 99)
            let pieces = firstCent <= lastCent ? CardinalRangeRules.pieces(Int(firstCent), Int(lastCent), scale: 100) : []
            for piece in pieces {
                let head = Expression.sequence(of: count(piece.counts, article: "a"), major)
                guard piece.rests.upperBound > 0 else { options.append(head); continue }
                let hundredths = CardinalRangeRules.below100(max(piece.rests.lowerBound, 1), piece.rests.upperBound)!
                let tail = Expression.sequence(of: .optional(.word("and")), hundredths, .optional(minor))
                options.append(.sequence(of: head, piece.rests.lowerBound == 0 ? .optional(tail) : tail))
            }
            if unit.ownsBareMinorUnit, let cents = wholes(lo * 100, hi * 100) {
                options.append(.sequence(of: count(cents, article: "a"), minor))
            }
        } else if let whole = wholes(lo, hi) {
            options.append(.sequence(of: count(whole, article: "a"), major))
        }
        if let fractions = Expression.choice(fractional(lo, hi)) { options.append(.sequence(of: fractions, major)) }
        return .choice(options)
    }

    // MARK: Names and numbers

    /// "_1_to_100", "_from_1", "_to_100", "" for no bounds; "minus5", "2p5" for -5 and 2.5.
    static func suffix(_ minimum: Double?, _ maximum: Double?) -> String {
        switch (minimum, maximum) {
        case (nil, nil): ""
        case (let minimum?, nil): "_from_" + name(minimum)
        case (nil, let maximum?): "_to_" + name(maximum)
        case (let minimum?, let maximum?): "_" + name(minimum) + "_to_" + name(maximum)
        }
    }

    private static func name(_ number: Double) -> String {
        let text = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        return text.replacingOccurrences(of: "-", with: "minus").replacingOccurrences(of: ".", with: "p")
            .replacingOccurrences(of: "+", with: "")
    }

    /// Rounding that forgives the last bits of a quotient (3600 / 60 read as 59.999…).
    static func roundedUp(_ value: Double) -> Double { (value - 1e-9).rounded(.up) }
    static func roundedDown(_ value: Double) -> Double { (value + 1e-9).rounded(.down) }

    /// The rule names `<…>` in a rule body.
    static func references(in body: String) -> [String] {
        var names: [String] = []
        var rest = body[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// Every built-in rule of the value parsers, by name, and their order.
    private static let builtInRules: [String: JSGFRule] = Dictionary(
        allBuiltInRules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }
    )
    private static let builtInOrder: [String] = {
        var seen: Set<String> = []
        return allBuiltInRules.map(\.name).filter { seen.insert($0).inserted }
    }()
    private static var allBuiltInRules: [JSGFRule] {
        IntegerParser.jsgfRules + DecimalNumberParser.jsgfRules + OrdinalParser.jsgfRules + DurationParser.jsgfRules
            + CurrencyParser.jsgfRules + BooleanParser.jsgfRules
    }
}
