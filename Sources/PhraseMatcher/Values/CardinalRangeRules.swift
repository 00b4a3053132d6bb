/// The spoken cardinals and ordinals of a range of whole numbers as JSGF
/// expressions over the built-in number rules: what a recognition grammar
/// needs to hear only a parameter's range.
///
/// Built like a regular expression for a numeric range: at each scale
/// (million, thousand, hundred, ten) the range splits into at most three
/// pieces — the first count with the remainders above the range's start,
/// the counts in between with any remainder, the last count with the
/// remainders up to the range's end — and each piece is "count scale
/// [remainder]", its count and remainder ranges built the same way one scale
/// down. The expression grows with the number of scales, not with the size
/// of the range; a piece covering a whole level is the built-in rule for it
/// (`<num_below1000>`, `<num_thousand>`, …), so 0...999,999,999 is
/// `<num_cardinal>` itself. Each expression reads exactly the numbers of its
/// range, in every form the parsers read them ("a hundred", "one hundred and
/// five", "nineteen hundred", "twenty first").
enum CardinalRangeRules {
    typealias Expression = JSGFRules.Expression

    /// The largest number the cardinal grammar says: it stops below a billion.
    static let largest = 999_999_999

    // MARK: Cardinals

    // <num_cardinal> = zero | <num_below1b> | <num_teen_hundreds>
    /// The cardinals in `lo...hi` (clamped to 0...largest); nil when there are none.
    static func cardinal(_ lo: Int, _ hi: Int) -> Expression? {
        let lo = max(lo, 0), hi = min(hi, largest)
        guard lo <= hi else { return nil }
        if lo == 0 && hi == largest { return .rule("num_cardinal") }
        return .choice([
            lo == 0 ? .word("zero") : nil,
            below1B(lo, hi),
            teenHundreds(lo, hi),
        ].compactMap { $0 })
    }

    // <num_below100> = <num_units> | ten | <num_teens> | <num_tens> [<num_units>]
    static func below100(_ lo: Int, _ hi: Int) -> Expression? {
        let lo = max(lo, 1), hi = min(hi, 99)
        guard lo <= hi else { return nil }
        if lo == 1 && hi == 99 { return .rule("num_below100") }
        return .choice([
            units(lo, hi),
            words(lo, hi, 10...10, rule: nil) { _ in "ten" },
            words(lo, hi, 11...19, rule: "num_teens") { NumberWords.belowTwenty[$0] },
        ].compactMap { $0 } + scaled(max(lo, 20), hi, scale: 10, and: false, head: tens, tail: units))
    }

    // <num_below1000> = <num_hundred> [[and] <num_below100>] | <num_below100>
    static func below1000(_ lo: Int, _ hi: Int) -> Expression? {
        let lo = max(lo, 1), hi = min(hi, 999)
        guard lo <= hi else { return nil }
        if lo == 1 && hi == 999 { return .rule("num_below1000") }
        return .choice([below100(lo, hi)].compactMap { $0 }
                       + scaled(max(lo, 100), hi, scale: 100, and: true, head: hundreds, tail: below100))
    }

    // <num_below1m> = <num_thousand> [[and] <num_below1000>] | <num_below1000>
    static func below1M(_ lo: Int, _ hi: Int) -> Expression? {
        let lo = max(lo, 1), hi = min(hi, 999_999)
        guard lo <= hi else { return nil }
        if lo == 1 && hi == 999_999 { return .rule("num_below1m") }
        return .choice([below1000(lo, hi)].compactMap { $0 }
                       + scaled(max(lo, 1_000), hi, scale: 1_000, and: true, head: thousands, tail: below1000))
    }

    // <num_below1b> = <num_million> [[and] <num_below1m>] | <num_below1m>
    static func below1B(_ lo: Int, _ hi: Int) -> Expression? {
        let lo = max(lo, 1), hi = min(hi, largest)
        guard lo <= hi else { return nil }
        if lo == 1 && hi == largest { return .rule("num_below1b") }
        return .choice([below1M(lo, hi)].compactMap { $0 }
                       + scaled(max(lo, 1_000_000), hi, scale: 1_000_000, and: true, head: millions, tail: below1M))
    }

    // <num_teen_hundreds> = (<num_teens> | <num_tens> [<num_units>]) hundred [[and] <num_below100>]
    static func teenHundreds(_ lo: Int, _ hi: Int) -> Expression? {
        let lo = max(lo, 1_100), hi = min(hi, 9_999)
        guard lo <= hi else { return nil }
        if lo == 1_100 && hi == 9_999 { return .rule("num_teen_hundreds") }
        return .choice(scaled(lo, hi, scale: 100, and: true, head: { counts in
            below100(counts.lowerBound, counts.upperBound).map { .sequence(of: $0, .word("hundred")) }
        }, tail: below100))
    }

    // MARK: Ordinals

