/// Reads the `currency` type: "five dollars", "a dollar fifty",
/// "three dollars and fifty cents", "fifty cents", "ten euros",
/// "two pounds fifty pence", "a hundred yen", "two point five dollars".
///
/// The amount is rounded to two decimals. A bare number after the major unit
/// is its hundredths ("one euro twenty" is 1.20); a bare "cents" is USD.
package struct CurrencyParser: SpokenValueParser {
    package init() {}

    /// Number words plus every currency word.
    static let lexicon = Lexicon({
        var lexicon = Lexeme.numberEntries
        for (index, currency) in CurrencyUnit.all.enumerated() {
            for word in currency.majorWords { lexicon[word] = Lexeme(.currencyMajor, index) }
        }
        for family in CurrencyUnit.MinorFamily.allCases {
            for word in family.words { lexicon[word] = Lexeme(.currencyMinor, family.rawValue) }
        }
        return lexicon
    }())

    package func parses(_ words: [String], from start: Int) -> [ValueParse] {
        LexemeWindow.parses(
            of: words, from: start, lexicon: Self.lexicon, payload: Amount.self,
            grammar: { window, emit in
                guard window.contains(.currencyMajor) || window.contains(.currencyMinor) else { return }
                Self.amount(window, 0) { end, amount, currency in
                    emit(end, Amount(rounded: amount, currency: currency))
                }
            },
            value: { amount in .currency(amount: amount.amount, code: CurrencyUnit.all[amount.currency].code) }
        )
    }

    // <currency> = <cur_usd> | <cur_eur> | <cur_gbp> | <cur_jpy>
    // <cur_usd> = (<num_cardinal> | a) (<cur_usd_major> [[and] <num_below100> [<cur_usd_minor>]] | <cur_usd_minor>)
    //           | <num_fractional> <cur_usd_major>
    // and alike for each currency, without the minor-unit parts it lacks.
    // Reads the quantity once, then the currency word.
    static func amount(_ w: LexemeWindow, _ start: Int, _ emit: (_ end: Int, _ amount: Double, _ currency: Int) -> Void) {
        func whole(_ end: Int, _ count: Int) {
            let unit = w[end]
            switch unit.kind {
            case .currencyMajor:
                let amount = Double(count)
                emit(end + 1, amount, unit.value)
                guard let minorFamily = CurrencyUnit.all[unit.value].minorFamily else { return }
                CardinalGrammar.optionalAnd(w, end + 1) { next in
                    CardinalGrammar.below100(w, next) { end, hundredths in
                        let withMinor = amount + Double(hundredths) / 100
                        emit(end, withMinor, unit.value)
                        let minor = w[end]
                        if minor.kind == .currencyMinor && minor.value == minorFamily.rawValue {
                            emit(end + 1, withMinor, unit.value)
                        }
                    }
                }
            case .currencyMinor:
                if let currency = CurrencyUnit.currencyOwningBareMinorUnit[unit.value] {
                    emit(end + 1, Double(count) / 100, currency)
                }
            default:
                break
            }
        }

        CardinalGrammar.unsignedNumber(
            w, start,
            whole: whole,
            fractional: { end, quantity in
                let unit = w[end]
                if unit.kind == .currencyMajor { emit(end + 1, quantity, unit.value) }
            }
        )
        if w[start].kind == .a { whole(start + 1, 1) }
    }

    /// An amount while parsing: plain values, no strings to copy.
    struct Amount: Equatable, BitwiseCopyable {
        var amount: Double
        /// Index in `CurrencyUnit.all`.
        var currency: Int

        init(rounded amount: Double, currency: Int) {
            self.amount = Self.roundedToCents(amount)
            self.currency = currency
        }

        /// `(amount * 100).rounded() / 100`, halves away from zero, without
        /// `rounded()`: that calls libm's `round`, which nothing in this module
        /// links otherwise. Spoken amounts stay far below Int's range in cents.
        static func roundedToCents(_ amount: Double) -> Double {
            let cents = amount * 100
            guard cents.magnitude < 1e15 else { return amount }
            var wholeCents = Int(cents)
            // Exact: subtracting the integer part of a Double below 2^52 loses nothing.
            let remainder = cents - Double(wholeCents)
            if remainder >= 0.5 { wholeCents += 1 } else if remainder <= -0.5 { wholeCents -= 1 }
            return Double(wholeCents) / 100
        }
    }

    package static let jsgfRootRule = "currency"

    package static let jsgfRules: [JSGFRule] = {
        var rules = [JSGFRule(
            name: jsgfRootRule,
            body: CurrencyUnit.all.map { "<\(ruleName($0))>" }.joined(separator: " | ")
        )]
        for currency in CurrencyUnit.all {
            let name = ruleName(currency)
            let major = "<\(name)_major>"
            let minor = "<\(name)_minor>"
            var afterWhole = major
            if let family = currency.minorFamily {
                afterWhole += " [[and] <num_below100> [\(minor)]]"
                if currency.ownsBareMinorUnit { afterWhole = "(\(afterWhole) | \(minor))" }
                rules.append(JSGFRule(name: "\(name)_minor", body: family.words.joined(separator: " | ")))
            }
            rules.append(JSGFRule(name: "\(name)_major", body: currency.majorWords.joined(separator: " | ")))
            rules.append(JSGFRule(name: name, body: "(<num_cardinal> | a) \(afterWhole) | <num_fractional> \(major)"))
        }
        return rules + CardinalGrammar.cardinalRules + CardinalGrammar.fractionalRules
    }()

    private static func ruleName(_ currency: CurrencyUnit) -> String {
        "cur_" + currency.code.lowercased()
    }
}
