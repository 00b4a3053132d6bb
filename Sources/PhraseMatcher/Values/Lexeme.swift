/// What one word means to the value grammars. Each parser looks every word up
/// once in its lexicon and then works on these, never on strings.
struct Lexeme: Sendable, Hashable {
    enum Kind: UInt8, Sendable {
        /// Not a word of this grammar (also: past the end of the words).
        case none
        case zero
        /// one … nine; `value` is 1 … 9.
        case unit
        case ten
        /// eleven … nineteen.
        case teen
        /// twenty … ninety; `value` is 20 … 90.
        case tens
        case hundred, thousand, million
        case a, an, and, point, half, quarter, quarters, of
        /// minus, negative.
        case sign
        case ordinalZero
        /// first … ninth.
        case ordinalUnit
        /// tenth … nineteenth.
        case ordinalTeen
        /// twentieth … ninetieth.
        case ordinalTens
        case hundredth, thousandth, millionth
        /// `value` indexes `DurationParser.units`.
        case timeUnit
        /// `value` indexes `CurrencyUnit.all`.
        case currencyMajor
        /// `value` is a `CurrencyUnit.MinorFamily` raw value.
        case currencyMinor
    }

    var kind: Kind
    var value: Int

    init(_ kind: Kind, _ value: Int = 0) {
        self.kind = kind
        self.value = value
    }

    static let none = Lexeme(.none)
}

extension Lexeme {
    /// Cardinal and fractional number words: what integer and number read,
    /// and the quantities inside ordinals, durations and amounts.
    static let numberEntries: [String: Lexeme] = {
        var lexicon: [String: Lexeme] = [
            "zero": Lexeme(.zero), "ten": Lexeme(.ten, 10),
            "hundred": Lexeme(.hundred, 100), "thousand": Lexeme(.thousand, 1_000),
            "million": Lexeme(.million, 1_000_000),
            "a": Lexeme(.a), "and": Lexeme(.and), "point": Lexeme(.point),
            "half": Lexeme(.half), "quarter": Lexeme(.quarter), "quarters": Lexeme(.quarters),
            "minus": Lexeme(.sign), "negative": Lexeme(.sign),
        ]
        for value in 1...9 { lexicon[NumberWords.belowTwenty[value]] = Lexeme(.unit, value) }
        for value in 11...19 { lexicon[NumberWords.belowTwenty[value]] = Lexeme(.teen, value) }
        for tens in 2...9 { lexicon[NumberWords.tens[tens]] = Lexeme(.tens, tens * 10) }
        return lexicon
    }()

    /// Number words plus ordinal words ("second" is 2nd here, not a time unit).
    static let ordinalEntries: [String: Lexeme] = {
        var lexicon = numberEntries
        lexicon["zeroth"] = Lexeme(.ordinalZero)
        lexicon["hundredth"] = Lexeme(.hundredth, 100)
        lexicon["thousandth"] = Lexeme(.thousandth, 1_000)
        lexicon["millionth"] = Lexeme(.millionth, 1_000_000)
        for value in 1...9 { lexicon[NumberWords.ordinalBelowTwenty[value]] = Lexeme(.ordinalUnit, value) }
        for value in 10...19 { lexicon[NumberWords.ordinalBelowTwenty[value]] = Lexeme(.ordinalTeen, value) }
        for tens in 2...9 { lexicon[NumberWords.ordinalTens[tens]] = Lexeme(.ordinalTens, tens * 10) }
        return lexicon
    }()

    /// What `IntegerParser` and `DecimalNumberParser` look words up in.
    static let numberLexicon = Lexicon(numberEntries)
    /// What `OrdinalParser` looks words up in.
    static let ordinalLexicon = Lexicon(ordinalEntries)
}
