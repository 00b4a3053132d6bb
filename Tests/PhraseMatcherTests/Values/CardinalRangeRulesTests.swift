import Testing
@testable import PhraseMatcher

/// The cardinals and ordinals of a range: every form the parsers read of
/// each number in the range, and nothing else.
@Suite struct CardinalRangeRulesTests {
    typealias Expression = JSGFRules.Expression

    /// The minimal automaton of `expression` over the built-in number rules.
    static func automaton(_ expression: Expression?) throws -> WordAutomaton {
        let rules = IntegerParser.jsgfRules + OrdinalParser.jsgfRules
        let text = "public <range> = \(expression?.jsgf ?? "<VOID>");\n" + rules.map { "<\($0.name)> = \($0.body);" }.joined(separator: "\n")
        return try RecognitionGrammar.automaton(for: JSGFGrammar(text: text, intentsNeedingLanguageModel: []))
    }

    /// Every sentence of `rules` below 2,100 as the parser reads it: the
    /// sentences a range within 0...2,100 must take exactly when their value is in it.
    static func sentences(_ body: String, _ parser: some SpokenValueParser) -> [(words: [String], value: Int)] {
        let rules = IntegerParser.jsgfRules + OrdinalParser.jsgfRules
        let sampler = JSGFSampler("<all> = \(body);\n" + rules.map { "<\($0.name)> = \($0.body);" }.joined(separator: "\n"))
        return sampler.allSentences(of: "all")!.map { words in
            switch fullValue(parser, words.joined(separator: " ")) {
            case .integer(let value)?, .ordinal(let value)?: (words, value)
            default: (words, -1)
            }
        }
    }

    static let cardinalsBelow2100 = sentences(
        "zero | <num_below1000> | (eleven | twelve | thirteen | fourteen | fifteen | sixteen | seventeen | eighteen"
            + " | nineteen | twenty) hundred [[and] <num_below100>] | (one | a | two) thousand [[and] <num_below1000>]",
        IntegerParser()
    )

    static let ordinalsBelow2100 = sentences(
        "zeroth | hundredth | thousandth | <ord_below1000> | (one | two) thousandth | (one | a | two) thousand [and] <ord_below1000>",
        OrdinalParser()
    )

    static let smallRanges: [ClosedRange<Int>] = [
        0...0, 1...1, 0...9, 5...20, 1...100, 0...100, 10...99, 19...21, 99...101, 100...999, 1...1_000,
        101...1_999, 1_100...1_200, 950...2_050, 2_000...2_000, 21...2_100, 0...2_100, 37...1_642,
    ]

    @Test(arguments: smallRanges)
    func aSmallRangeTakesExactlyItsCardinals(range: ClosedRange<Int>) throws {
        let automaton = try Self.automaton(CardinalRangeRules.cardinal(range.lowerBound, range.upperBound))
        #expect(Self.cardinalsBelow2100.allSatisfy { $0.value >= 0 })
        for (words, value) in Self.cardinalsBelow2100 {
            let accepted = automaton.accepts(words)
            #expect(accepted == range.contains(value), "\(range): \(words.joined(separator: " "))")
        }
    }

    @Test(arguments: smallRanges)
    func aSmallRangeTakesExactlyItsOrdinals(range: ClosedRange<Int>) throws {
        let automaton = try Self.automaton(CardinalRangeRules.ordinal(range.lowerBound, range.upperBound))
        #expect(Self.ordinalsBelow2100.allSatisfy { $0.value >= 0 })
        for (words, value) in Self.ordinalsBelow2100 {
            let accepted = automaton.accepts(words)
            #expect(accepted == range.contains(value), "\(range): \(words.joined(separator: " "))")
        }
    }

    /// Every sentence of a small range's rule reads as a number of the range.
    @Test(arguments: [1...100, 5...20, 950...2_050, 999...1_001])
    func everySentenceOfASmallRangeIsInIt(range: ClosedRange<Int>) {
        for (expression, parser) in [(CardinalRangeRules.cardinal, IntegerParser() as any SpokenValueParser),
                                     (CardinalRangeRules.ordinal, OrdinalParser())] {
            let rules = IntegerParser.jsgfRules + OrdinalParser.jsgfRules
            let body = expression(range.lowerBound, range.upperBound)!.jsgf
            let sampler = JSGFSampler("<range> = \(body);\n" + rules.map { "<\($0.name)> = \($0.body);" }.joined(separator: "\n"))
            let sentences = sampler.allSentences(of: "range")!
            var values: Set<Int> = []
            for words in sentences {
                let parse = parser.parses(words, from: 0).first { $0.end == words.count }
                switch parse?.value {
                case .integer(let value)?, .ordinal(let value)?:
                    values.insert(value)
                    #expect(range.contains(value), "\(words.joined(separator: " ")) is \(value)")
                default:
                    Issue.record("\(words.joined(separator: " ")) does not parse")
                }
            }
            #expect(values == Set(range))
        }
    }

    static let largeRanges: [ClosedRange<Int>] = [
        12_345...987_654, 1...999_999, 0...1_000_000, 999_999...1_000_001, 5_000_000...5_000_000,
        1...CardinalRangeRules.largest, 123_456_789...987_654_321, 1_000...1_000_000, 2_026...2_026,
    ]