    // <ordinal> = zeroth | hundredth | thousandth | millionth | <ord_millions> | <ord_thousands> | <ord_below1000>
    /// The ordinals in `lo...hi` (clamped to 0...largest); nil when there are none.
    static func ordinal(_ lo: Int, _ hi: Int) -> Expression? {
        let lo = max(lo, 0), hi = min(hi, largest)
        guard lo <= hi else { return nil }
        let bare = [(0, "zeroth"), (100, "hundredth"), (1_000, "thousandth"), (1_000_000, "millionth")]
        return .choice(bare.filter { (lo...hi).contains($0.0) }.map { .word($0.1) } + [
            ordinalMillions(lo, hi),
            ordinalThousands(lo, hi),
            ordinalBelow1000(lo, hi),
        ].compactMap { $0 })
    }

    // <ord_below100> = <ord_units> | <ord_teens> | <ord_tens> | <num_tens> <ord_units>
    static func ordinalBelow100(_ lo: Int, _ hi: Int) -> Expression? {
        let lo = max(lo, 1), hi = min(hi, 99)
        guard lo <= hi else { return nil }
        if lo == 1 && hi == 99 { return .rule("ord_below100") }
        return .choice([
            ordinalUnits(lo, hi),
            words(lo, hi, 10...19, rule: "ord_teens") { NumberWords.ordinalBelowTwenty[$0] },
        ].compactMap { $0 } + ordinalScaled(
            max(lo, 20), hi, scale: 10,
            exact: { counts in words(counts.lowerBound, counts.upperBound, 2...9, rule: "ord_tens") { NumberWords.ordinalTens[$0] } },
            head: tens, and: false, tail: ordinalUnits
        ))
    }

    // <ord_below1000> = <ord_below100> | <num_units> hundredth | <num_hundred> [and] <ord_below100>
    static func ordinalBelow1000(_ lo: Int, _ hi: Int) -> Expression? {
        let lo = max(lo, 1), hi = min(hi, 999)
        guard lo <= hi else { return nil }
        if lo == 1 && hi == 999 { return .rule("ord_below1000") }
        return .choice([ordinalBelow100(lo, hi)].compactMap { $0 } + ordinalScaled(
            max(lo, 100), hi, scale: 100,
            exact: { counts in units(counts.lowerBound, counts.upperBound).map { .sequence(of: $0, .word("hundredth")) } },
            head: hundreds, and: true, tail: ordinalBelow100
        ))
    }

    // <ord_thousands> = <num_below1000> thousandth | <num_thousand> [and] <ord_below1000>
    static func ordinalThousands(_ lo: Int, _ hi: Int) -> Expression? {
        let lo = max(lo, 1_000), hi = min(hi, 999_999)
        guard lo <= hi else { return nil }
        if lo == 1_000 && hi == 999_999 { return .rule("ord_thousands") }
        return .choice(ordinalScaled(
            lo, hi, scale: 1_000,
            exact: { counts in below1000(counts.lowerBound, counts.upperBound).map { .sequence(of: $0, .word("thousandth")) } },
            head: thousands, and: true, tail: ordinalBelow1000
        ))
    }

    // <ord_millions> = <num_below1000> millionth | <num_million> [and] (<ord_thousands> | <ord_below1000>)
    static func ordinalMillions(_ lo: Int, _ hi: Int) -> Expression? {
        let lo = max(lo, 1_000_000), hi = min(hi, largest)
        guard lo <= hi else { return nil }
        if lo == 1_000_000 && hi == largest { return .rule("ord_millions") }
        return .choice(ordinalScaled(
            lo, hi, scale: 1_000_000,
            exact: { counts in below1000(counts.lowerBound, counts.upperBound).map { .sequence(of: $0, .word("millionth")) } },
            head: millions, and: true,
            tail: { lo, hi in .choice([ordinalThousands(lo, hi), ordinalBelow1000(lo, hi)].compactMap { $0 }) }
        ))
    }

    // MARK: Pieces

    /// `lo...hi` (both at least `scale`) as count and remainder ranges:
    /// every number `count * scale + rest` of the range is in exactly one
    /// piece, and every pair of a piece is a number of the range.
    static func pieces(_ lo: Int, _ hi: Int, scale: Int) -> [(counts: ClosedRange<Int>, rests: ClosedRange<Int>)] {
        guard lo <= hi else { return [] }
        let (firstCount, firstRest) = lo.quotientAndRemainder(dividingBy: scale)
        let (lastCount, lastRest) = hi.quotientAndRemainder(dividingBy: scale)
        if firstCount == lastCount { return [(firstCount...lastCount, firstRest...lastRest)] }
        var pieces: [(counts: ClosedRange<Int>, rests: ClosedRange<Int>)] = []
        // A first or last count whose remainders run the whole scale joins the counts between.
        let middleStart = firstRest == 0 ? firstCount : firstCount + 1
        let middleEnd = lastRest == scale - 1 ? lastCount : lastCount - 1
        if firstRest != 0 { pieces.append((firstCount...firstCount, firstRest...(scale - 1))) }
        if middleStart <= middleEnd { pieces.append((middleStart...middleEnd, 0...(scale - 1))) }
        if lastRest != scale - 1 { pieces.append((lastCount...lastCount, 0...lastRest)) }
        return pieces
    }

