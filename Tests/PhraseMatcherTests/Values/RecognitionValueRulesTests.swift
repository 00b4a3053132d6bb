import Testing
@testable import PhraseMatcher

/// The recognition grammar's value rules hear a parameter only within its
/// `min`/`max`: every sentence reads as a value in range, the range's ends
/// can be said, and values outside it cannot.
@Suite struct RecognitionValueRulesTests {
    /// A parameter's value rule and the rules it needs, as a grammar.
    struct Slot: CustomTestStringConvertible, Sendable {
        var type: ParameterType
        var minimum: Double?
        var maximum: Double?
        var testDescription: String { "\(type.name) \(minimum.map { "\($0)" } ?? "…")...\(maximum.map { "\($0)" } ?? "…")" }

        init(_ type: ParameterType, _ minimum: Double?, _ maximum: Double?) {
            (self.type, self.minimum, self.maximum) = (type, minimum, maximum)
        }

        var parameter: Parameter { Parameter(name: "value", type: type, minimum: minimum, maximum: maximum) }

        var grammarText: String {
            var rules = RecognitionValueRules()
            let root = rules.rootRule(for: parameter)!
            return "public <value> = <\(root)>;\n" + rules.rules.map { "<\($0.name)> = \($0.body);" }.joined(separator: "\n")
        }

        func automaton() throws -> WordAutomaton {
            try RecognitionGrammar.automaton(for: JSGFGrammar(text: grammarText, intentsNeedingLanguageModel: []))
        }

        var parser: any SpokenValueParser {
            switch type {
            case .integer: IntegerParser()
            case .number: DecimalNumberParser()
            case .ordinal: OrdinalParser()
            case .duration: DurationParser()
            case .currency: CurrencyParser()
            default: BooleanParser()
            }
        }

        /// The value all of `words` reads as.
        func value(_ words: [String]) -> Double? {
            parser.parses(words, from: 0).first { $0.end == words.count }?.value.numericValue
        }
    }

    static let slots: [Slot] = [
        Slot(.integer, 1, 100), Slot(.integer, 5, 20), Slot(.integer, -10, 1_500), Slot(.integer, 0, 1_000_000),
        Slot(.integer, 1, nil), Slot(.integer, nil, 100), Slot(.integer, nil, nil), Slot(.integer, -50, -10),
        Slot(.integer, 1.5, 2.5), Slot(.integer, 0, 0), Slot(.integer, 2_000_000, 3_000_000),
        Slot(.number, 0, 100), Slot(.number, -2.5, 2.5), Slot(.number, 0.5, 2.5), Slot(.number, 1, 1),
        Slot(.number, nil, nil), Slot(.number, 0, nil), Slot(.number, -100, 0), Slot(.number, 2.3, 7.8),
        Slot(.number, -0.5, -0.25),
        Slot(.ordinal, 1, 31), Slot(.ordinal, 1, 10), Slot(.ordinal, 0, 1_000), Slot(.ordinal, 1, nil),
        Slot(.ordinal, 100, 100), Slot(.ordinal, 1_000_000, 2_000_000), Slot(.ordinal, nil, nil),
        Slot(.duration, nil, 3_600), Slot(.duration, 60, 5_400), Slot(.duration, 1, 59), Slot(.duration, 0, 86_400),
        Slot(.duration, 60, nil), Slot(.duration, 30, 90), Slot(.duration, 3_600, 3_600), Slot(.duration, 0.5, 1),
        Slot(.duration, 1_209_600, 1_814_400), Slot(.duration, 3_700, 3_800), Slot(.duration, nil, nil),
        Slot(.currency, 1, 20.5), Slot(.currency, 0, 1), Slot(.currency, 0.99, 1.01), Slot(.currency, 5, 5),
        Slot(.currency, 10, nil), Slot(.currency, nil, 100), Slot(.currency, 1_000, 1_000_000), Slot(.currency, nil, nil),
    ]

    /// Random sentences of each slot's rule read, with the type's parser, as
    /// a value within the slot's range.
    @Test(arguments: slots)
    func everySentenceIsInRange(slot: Slot) throws {
        var sampler = JSGFSampler(slot.grammarText, seed: 11)
        let automaton = try slot.automaton()
        for _ in 0..<1_500 {
            let sentence = sampler.sample("value")
            let text = sentence.joined(separator: " ")
            let accepted = automaton.accepts(sentence)
            #expect(accepted, "\(text)")
            guard let value = slot.value(sentence) else {
                Issue.record("\(text) does not read as a \(slot.type.name)")
                continue
            }
            #expect(value >= (slot.minimum ?? -.infinity) && value <= (slot.maximum ?? .infinity), "\(text) is \(value)")
            // Without bounds, numbers stop below a million (durations: each unit's count).
            if slot.type != .duration {
                #expect(abs(value) < 1_000_000 || slot.maximum.map { $0 >= 1_000_000 } == true, "\(text) is \(value)")
            }
        }
    }

