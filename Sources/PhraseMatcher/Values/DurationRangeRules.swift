extension RecognitionValueRules {
    typealias TimeUnit = DurationParser.TimeUnit

    /// The duration rule of a parameter, its bounds in seconds.
    ///
    /// Without bounds: `<duration>` has the parser's shape — components in
    /// decreasing unit order, each a count below a million (`defaultLimit`).
    ///
    /// With a `min` or `max`: each unit's count is bounded by the range
    /// divided by the unit's seconds (a `max` of 3600 allows "sixty minutes"
    /// and "an hour", not "ninety minutes" or "five hours"), fractions as for
    /// numbers ("an hour and a half", "half an hour" and "one point five
    /// hours" when 5400 is in range). A part followed by smaller units
    /// ("one hour ten minutes") is bounded like a number at a scale: counts
    /// whose whole next unit fits are followed by anything up to one of
    /// their unit (`<dur_to_3600_from_minutes>`: "ten minutes", "fifty nine
    /// minutes thirty seconds"), and the counts at the ends of the range by
    /// a rule bounded to what is left — so "one hour thirty minutes" for a
    /// `max` of 5400 but not "one hour forty minutes". Left out, so every
    /// sentence is in range without the grammar growing with the range: a
    /// count of zero ("zero minutes"), a fractional part before smaller
    /// units ("an hour and a half and ten minutes"), and smaller units
    /// adding up to more than one of the part before them ("one hour ninety
    /// minutes").
    mutating func duration(_ lo: Double, _ hi: Double, declared: (Double?, Double?)) -> String {
        let name = "duration" + Self.suffix(declared.0, declared.1)
        guard declared.0 != nil || declared.1 != nil else {
            return define(name) { rules in rules.unboundedDuration(from: 0, name: name) }
        }
        return define(name) { rules in rules.boundedDuration(max(lo, 0), hi, from: 0) }
    }

    // <duration> = <dur_weeks> [[and] <dur_from_days>] | <dur_from_days>
    // <dur_from_days> = <dur_days> [[and] <dur_from_hours>] | <dur_from_hours>  … down to <dur_seconds>
    private mutating func unboundedDuration(from first: Int, name: String) -> Expression? {
        let units = DurationParser.units
        let unit = units[first]
        guard first + 1 < units.count else { return .choice(counts(of: unit, 0, .infinity, least: 0)) }
        let component = reference("duration_\(unit.name)s") { rules in .choice(rules.counts(of: unit, 0, .infinity, least: 0)) }!
        let restName = "duration_from_\(units[first + 1].name)s"
        let rest = reference(restName) { rules in rules.unboundedDuration(from: first + 1, name: restName) }!
        return .choice([.sequence(of: component, .optional(.sequence(of: .optional(.word("and")), rest))), rest])
    }

    /// Durations of units from `units[first]` down, in `lo...hi` seconds (`hi` may be infinite).
    private mutating func boundedDuration(_ lo: Double, _ hi: Double, from first: Int) -> Expression? {
        guard lo <= hi else { return nil }
        let units = DurationParser.units
        var options: [Expression] = []
        for index in first..<units.count {
            let unit = units[index]
            let seconds = unit.seconds
            options += counts(of: unit, lo / seconds, hi / seconds, least: 1)
            guard index + 1 < units.count else { continue }
            let article = unit.article == .an ? "an" : "a"
            let unitWord = Expression.rule("dur_unit_\(unit.name)")
            func followed(by counts: ClosedRange<Int>, _ tailLo: Double, _ tailHi: Double) {
                guard tailHi > 0, tailLo <= tailHi, let tail = durationTail(tailLo, tailHi, from: index + 1) else { return }
                options.append(.sequence(of: count(counts, article: article), unitWord, .optional(.word("and")), tail))
            }
            // Counts whose every tail up to one more unit stays in range.
            let middle = wholes(lo / seconds, hi / seconds, plus: 0...1, least: 1)
            if let middle { followed(by: middle, 0, seconds) }
            // The counts just below and at the end of the range, with what is left of it.
            var ends: [Int] = []
            let largest = Double(CardinalRangeRules.largest)
            if lo > 0 { ends.append(Int(min(Self.roundedUp(lo / seconds), largest)) - 1) }
            if hi.isFinite { ends.append(Int(max(0, min(Self.roundedDown(hi / seconds), largest)))) }
            for end in Set(ends).sorted() where end >= 1 && !(middle?.contains(end) ?? false) {
                let whole = Double(end) * seconds
                followed(by: end...end, max(0, lo - whole), min(seconds, hi - whole))
            }
        }
        return .choice(options)
    }

    /// A rule of the durations from `units[first]` down in `lo...hi`, shared by every part it can follow.
    private mutating func durationTail(_ lo: Double, _ hi: Double, from first: Int) -> Expression? {
        let name = "dur" + Self.suffix(lo > 0 ? lo : nil, hi) + "_from_\(DurationParser.units[first].name)s"
        return reference(name) { rules in rules.boundedDuration(lo, hi, from: first) }
    }

    // <dur_hours> = (<num_cardinal> | an) <dur_unit_hour> [<num_and_fraction>]
    //             | <num_fractional> <dur_unit_hour>
    //             | (half | [a] quarter of | three quarters of) an <dur_unit_hour>
    /// One component of `unit`, its count in `lo...hi`; whole counts from `least`.
    private mutating func counts(of unit: TimeUnit, _ lo: Double, _ hi: Double, least: Int) -> [Expression] {
        let article = unit.article == .an ? "an" : "a"
        let unitWord = Expression.rule("dur_unit_\(unit.name)")
        var options: [Expression] = []
        if let whole = wholes(lo, hi, least: least) { options.append(.sequence(of: count(whole, article: article), unitWord)) }
        for (whole, fraction) in andFractions(lo, hi) {
            options.append(.sequence(of: count(whole, article: article), unitWord, fraction))
        }
        if let fractions = Expression.choice(fractional(lo, hi)) { options.append(.sequence(of: fractions, unitWord)) }
        let parts: [(value: Double, words: Expression)] = [
            (0.5, .word("half")),
            (0.25, .sequence(of: .optional(.word("a")), .word("quarter"), .word("of"))),
            (0.75, .sequence(of: .word("three"), .word("quarters"), .word("of"))),
        ]
        if let part = Expression.choice(parts.filter { lo <= $0.value && $0.value <= hi }.map(\.words)) {
            options.append(.sequence(of: part, .word(article), unitWord))
        }
        return options
    }
}