    /// The numbers `count * scale + rest` in `lo...hi`, rest below `scale`:
    /// "head [[and] tail]" per piece, the tail required when no rest of the piece is 0.
    private static func scaled(_ lo: Int, _ hi: Int, scale: Int, and: Bool,
                               head: (ClosedRange<Int>) -> Expression?, tail: (Int, Int) -> Expression?) -> [Expression] {
        pieces(lo, hi, scale: scale).compactMap { counts, rests in
            guard let head = head(counts) else { return nil }
            let tail = rests.upperBound > 0 ? tail(max(rests.lowerBound, 1), rests.upperBound) : nil
            guard let tail else { return rests.lowerBound == 0 ? head : nil }
            let joined: Expression = and ? .sequence(of: .optional(.word("and")), tail) : tail
            return rests.lowerBound == 0 ? .sequence(of: head, .optional(joined)) : .sequence(of: head, joined)
        }
    }

    /// The ordinals `count * scale + rest` in `lo...hi`: `exact(counts)` for
    /// rest 0 ("three hundredth"), "head [and] tail" otherwise.
    private static func ordinalScaled(_ lo: Int, _ hi: Int, scale: Int, exact: (ClosedRange<Int>) -> Expression?,
                                      head: (ClosedRange<Int>) -> Expression?, and: Bool,
                                      tail: (Int, Int) -> Expression?) -> [Expression] {
        pieces(lo, hi, scale: scale).flatMap { counts, rests -> [Expression] in
            var options: [Expression] = []
            if rests.lowerBound == 0, let exact = exact(counts) { options.append(exact) }
            if rests.upperBound > 0, let head = head(counts), let tail = tail(max(rests.lowerBound, 1), rests.upperBound) {
                options.append(and ? .sequence(of: head, .optional(.word("and")), tail) : .sequence(of: head, tail))
            }
            return options
        }
    }

    // MARK: Heads and words

    private static func units(_ lo: Int, _ hi: Int) -> Expression? {
        words(lo, hi, 1...9, rule: "num_units") { NumberWords.belowTwenty[$0] }
    }

    private static func ordinalUnits(_ lo: Int, _ hi: Int) -> Expression? {
        words(lo, hi, 1...9, rule: "ord_units") { NumberWords.ordinalBelowTwenty[$0] }
    }

    /// "twenty" … "ninety" for tens counts 2...9.
    private static func tens(_ counts: ClosedRange<Int>) -> Expression? {
        words(counts.lowerBound, counts.upperBound, 2...9, rule: "num_tens") { NumberWords.tens[$0] }
    }

    // <num_hundred> = (<num_units> | a) hundred
    private static func hundreds(_ counts: ClosedRange<Int>) -> Expression? {
        if counts == 1...9 { return .rule("num_hundred") }
        return scaleHead(units(counts.lowerBound, counts.upperBound), counts, "hundred")
    }

    // <num_thousand> = (<num_below1000> | a) thousand
    private static func thousands(_ counts: ClosedRange<Int>) -> Expression? {
        if counts == 1...999 { return .rule("num_thousand") }
        return scaleHead(below1000(counts.lowerBound, counts.upperBound), counts, "thousand")
    }

    // <num_million> = (<num_below1000> | a) million
    private static func millions(_ counts: ClosedRange<Int>) -> Expression? {
        if counts == 1...999 { return .rule("num_million") }
        return scaleHead(below1000(counts.lowerBound, counts.upperBound), counts, "million")
    }

    /// "(count | a) scale": "a" for a count of one.
    private static func scaleHead(_ count: Expression?, _ counts: ClosedRange<Int>, _ scale: String) -> Expression? {
        guard let count = Expression.choice([count, counts.contains(1) ? .word("a") : nil].compactMap { $0 }) else { return nil }
        return .sequence(of: count, .word(scale))
    }

    /// The words of the numbers in `lo...hi` within `domain`; `rule` when that is all of them.
    private static func words(_ lo: Int, _ hi: Int, _ domain: ClosedRange<Int>, rule: String?, word: (Int) -> String) -> Expression? {
        let lo = max(lo, domain.lowerBound), hi = min(hi, domain.upperBound)
        guard lo <= hi else { return nil }
        if let rule, lo == domain.lowerBound, hi == domain.upperBound { return .rule(rule) }
        return .choice((lo...hi).map { .word(word($0)) })
    }
}