    /// Numbers at, around and between the ends of big ranges, in several spellings.
    @Test(arguments: largeRanges)
    func aLargeRangeTakesItsNumbersAndNoOthers(range: ClosedRange<Int>) throws {
        let cardinals = try Self.automaton(CardinalRangeRules.cardinal(range.lowerBound, range.upperBound))
        let ordinals = try Self.automaton(CardinalRangeRules.ordinal(range.lowerBound, range.upperBound))
        var generator = SplitMix(state: UInt64(range.lowerBound &* 31 &+ range.upperBound))
        let span = range.upperBound - range.lowerBound + 1
        var numbers = [-1, 0, 1].flatMap { [range.lowerBound + $0, range.upperBound + $0] }
        for _ in 0..<300 { numbers.append(range.lowerBound - span + Int(generator.next() % UInt64(3 * span))) }
        for _ in 0..<100 { numbers.append(Int(generator.next() % UInt64(CardinalRangeRules.largest + 1))) }
        for number in numbers where (0...CardinalRangeRules.largest).contains(number) {
            for words in Self.cardinalSpellings(number) {
                #expect(fullValue(IntegerParser(), words.joined(separator: " ")) == .integer(number))
                let accepted = cardinals.accepts(words)
                #expect(accepted == range.contains(number), "\(range): \(words.joined(separator: " "))")
            }
            for words in Self.ordinalSpellings(number) {
                #expect(fullValue(OrdinalParser(), words.joined(separator: " ")) == .ordinal(number))
                let accepted = ordinals.accepts(words)
                #expect(accepted == range.contains(number), "\(range): \(words.joined(separator: " "))")
            }
        }
    }

    /// "one hundred five", "one hundred and five", "a hundred five", and "ten hundred five" style for 1,100–9,999.
    static func cardinalSpellings(_ number: Int) -> [[String]] {
        let plain = NumberWords.cardinal(number)
        var spellings = [plain]
        if let last = plain.lastIndex(where: Self.scales.contains), last + 1 < plain.count {
            spellings.append(Array(plain[...last]) + ["and"] + plain[(last + 1)...])
        }
        if plain.count > 1, plain[0] == "one", Self.scales.contains(plain[1]) { spellings.append(["a"] + plain.dropFirst()) }
        if (1_100...9_999).contains(number) {
            spellings.append(NumberWords.cardinal(number / 100) + ["hundred"] + (number % 100 > 0 ? NumberWords.cardinal(number % 100) : []))
        }
        return spellings
    }

    /// "one hundred fifth", "one hundred and fifth", "a hundred and fifth", "hundredth".
    static func ordinalSpellings(_ number: Int) -> [[String]] {
        let plain = NumberWords.ordinal(number)
        var spellings = [plain]
        if [100, 1_000, 1_000_000].contains(number) { spellings.append(Array(plain.dropFirst())) }
        if let last = plain.dropLast().lastIndex(where: Self.scales.contains) {
            spellings.append(Array(plain[...last]) + ["and"] + plain[(last + 1)...])
            if plain[0] == "one", Self.scales.contains(plain[1]) { spellings.append(["a"] + plain[1...last] + ["and"] + plain[(last + 1)...]) }
        }
        return spellings
    }

    static let scales: Set<String> = ["hundred", "thousand", "million"]

    @Test func wholeLevelsAreTheBuiltInRules() {
        #expect(CardinalRangeRules.cardinal(0, CardinalRangeRules.largest) == .rule("num_cardinal"))
        #expect(CardinalRangeRules.cardinal(1, 99) == .rule("num_below100"))
        #expect(CardinalRangeRules.cardinal(1, 999_999)?.jsgf == "<num_below1m> | <num_teen_hundreds>")
        #expect(CardinalRangeRules.cardinal(1, 100)?.jsgf == "<num_below100> | (one | a) hundred")
        #expect(CardinalRangeRules.cardinal(5, 20)?.jsgf == "five | six | seven | eight | nine | ten | <num_teens> | twenty")
        #expect(CardinalRangeRules.ordinal(1, 31)?.jsgf == "<ord_units> | <ord_teens> | twentieth | twenty <ord_units> | thirtieth | thirty first")
        #expect(CardinalRangeRules.ordinal(0, CardinalRangeRules.largest)?.jsgf
            == "zeroth | hundredth | thousandth | millionth | <ord_millions> | <ord_thousands> | <ord_below1000>")
        #expect(CardinalRangeRules.cardinal(7, 6) == nil)
        #expect(CardinalRangeRules.cardinal(-5, -1) == nil)
        #expect(CardinalRangeRules.ordinal(1_000_000_000, 2_000_000_000) == nil)
    }

    /// The expression grows with the number of scales, not with the range.
    @Test func bigRangesStaySmall() {
        for (lo, hi) in [(123_456_789, 987_654_321), (1, 999_999_998), (12_345, 987_654), (101, 999_999_899)] {
            #expect((CardinalRangeRules.cardinal(lo, hi)?.jsgf.count ?? 0) < 1_500)
            #expect((CardinalRangeRules.ordinal(lo, hi)?.jsgf.count ?? 0) < 2_500)
        }
    }

    /// Every number of a range is in exactly one piece, and every piece's
    /// count and remainder make a number of the range.
    @Test func piecesSplitARangeExactly() {
        var generator = SplitMix(state: 5)
        for _ in 0..<500 {
            let scale = [10, 100, 1_000][Int(generator.next() % 3)]
            let lo = Int(generator.next() % 5_000), hi = lo + Int(generator.next() % 5_000)
            var covered: [Int] = []
            for piece in CardinalRangeRules.pieces(lo, hi, scale: scale) {
                #expect(piece.rests.upperBound < scale)
                for count in piece.counts { for rest in piece.rests { covered.append(count * scale + rest) } }
            }
            #expect(covered.sorted() == Array(lo...hi), "\(lo)...\(hi) by \(scale)")
        }
    }
}
