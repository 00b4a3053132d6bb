import Testing
@testable import PhraseMatcher

@Suite struct DurationParserTests {
    @Test(arguments: [
        ("five minutes", 300.0), ("ninety seconds", 90), ("a minute", 60), ("an hour", 3_600), ("one hour", 3_600),
        ("two days", 172_800), ("a week", 604_800), ("one minutes", 60), ("ten min", 600), ("three hrs", 10_800),
        ("thirty secs", 30), ("one and a half hours", 5_400), ("two point five hours", 9_000),
        ("a half hour", 1_800), ("half an hour", 1_800), ("half a minute", 30), ("a quarter of an hour", 900),
        ("quarter of an hour", 900), ("three quarters of an hour", 2_700), ("an hour and a half", 5_400),
        ("a minute and a half", 90), ("two hours and a half", 9_000), ("an hour and a quarter", 4_500),
        ("one hour ten minutes", 4_200), ("one hour and ten minutes", 4_200),
        ("two hours thirty minutes and ten seconds", 9_010), ("a day and a half", 129_600),
        ("one week two days three hours four minutes five seconds", 788_645),
        ("an hour and a half minute", 3_630), ("zero seconds", 0), ("a hundred and five minutes", 6_300),
    ])
    func readsDurations(spoken: String, seconds: Double) {
        #expect(fullValue(DurationParser(), spoken) == .duration(seconds: seconds))
    }

    @Test func returnsEveryPrefixLongestFirst() {
        #expect(DurationParser().parses(spokenWords("one hour ten minutes"), from: 0) == [
            ValueParse(end: 4, value: .duration(seconds: 4_200)),
            ValueParse(end: 2, value: .duration(seconds: 3_600)),
        ])
        #expect(parseEnds(DurationParser(), "an hour and a half timer") == [5, 2])
        #expect(parseEnds(DurationParser(), "five minutes and") == [2])
    }

    @Test(arguments: [
        "ten minutes five hours", "five minutes ten minutes", "an minute", "a hour", "half minute",
        "five", "minutes", "and five minutes", "two point five hours and a half", "one and a half hours and a half",
        "minus five minutes", "a quarter of a hour", "five minutes thirty",
    ])
    func rejectsMalformedDurations(spoken: String) {
        #expect(fullValue(DurationParser(), spoken) == nil)
    }

    @Test func secondIsAUnitNotAnOrdinal() {
        #expect(fullValue(DurationParser(), "a second") == .duration(seconds: 1))
    }
}
