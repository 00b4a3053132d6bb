/// English number words: the tables every value grammar reads, and the
/// spelling the normaliser uses to turn digits into those same words.
package enum NumberWords {
    /// "zero" … "nineteen", indexed by value.
    static let belowTwenty: [String] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
        "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
        "seventeen", "eighteen", "nineteen",
    ]
    /// "twenty" … "ninety", indexed by value / 10 (entries 0 and 1 unused).
    static let tens: [String] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ]
    /// "zeroth" … "nineteenth", indexed by value.
    static let ordinalBelowTwenty: [String] = [
        "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
        "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth",
        "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
    ]
    /// "twentieth" … "ninetieth", indexed by value / 10 (entries 0 and 1 unused).
    static let ordinalTens: [String] = [
        "", "", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth",
        "seventieth", "eightieth", "ninetieth",
    ]

    /// Scale words above a thousand, largest first; spelling covers every Int,
    /// the value grammars stop at millions.
    private static let largeScales: [(value: UInt64, cardinal: String, ordinal: String)] = [
        (1_000_000_000_000_000_000, "quintillion", "quintillionth"),
        (1_000_000_000_000_000, "quadrillion", "quadrillionth"),
        (1_000_000_000_000, "trillion", "trillionth"),
        (1_000_000_000, "billion", "billionth"),
        (1_000_000, "million", "millionth"),
        (1_000, "thousand", "thousandth"),
    ]

    /// The ordinal form of a cardinal word ("five" → "fifth", "hundred" → "hundredth").
    private static let ordinalOfCardinalWord: [String: String] = {
        var table: [String: String] = ["hundred": "hundredth"]
        for value in 0..<20 { table[belowTwenty[value]] = ordinalBelowTwenty[value] }
        for value in 2..<10 { table[tens[value]] = ordinalTens[value] }
        for scale in largeScales { table[scale.cardinal] = scale.ordinal }
        return table
    }()

    // MARK: Spelling

    /// Words for `n` without "and": 105 → ["one", "hundred", "five"],
    /// 2026 → ["two", "thousand", "twenty", "six"], -5 → ["minus", "five"].
    package static func cardinal(_ n: Int) -> [String] {
        var words: [String] = []
        if n < 0 { words.append("minus") }
        appendCardinal(UInt64(n.magnitude), to: &words)
        return words
    }

    /// Words for the `n`th: 23 → ["twenty", "third"], 100 → ["one", "hundredth"],
    /// 101 → ["one", "hundred", "first"].
    package static func ordinal(_ n: Int) -> [String] {
        var words = cardinal(n)
        if let last = words.last, let ordinalLast = ordinalOfCardinalWord[last] {
            words[words.count - 1] = ordinalLast
        }
        return words
    }

    /// Words for a written number: "2.5" → ["two", "point", "five"],
    /// "0.75" → ["zero", "point", "seven", "five"], "1,000" → ["one", "thousand"],
    /// ".5" → ["point", "five"], "-3" → ["minus", "three"].
    /// Thousands separators must group by three. Nil if `text` is not such a number
    /// or its whole part does not fit an Int.
    package static func decimal(_ text: Substring) -> [String]? {
        guard let number = WrittenNumber(text) else { return nil }
        var words: [String] = number.isNegative ? ["minus"] : []
        if let whole = number.whole { appendCardinal(whole, to: &words) }
        if let fraction = number.fractionDigits {
            words.append("point")
            for digit in fraction { words.append(belowTwenty[Int(digit - UInt8(ascii: "0"))]) }
        }
        return words
    }

    /// Words for a written ordinal: "3rd" → ["third"], "21st" → ["twenty", "first"],
    /// "1,000th" → ["one", "thousandth"]. Nil unless the suffix fits the number
    /// ("3th" is nil).
    package static func ordinal(_ text: Substring) -> [String]? {
        let utf8 = text.utf8
        guard utf8.count > 2 else { return nil }
        let suffixStart = utf8.index(utf8.endIndex, offsetBy: -2)
        let suffix = utf8[suffixStart...].map { $0 | 0x20 }  // ASCII lowercase
        guard let number = WrittenNumber(text[..<suffixStart]),
              !number.isNegative, number.fractionDigits == nil,
              let whole = number.whole, whole <= UInt64(Int.max)
        else { return nil }
        let expected: String
        switch (whole % 100, whole % 10) {
        case (11...13, _): expected = "th"
        case (_, 1): expected = "st"
        case (_, 2): expected = "nd"
        case (_, 3): expected = "rd"
        default: expected = "th"
        }
        guard suffix.elementsEqual(expected.utf8) else { return nil }
        return ordinal(Int(whole))
    }

    private static func appendCardinal(_ n: UInt64, to words: inout [String]) {
        if n == 0 {
            words.append("zero")
            return
        }
        var rest = n
        for scale in largeScales where rest >= scale.value {
            appendBelowThousand(Int(rest / scale.value), to: &words)
            words.append(scale.cardinal)
            rest %= scale.value
        }
        if rest > 0 { appendBelowThousand(Int(rest), to: &words) }
    }

    /// 1 ... 999.
    private static func appendBelowThousand(_ n: Int, to words: inout [String]) {
        if n >= 100 {
            words.append(belowTwenty[n / 100])
            words.append("hundred")
        }
        let belowHundred = n % 100
        if belowHundred >= 20 {
            words.append(tens[belowHundred / 10])
            if belowHundred % 10 > 0 { words.append(belowTwenty[belowHundred % 10]) }
        } else if belowHundred > 0 {
            words.append(belowTwenty[belowHundred])
        }
    }
}

/// A number as written with digits: `[-] whole [. fraction]`, the whole part
/// plain ("1000") or grouped by commas ("1,000").
struct WrittenNumber {
    var isNegative: Bool
    /// Nil when the text starts with the point (".5").
    var whole: UInt64?
    /// The ASCII digits after the point; nil without a point.
    var fractionDigits: [UInt8]?

    init?(_ text: Substring) {
        var bytes = text.utf8[...]
        isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { bytes = bytes.dropFirst() }

        var value: UInt64 = 0
        var digitCount = 0
        var digitsInGroup = 0
        var sawSeparator = false
        while let byte = bytes.first, byte != UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ",") {
                // The first group has 1-3 digits, every later one exactly 3.
                guard digitCount > 0, sawSeparator ? digitsInGroup == 3 : digitsInGroup <= 3 else { return nil }
                sawSeparator = true
                digitsInGroup = 0
                continue
            }
            guard let digit = Self.digitValue(byte) else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            digitCount += 1
            digitsInGroup += 1
        }
        if sawSeparator && digitsInGroup != 3 { return nil }
        // Spelling covers Int's range; the sign needs the magnitude to fit.
        guard value <= (isNegative ? UInt64(Int.min.magnitude) : UInt64(Int.max)) else { return nil }
        whole = digitCount > 0 ? value : nil

        if bytes.first == UInt8(ascii: ".") {
            let fraction = Array(bytes.dropFirst())
            guard !fraction.isEmpty, fraction.allSatisfy({ Self.digitValue($0) != nil }) else { return nil }
            fractionDigits = fraction
        } else {
            fractionDigits = nil
        }
        guard whole != nil || fractionDigits != nil else { return nil }
    }

    private static func digitValue(_ byte: UInt8) -> UInt8? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
    }
}
