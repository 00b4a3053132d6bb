/// Reads the `duration` type, in seconds: "five minutes", "an hour and a half",
/// "half an hour", "a quarter of an hour", "two point five hours",
/// "one hour and ten minutes", "two hours thirty minutes and ten seconds".
///
/// A duration is one or more components, each naming its unit, largest unit
/// first and each unit at most once, joined directly or by "and".
package struct DurationParser: SpokenValueParser {
    package init() {}

    /// A unit a component can name, largest first: the order components must follow.
    struct TimeUnit: Sendable {
        /// Names its rules: `dur_unit_<name>` (the words), `dur_<name>s` (a component).
        var name: String
        var words: [String]
        /// "an hour", "a minute".
        var article: Lexeme.Kind
        var seconds: Double
    }

    static let units: [TimeUnit] = [
        TimeUnit(name: "week", words: ["week", "weeks"], article: .a, seconds: 604_800),
        TimeUnit(name: "day", words: ["day", "days"], article: .a, seconds: 86_400),
        TimeUnit(name: "hour", words: ["hour", "hours", "hr", "hrs"], article: .an, seconds: 3_600),
        TimeUnit(name: "minute", words: ["minute", "minutes", "min", "mins"], article: .a, seconds: 60),
        TimeUnit(name: "second", words: ["second", "seconds", "sec", "secs"], article: .a, seconds: 1),
    ]

    /// Number words plus units, "an" and "of" ("second" is a unit here, not 2nd).
    static let lexicon = Lexicon({
        var lexicon = Lexeme.numberEntries
        lexicon["an"] = Lexeme(.an)
        lexicon["of"] = Lexeme(.of)
        for (index, unit) in units.enumerated() {
            for word in unit.words { lexicon[word] = Lexeme(.timeUnit, index) }
        }
        return lexicon
    }())

    package func parses(_ words: [String], from start: Int) -> [ValueParse] {
        LexemeWindow.parses(
            of: words, from: start, lexicon: Self.lexicon, payload: Double.self,
            grammar: { window, emit in
                if window.contains(.timeUnit) { Self.components(window, 0, fromUnitIndex: 0, emit) }
            },
            value: { seconds in .duration(seconds: seconds) }
        )
    }

    typealias Emit = CardinalGrammar.NumberEmit

    // <duration> = <dur_weeks> [[and] <dur_from_days>] | <dur_from_days>
    // <dur_from_days> = <dur_days> [[and] <dur_from_hours>] | <dur_from_hours>  … down to <dur_seconds>
    // That is: components in strictly decreasing unit order, optional "and" between.
    // Only units at `fromUnitIndex` or later in `units` (no larger than it) may come next.
    static func components(_ w: LexemeWindow, _ start: Int, fromUnitIndex: Int, _ emit: Emit) {
        component(w, start, fromUnitIndex: fromUnitIndex) { end, unitIndex, seconds in
            emit(end, seconds)
            guard unitIndex + 1 < units.count else { return }
            CardinalGrammar.optionalAnd(w, end) { next in
                components(w, next, fromUnitIndex: unitIndex + 1) { end, rest in emit(end, seconds + rest) }
            }
        }
    }

    // <dur_hours> = (<num_cardinal> | an) <dur_unit_hour> [<num_and_fraction>]
    //             | <num_fractional> <dur_unit_hour>
    //             | (half | [a] quarter of | three quarters of) an <dur_unit_hour>
    // and alike for each unit with its article. Reads the quantity once and
    // then the unit word, for every unit at `fromUnitIndex` or after.
    static func component(
        _ w: LexemeWindow, _ start: Int, fromUnitIndex: Int,
        _ emit: (_ end: Int, _ unitIndex: Int, _ seconds: Double) -> Void
    ) {
        func unitIndex(at index: Int) -> Int? {
            let lexeme = w[index]
            return lexeme.kind == .timeUnit && lexeme.value >= fromUnitIndex ? lexeme.value : nil
        }
        // A whole quantity, which may take "and a half" after its unit.
        func whole(_ end: Int, _ count: Double) {
            guard let unit = unitIndex(at: end) else { return }
            let seconds = units[unit].seconds
            emit(end + 1, unit, count * seconds)
            CardinalGrammar.andFraction(w, end + 1) { end, fraction in emit(end, unit, (count + fraction) * seconds) }
        }

        CardinalGrammar.unsignedNumber(
            w, start,
            whole: { end, count in whole(end, Double(count)) },
            fractional: { end, quantity in
                if let unit = unitIndex(at: end) { emit(end + 1, unit, quantity * units[unit].seconds) }
            }
        )

        let first = w[start]
        if first.kind == .a || first.kind == .an, let unit = unitIndex(at: start + 1), units[unit].article == first.kind {
            whole(start + 1, 1)
        }

        // A fraction of one unit: "half an hour", "a quarter of a minute", "three quarters of an hour".
        var articleIndex = -1
        var fraction = 0.0
        switch first.kind {
        case .half:
            (articleIndex, fraction) = (start + 1, 0.5)
        case .quarter where w[start + 1].kind == .of:
            (articleIndex, fraction) = (start + 2, 0.25)
        case .a where w[start + 1].kind == .quarter && w[start + 2].kind == .of:
            (articleIndex, fraction) = (start + 3, 0.25)
        case .unit where first.value == 3 && w[start + 1].kind == .quarters && w[start + 2].kind == .of:
            (articleIndex, fraction) = (start + 3, 0.75)
        default:
            break
        }
        if articleIndex >= 0, let unit = unitIndex(at: articleIndex + 1), units[unit].article == w[articleIndex].kind {
            emit(articleIndex + 2, unit, fraction * units[unit].seconds)
        }
    }

    package static let jsgfRootRule = "duration"

    package static let jsgfRules: [JSGFRule] = {
        var rules: [JSGFRule] = []
        // The chain of "this unit or any smaller one" rules, largest unit first.
        func fromUnitReference(_ index: Int) -> String {
            index == units.count - 1 ? "<dur_\(units[index].name)s>" : "<dur_from_\(units[index].name)s>"
        }
        func fromUnitBody(_ index: Int) -> String {
            "<dur_\(units[index].name)s> [[and] \(fromUnitReference(index + 1))] | \(fromUnitReference(index + 1))"
        }
        rules.append(JSGFRule(name: jsgfRootRule, body: fromUnitBody(0)))
        for index in 1..<(units.count - 1) {
            rules.append(JSGFRule(name: "dur_from_\(units[index].name)s", body: fromUnitBody(index)))
        }
        for unit in units {
            let article = unit.article == .an ? "an" : "a"
            let word = "<dur_unit_\(unit.name)>"
            rules.append(JSGFRule(
                name: "dur_\(unit.name)s",
                body: "(<num_cardinal> | \(article)) \(word) [<num_and_fraction>] | <num_fractional> \(word)"
                    + " | (half | [a] quarter of | three quarters of) \(article) \(word)"
            ))
            rules.append(JSGFRule(name: "dur_unit_\(unit.name)", body: unit.words.joined(separator: " | ")))
        }
        return rules + CardinalGrammar.cardinalRules + CardinalGrammar.fractionalRules
    }()
}
