import Testing
@testable import PhraseMatcher

@Suite struct DecimalNumberParserTests {
    @Test(arguments: [
        ("seven", 7.0), ("two thousand and twenty six", 2_026), ("two point five", 2.5),
        ("zero point seven five", 0.75), ("point five", 0.5), ("one and a half", 1.5),
        ("two and a quarter", 2.25), ("three and three quarters", 3.75), ("a half", 0.5),
        ("a quarter", 0.25), ("minus one point five", -1.5), ("negative point two five", -0.25),
        ("a hundred and five point zero one", 105.01), ("two point three", 2.3),
        ("nineteen hundred point five", 1_900.5), ("minus zero", 0),
    ])
    func readsNumbers(spoken: String, value: Double) {
        #expect(fullValue(DecimalNumberParser(), spoken) == .number(value))
    }

    @Test func returnsEveryPrefixLongestFirst() {
        #expect(parseEnds(DecimalNumberParser(), "two point five") == [3, 1])
        #expect(parseEnds(DecimalNumberParser(), "one and a half hours") == [4, 1])
        #expect(parseEnds(DecimalNumberParser(), "two point five six seven") == [5, 4, 3, 1])
    }

    @Test(arguments: ["half", "point", "and a half", "a", "quarter", "three quarters", "two point", "a third"])
    func rejectsNonNumbers(spoken: String) {
        #expect(fullValue(DecimalNumberParser(), spoken) == nil)
    }

    @Test func minusZeroIsPlainZero() {
        guard case .number(let value) = fullValue(DecimalNumberParser(), "minus zero") else {
            Issue.record("no parse")
            return
        }
        #expect(value.sign == .plus)
    }

    /// Written decimals spelled by the normaliser read back as exactly the same Double.
    @Test func roundTripsSpelledDecimals() {
        var generator = SystemRandomNumberGenerator()
        let parser = DecimalNumberParser()
        for _ in 0..<2_000 {
            let whole = Int.random(in: 0...999_999, using: &generator)
            let fraction = (0..<Int.random(in: 1...6, using: &generator)).map { _ in String(Int.random(in: 0...9, using: &generator)) }
            let text = "\(whole).\(fraction.joined())"
            guard let words = NumberWords.decimal(text[...]), let expected = Double(text) else {
                Issue.record("cannot spell \(text)")
                continue
            }
            #expect(parser.parses(words, from: 0).first == ValueParse(end: words.count, value: .number(expected)), "\(text)")
        }
    }
}
