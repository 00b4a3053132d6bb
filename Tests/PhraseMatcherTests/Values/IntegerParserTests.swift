import Testing
@testable import PhraseMatcher

@Suite struct IntegerParserTests {
    @Test(arguments: [
        ("zero", 0), ("seven", 7), ("ten", 10), ("nineteen", 19), ("twenty", 20), ("twenty five", 25),
        ("a hundred", 100), ("one hundred", 100), ("a hundred and five", 105), ("one hundred five", 105),
        ("two thousand and twenty six", 2_026), ("two thousand twenty six", 2_026), ("a thousand", 1_000),
        ("a thousand and one", 1_001), ("eleven hundred", 1_100), ("nineteen hundred and eighty four", 1_984),
        ("ninety nine hundred", 9_900), ("twenty five hundred", 2_500),
        ("nine hundred ninety nine thousand nine hundred ninety nine", 999_999),
        ("a hundred thousand", 100_000), ("one million", 1_000_000), ("a million", 1_000_000),
        ("two million and five", 2_000_005), ("one million two hundred thousand", 1_200_000),
        ("nine hundred ninety nine million nine hundred ninety nine thousand nine hundred ninety nine", 999_999_999),
        ("minus five", -5), ("negative twenty", -20), ("minus zero", 0),
    ])
    func readsIntegers(spoken: String, value: Int) {
        #expect(fullValue(IntegerParser(), spoken) == .integer(value))
    }

    @Test func returnsEveryPrefixLongestFirst() {
        let parses = IntegerParser().parses(spokenWords("twenty five minutes"), from: 0)
        #expect(parses == [ValueParse(end: 2, value: .integer(25)), ValueParse(end: 1, value: .integer(20))])
        #expect(parseEnds(IntegerParser(), "a hundred and five") == [4, 2])
    }

    @Test func endsCountFromTheWholeUtterance() {
        let parses = IntegerParser().parses(spokenWords("set volume to twelve please"), from: 3)
        #expect(parses == [ValueParse(end: 4, value: .integer(12))])
    }

    @Test(arguments: [
        // Malformed sequences only read as their well-formed prefix.
        ("twenty twenty", [1]), ("five twenty", [1]), ("ten five", [1]), ("one hundred and", [2, 1]),
        ("two thousand thousand", [2, 1]), ("zero five", [1]), ("five hundred hundred", [2, 1]),
        ("ten hundred", [1]),
    ])
    func readsOnlyWellFormedPrefixes(spoken: String, ends: [Int]) {
        #expect(parseEnds(IntegerParser(), spoken) == ends)
    }

    @Test(arguments: ["hundred", "thousand", "million", "a", "and five", "minus", "point five", "lights", "twentieth", ""])
    func rejectsNonIntegers(spoken: String) {
        #expect(IntegerParser().parses(spokenWords(spoken), from: 0).isEmpty)
    }

    @Test func startOutsideTheWordsReadsNothing() {
        let words = spokenWords("five")
        #expect(IntegerParser().parses(words, from: 1).isEmpty)
        #expect(IntegerParser().parses(words, from: 7).isEmpty)
        #expect(IntegerParser().parses(words, from: -1).isEmpty)
    }

    @Test func keepsBoundsWithoutEnforcingThem() {
        let parser = IntegerParser(min: 1, max: 10)
        #expect(parser.min == 1 && parser.max == 10)
        #expect(fullValue(parser, "eleven") == .integer(11))
    }

    /// Every spelled number reads back as itself, over its whole length.
    @Test func roundTripsSpelledCardinals() {
        let sample = Array(0...1_200) + Array(stride(from: 0, through: 999_999, by: 997))
            + Array(stride(from: 1_000_000, through: 999_999_999, by: 9_999_991)) + [999_999_999]
        let parser = IntegerParser()
        for n in sample {
            let words = NumberWords.cardinal(n)
            #expect(parser.parses(words, from: 0).first == ValueParse(end: words.count, value: .integer(n)), "\(n)")
            let negative = NumberWords.cardinal(-n)
            #expect(parser.parses(negative, from: 0).first == ValueParse(end: negative.count, value: .integer(-n)), "\(-n)")
        }
    }
}