    /// What each slot hears, and what it does not although the parser reads it.
    @Test(arguments: [
        (Slot(.integer, 1, 100), ["one", "a hundred", "one hundred", "ninety nine", "fifty five"],
         ["twelve million", "zero", "a hundred and one", "minus five", "eight million eighteen thousand a hundred four"]),
        (Slot(.integer, nil, nil),
         ["nine hundred ninety nine thousand nine hundred ninety nine", "minus nine hundred ninety nine thousand",
          "two thousand and twenty six", "nineteen hundred and eighty four", "zero", "negative five"],
         ["a million", "one million", "minus a million", "two million and five", "minus zero"]),
        (Slot(.integer, 0, nil), ["zero", "nine hundred thousand"], ["minus five", "negative one", "a million"]),
        (Slot(.integer, -10, 1_500), ["minus ten", "negative one", "fifteen hundred", "one thousand five hundred", "zero"],
         ["minus eleven", "fifteen hundred and one", "minus zero"]),
        (Slot(.integer, 1.2, 1.8), [], ["one", "two"]),
        (Slot(.number, 0, 100),
         ["ninety nine point five", "one hundred", "a hundred", "ninety nine and three quarters", "point five", "a half",
          "zero point two five", "zero"],
         ["one hundred point five", "one hundred and a half", "minus one", "one hundred point zero", "zero and a half"]),
        (Slot(.number, -2.5, 2.5), ["minus two and a half", "two and a half", "minus point five", "minus a half", "one point nine"],
         ["minus three", "three", "two point five", "minus two point one"]),
        (Slot(.number, nil, nil), ["nine hundred ninety nine thousand point five", "minus two point five", "a quarter"],
         ["a million", "one million point five"]),
        (Slot(.ordinal, 1, 31), ["first", "thirty first", "twentieth", "twenty third"], ["thirty second", "zeroth", "hundredth"]),
        (Slot(.ordinal, nil, nil), ["zeroth", "hundredth", "thousandth", "nine hundred ninety nine thousand nine hundred and ninety ninth"],
         ["millionth", "one millionth", "one million and first"]),
        (Slot(.duration, nil, 3_600),
         ["an hour", "one hour", "sixty minutes", "fifty nine minutes and thirty seconds", "half an hour", "three quarters of an hour",
          "thirty minutes", "three thousand six hundred seconds", "a quarter of an hour", "point five hours", "fifty nine minutes sixty seconds",
          "a minute and a half", "one point five minutes"],
         ["five hours", "ninety minutes", "one hour ten minutes", "an hour and a half", "a day", "two hours", "sixty one minutes",
          "fifty nine minutes sixty one seconds", "zero minutes", "one point five hours"]),
        (Slot(.duration, 60, 5_400),
         ["a minute", "one hour thirty minutes", "an hour and a half", "ninety minutes", "one hour and twenty nine minutes and sixty seconds",
          "one and a half hours", "sixty seconds", "half an hour"],
         ["fifty nine seconds", "one hour thirty one minutes", "half a minute", "two hours", "ninety one minutes"]),
        (Slot(.duration, 3_700, 3_800), ["one hour two minutes", "an hour and three minutes", "an hour one minute fifty seconds"],
         ["an hour", "one hour one minute", "one hour four minutes"]),
        (Slot(.duration, nil, nil),
         ["two hours thirty minutes and ten seconds", "an hour and a half", "zero minutes", "nine hundred ninety nine thousand weeks",
          "two hours ninety minutes", "one week and two days"],
         ["a million seconds", "one million weeks"]),
        (Slot(.currency, 1, 20.5),
         ["a dollar", "twenty dollars and fifty cents", "twenty and a half euros", "one hundred cents", "two thousand fifty cents",
          "twenty pounds fifty", "twenty yen", "a euro ninety nine"],
         ["twenty dollars and fifty one cents", "ninety nine cents", "twenty one dollars", "twenty point five dollars", "twenty one yen",
          "a cent"]),
        (Slot(.currency, nil, nil), ["nine hundred ninety nine thousand dollars", "fifty cents", "a quid"],
         ["a million dollars", "one million euros"]),
    ])
    func hearsTheRangeOnly(slot: Slot, heard: [String], notHeard: [String]) throws {
        let automaton = try slot.automaton()
        for sentence in heard {
            let words = spokenWords(sentence)
            let accepted = automaton.accepts(words)
            #expect(accepted, "\(sentence)")
            let value = slot.value(words)
            #expect(value.map { $0 >= (slot.minimum ?? -.infinity) && $0 <= (slot.maximum ?? .infinity) } == true, "\(sentence)")
        }
        for sentence in notHeard {
            // The parser reads it (or it is out of range): only the grammar leaves it out.
            #expect(slot.value(spokenWords(sentence)) != nil, "\(sentence) does not parse")
            let accepted = automaton.accepts(spokenWords(sentence))
            #expect(!accepted, "\(sentence)")
        }
    }

