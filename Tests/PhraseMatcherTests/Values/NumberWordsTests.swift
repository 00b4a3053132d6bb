import Testing
@testable import PhraseMatcher

@Suite struct NumberWordsTests {
    @Test(arguments: [
        (0, "zero"), (7, "seven"), (13, "thirteen"), (20, "twenty"), (25, "twenty five"),
        (100, "one hundred"), (105, "one hundred five"), (999, "nine hundred ninety nine"),
        (1_000, "one thousand"), (2_026, "two thousand twenty six"),
        (100_000, "one hundred thousand"), (1_000_000, "one million"),
        (1_000_001, "one million one"), (999_999_999_999, "nine hundred ninety nine billion nine hundred ninety nine million nine hundred ninety nine thousand nine hundred ninety nine"),
        (-5, "minus five"),
    ])
    func cardinalSpelling(number: Int, spoken: String) {
        #expect(NumberWords.cardinal(number) == spokenWords(spoken))
    }

    @Test func cardinalSpellingCoversEveryInt() {
        #expect(NumberWords.cardinal(Int.max).first == "nine")
        #expect(NumberWords.cardinal(Int.min).prefix(2) == ["minus", "nine"])
    }

    @Test(arguments: [
        (0, "zeroth"), (1, "first"), (2, "second"), (3, "third"), (5, "fifth"), (8, "eighth"), (9, "ninth"),
        (12, "twelfth"), (20, "twentieth"), (23, "twenty third"), (40, "fortieth"),
        (100, "one hundredth"), (101, "one hundred first"), (1_000, "one thousandth"),
        (2_026, "two thousand twenty sixth"), (1_000_000, "one millionth"),
    ])
    func ordinalSpelling(number: Int, spoken: String) {
        #expect(NumberWords.ordinal(number) == spokenWords(spoken))
    }

    @Test(arguments: [
        ("2.5", "two point five"), ("0.75", "zero point seven five"), ("1,000", "one thousand"),
        ("25", "twenty five"), ("1,234,567", "one million two hundred thirty four thousand five hundred sixty seven"),
        (".5", "point five"), ("-3", "minus three"), ("-0.5", "minus zero point five"), ("007", "seven"),
        ("3.10", "three point one zero"),
    ])
    func decimalSpelling(text: String, spoken: String) {
        #expect(NumberWords.decimal(text[...]) == spokenWords(spoken))
    }

    @Test(arguments: ["", "-", ".", "5.", "1,00", "1,0000", "10,00,000", ",100", "1.2.3", "1e5", "five", "2,5", "99999999999999999999", "1 000"])
    func decimalSpellingRejectsNonNumbers(text: String) {
        #expect(NumberWords.decimal(text[...]) == nil)
    }

    @Test(arguments: [
        ("1st", "first"), ("2nd", "second"), ("3rd", "third"), ("4th", "fourth"), ("11th", "eleventh"),
        ("12th", "twelfth"), ("13th", "thirteenth"), ("21st", "twenty first"), ("22nd", "twenty second"),
        ("101st", "one hundred first"), ("111th", "one hundred eleventh"), ("1,000th", "one thousandth"), ("3RD", "third"),
    ])
    func writtenOrdinalSpelling(text: String, spoken: String) {
        #expect(NumberWords.ordinal(text[...]) == spokenWords(spoken))
    }

    @Test(arguments: ["3th", "1nd", "11st", "12nd", "13rd", "st", "1", "1.5th", "-1st", "first"])
    func writtenOrdinalSpellingRejectsMismatchedSuffixes(text: String) {
        #expect(NumberWords.ordinal(text[...]) == nil)
    }

    @Test(arguments: [
        ("$3.50", "three dollars and fifty cents"), ("$1", "one dollar"), ("$1.01", "one dollar and one cent"),
        ("$0.50", "fifty cents"), ("$3.5", "three dollars and fifty cents"), ("$0", "zero dollars"),
        ("€10", "ten euros"), ("€0.20", "zero euros and twenty cents"), ("10€", "ten euros"),
        ("£2.05", "two pounds and five pence"), ("£0.01", "one penny"),
        ("¥1,000", "one thousand yen"), ("¥2.5", "two point five yen"), ("$2.555", "two point five five five dollars"),
    ])
    func moneySpelling(text: String, spoken: String) {
        #expect(NumberWords.money(text[...]) == spokenWords(spoken))
    }

    @Test(arguments: ["5", "$", "$-5", "-$5", "$5.", "$ 5", "#5", "$1,00"])
    func moneySpellingRejectsNonAmounts(text: String) {
        #expect(NumberWords.money(text[...]) == nil)
    }
}
