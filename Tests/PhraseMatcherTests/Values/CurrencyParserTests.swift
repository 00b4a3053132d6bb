import Testing
@testable import PhraseMatcher

@Suite struct CurrencyParserTests {
    @Test(arguments: [
        ("five dollars", 5.0, "USD"), ("a dollar", 1, "USD"), ("one dollar", 1, "USD"),
        ("three dollars and fifty cents", 3.5, "USD"), ("three dollars fifty", 3.5, "USD"),
        ("three dollars fifty cents", 3.5, "USD"), ("three dollars and five", 3.05, "USD"),
        ("a dollar ninety nine", 1.99, "USD"), ("fifty cents", 0.5, "USD"), ("a cent", 0.01, "USD"),
        ("ten euros", 10, "EUR"), ("one euro twenty", 1.2, "EUR"), ("two euros and fifty cents", 2.5, "EUR"),
        ("five pounds", 5, "GBP"), ("two pounds fifty pence", 2.5, "GBP"), ("fifty p", 0.5, "GBP"),
        ("a penny", 0.01, "GBP"), ("ten quid", 10, "GBP"), ("a hundred yen", 100, "JPY"),
        ("two point five dollars", 2.5, "USD"), ("five bucks", 5, "USD"), ("one point two three four dollars", 1.23, "USD"),
        ("a hundred and fifty cents", 1.5, "USD"), ("one and a half dollars", 1.5, "USD"), ("a quarter dollar", 0.25, "USD"),
    ])
    func readsAmounts(spoken: String, amount: Double, code: String) {
        #expect(fullValue(CurrencyParser(), spoken) == .currency(amount: amount, code: code))
    }

    @Test func returnsEveryPrefixLongestFirst() {
        #expect(parseEnds(CurrencyParser(), "three dollars and fifty cents") == [5, 4, 2])
        #expect(parseEnds(CurrencyParser(), "five dollars please") == [2])
    }

    @Test(arguments: [
        "three fifty", "dollars", "five", "three dollars fifty pence", "two pounds fifty cents", "a hundred yen fifty",
        "fifty cents twenty", "two point five dollars fifty", "three dollars one hundred", "minus five dollars",
        "three dollars and a half", "ten euros and zero cents",
    ])
    func rejectsMalformedAmounts(spoken: String) {
        #expect(fullValue(CurrencyParser(), spoken) == nil)
    }

    /// Amounts spelled by the normaliser from "$3.50" and alike read back as themselves.
    @Test func roundTripsSpelledMoney() {
        let codes: [Character: String] = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"]
        for text in ["$3.50", "$0.99", "$1", "€0.20", "€12.30", "£0.01", "£1,250.75", "¥500", "¥2.5", "$2.555"] {
            guard let words = NumberWords.money(text[...]), let symbol = text.first, let code = codes[symbol],
                  let amount = Double(text.dropFirst().filter { $0 != "," })
            else {
                Issue.record("cannot spell \(text)")
                continue
            }
            let expected = ValueParse(end: words.count, value: .currency(amount: (amount * 100).rounded() / 100, code: code))
            #expect(CurrencyParser().parses(words, from: 0).first == expected, "\(text)")
        }
    }
}
