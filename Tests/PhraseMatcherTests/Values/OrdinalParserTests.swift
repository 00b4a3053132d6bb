import Testing
@testable import PhraseMatcher

@Suite struct OrdinalParserTests {
    @Test(arguments: [
        ("first", 1), ("second", 2), ("third", 3), ("ninth", 9), ("tenth", 10), ("nineteenth", 19),
        ("twentieth", 20), ("ninetieth", 90), ("twenty third", 23), ("hundredth", 100),
        ("one hundredth", 100), ("five hundredth", 500), ("one hundred and first", 101),
        ("a hundred and first", 101), ("one hundred twentieth", 120), ("thousandth", 1_000),
        ("two thousandth", 2_000), ("two thousand and twenty sixth", 2_026),
        ("one hundred thousandth", 100_000), ("millionth", 1_000_000), ("three millionth", 3_000_000),
        ("one million and first", 1_000_001), ("a thousand and first", 1_001), ("zeroth", 0),
    ])
    func readsOrdinals(spoken: String, value: Int) {
        #expect(fullValue(OrdinalParser(), spoken) == .ordinal(value))
    }

    @Test(arguments: [
        "twenty eleventh", "twenty tenth", "twenty twentieth", "one", "twenty", "first second",
        "a hundredth", "hundred first", "two thousand hundredth", "one million thousandth", "minus first",
    ])
    func rejectsMalformedOrdinals(spoken: String) {
        #expect(fullValue(OrdinalParser(), spoken) == nil)
    }

    @Test func returnsEveryPrefixLongestFirst() {
        #expect(OrdinalParser().parses(spokenWords("second one"), from: 0) == [ValueParse(end: 1, value: .ordinal(2))])
        #expect(parseEnds(OrdinalParser(), "first second") == [1])
    }

    @Test func roundTripsSpelledOrdinals() {
        let parser = OrdinalParser()
        for n in Array(0...1_200) + Array(stride(from: 0, through: 999_999, by: 997)) + [1_000_000, 999_999_999] {
            let words = NumberWords.ordinal(n)
            #expect(parser.parses(words, from: 0).first == ValueParse(end: words.count, value: .ordinal(n)), "\(n)")
        }
    }
}