    /// The ends of a whole-number range can be said, each in its plain spelling.
    @Test(arguments: slots.filter { $0.type == .integer || $0.type == .ordinal })
    func theEndsOfARangeAreHeard(slot: Slot) throws {
        let automaton = try slot.automaton()
        let least = slot.type == .ordinal ? 0 : -RecognitionValueRules.defaultLimit
        let lo = max(least, slot.minimum.map { Int(($0 - 1e-9).rounded(.up)) } ?? least)
        let hi = slot.maximum.map { Int(($0 + 1e-9).rounded(.down)) } ?? RecognitionValueRules.defaultLimit
        guard lo <= hi else { return }
        for end in [lo, hi] {
            let words = slot.type == .ordinal ? NumberWords.ordinal(end) : NumberWords.cardinal(end)
            let accepted = automaton.accepts(words)
            #expect(accepted, "\(words.joined(separator: " "))")
        }
    }

    /// Slots of the same type and range share one rule; cardinals are shared across types.
    @Test func rulesAreSharedByRange() {
        var rules = RecognitionValueRules()
        let first = rules.rootRule(for: Parameter(name: "a", type: .integer, minimum: 1, maximum: 100))
        let second = rules.rootRule(for: Parameter(name: "b", type: .integer, minimum: 1, maximum: 100))
        let rounded = rules.rootRule(for: Parameter(name: "c", type: .integer, minimum: 0.5, maximum: 100.5))
        let ordinal = rules.rootRule(for: Parameter(name: "d", type: .ordinal, minimum: 1, maximum: 100))
        let minutes = rules.rootRule(for: Parameter(name: "e", type: .duration, maximum: 3_600))
        let money = rules.rootRule(for: Parameter(name: "f", type: .currency, minimum: -5, maximum: 2.5))
        #expect([first, second, rounded, ordinal, minutes, money] == [
            "integer_1_to_100", "integer_1_to_100", "integer_1_to_100", "ordinal_1_to_100", "duration_to_3600",
            "currency_minus5_to_2p5",
        ])
        #expect(rules.rootRule(for: Parameter(name: "g", type: .integer)) == "integer")
        #expect(rules.rootRule(for: Parameter(name: "h", type: .boolean)) == "boolean")
        #expect(rules.rootRule(for: Parameter(name: "i", type: .string)) == nil)
        let names = rules.rules.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.filter { $0 == "num_1_to_100" }.count == 1)
        #expect(rules.rules.first { $0.name == "integer_1_to_100" }?.body == "<num_1_to_100>")
        #expect(rules.rules.first { $0.name == "num_1_to_100" }?.body == "<num_below100> | (one | a) hundred")
        // Only the built-in rules something refers to.
        #expect(!names.contains("num_million") && !names.contains("ord_millions") && !names.contains("num_cardinal"))
        #expect(names.contains("boolean") && names.contains("num_sign") && names.contains("dur_unit_hour"))
    }

    /// Bounds far beyond what can be said, or past each other, make rules
    /// without trapping (the model reader's fuzz target builds the grammar too).
    @Test func extremeBoundsAreSafe() throws {
        for type in [ParameterType.integer, .number, .ordinal, .duration, .currency] {
            for (minimum, maximum) in [(1e300, nil), (nil, -1e300), (-1e300, 1e300), (1e300, 1e301), (-1e301, -1e300),
                                       (5, 1), (.infinity, nil), (nil, -Double.infinity), (-1e-300, 1e-300), (0.1, 0.2)] as [(Double?, Double?)] {
                _ = try Slot(type, minimum, maximum).automaton()
            }
        }
    }

    /// A range no value of the type fits is a rule that matches nothing.
    @Test func anEmptyRangeIsVoid() throws {
        var rules = RecognitionValueRules()
        let name = rules.rootRule(for: Parameter(name: "n", type: .integer, minimum: 1.2, maximum: 1.8))
        #expect(rules.rules.first { $0.name == name }?.body == "<VOID>")
        let accepted = try Slot(.integer, 1.2, 1.8).automaton().accepts(["one"])
        #expect(!accepted)
    }
}
