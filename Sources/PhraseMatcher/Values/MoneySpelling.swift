extension NumberWords {
    /// Words for a written amount of money, in the form `CurrencyParser` reads:
    /// "$3.50" → ["three", "dollars", "and", "fifty", "cents"], "$1" → ["one", "dollar"],
    /// "$0.50" → ["fifty", "cents"], "£2.05" → ["two", "pounds", "and", "five", "pence"],
    /// "¥1,000" → ["one", "thousand", "yen"], "10€" → ["ten", "euros"].
    ///
    /// The symbol ($ € £ ¥) may come first or last. More than two decimals, or
    /// decimals on yen, are spelled with "point". Nil if `text` is not such an amount.
    public static func money(_ text: Substring) -> [String]? {
        guard let first = text.first, let last = text.last else { return nil }
        let currency: CurrencyUnit
        let amountText: Substring
        if let leading = CurrencyUnit.all.first(where: { $0.symbol == first }) {
            (currency, amountText) = (leading, text.dropFirst())
        } else if let trailing = CurrencyUnit.all.first(where: { $0.symbol == last }) {
            (currency, amountText) = (trailing, text.dropLast())
        } else {
            return nil
        }
        guard let number = WrittenNumber(amountText), !number.isNegative,
              let digitWords = decimal(amountText)
        else { return nil }

        let whole = number.whole ?? 0
        let fraction = number.fractionDigits ?? []
        guard let minorFamily = currency.minorFamily, fraction.count <= 2 else {
            // "two point five dollars", "one point five yen".
            let isOne = whole == 1 && fraction.isEmpty
            return digitWords + [isOne ? currency.singular : currency.plural]
        }

        // "3.5" is three fifty.
        var hundredths = 0
        for index in 0..<2 {
            hundredths *= 10
            if index < fraction.count { hundredths += Int(fraction[index] - UInt8(ascii: "0")) }
        }
        var words: [String] = []
        if whole > 0 || hundredths == 0 || !currency.ownsBareMinorUnit {
            words += cardinal(Int(whole))
            words.append(whole == 1 ? currency.singular : currency.plural)
            if hundredths > 0 { words.append("and") }
        }
        if hundredths > 0 {
            words += cardinal(hundredths)
            words.append(hundredths == 1 ? minorFamily.singular : minorFamily.plural)
        }
        return words
    }
}
