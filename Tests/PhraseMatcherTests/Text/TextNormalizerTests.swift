import Testing
@testable import PhraseMatcher

struct TextNormalizerTests {
    @Test func foldsCaseAndDropsPunctuation() {
        #expect(TextNormalizer.words(of: "Turn ON the Kitchen-Light, please!") == ["turn", "on", "the", "kitchen", "light", "please"])
    }

    @Test func keepsApostrophesInsideWords() {
        #expect(TextNormalizer.words(of: "What's the time? I'd like 'tea'") == ["what's", "the", "time", "i'd", "like", "tea"])
        #expect(TextNormalizer.words(of: "what\u{2019}s up") == ["what's", "up"])
    }

    /// Names (plain ASCII) take a quicker way to their words than
    /// `normalize`: both must give the same words, whatever the text.
    @Test(arguments: ["Mary O'Neil", "  'quoted'  names ", "rock'n'roll", "Jean-Luc  Picard\t", "''", "a", "", "   ",
                      "ZED QUILLON", "x's' 'y", "Dr. Who, Esq.", "agent 007", "$5 off", "50% more", "O'", "'", "a'b'c"])
    func wordsOfPlainTextAreTheNormalizedWords(_ text: String) {
        #expect(TextNormalizer.words(of: text) == TextNormalizer.normalize(text).words)
    }

    @Test func wordsOfRandomASCIIAreTheNormalizedWords() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcXYZ' -.,$%09\t")
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(TextNormalizer.words(of: text) == TextNormalizer.normalize(text).words, "\(text)")
        }
    }

    @Test func appliesCompatibilityMappingAndCaseFolding() {
        #expect(TextNormalizer.words(of: "ＴＵＲＮ Ｏｎ") == ["turn", "on"])
        #expect(TextNormalizer.words(of: "Café ÉCLAIR") == ["café", "éclair"])
        #expect(TextNormalizer.words(of: "ﬁve") == ["five"])
    }

    @Test func spellsOutNumbersWrittenInDigits() {
        #expect(TextNormalizer.words(of: "set a 25 minute timer") == ["set", "a", "twenty", "five", "minute", "timer"])
        #expect(TextNormalizer.words(of: "2.5 hours") == ["two", "point", "five", "hours"])
        #expect(TextNormalizer.words(of: "the 3rd one") == ["the", "third", "one"])
        #expect(TextNormalizer.words(of: "1,000 people") == ["one", "thousand", "people"])
        #expect(TextNormalizer.words(of: "costs $3.50.") == ["costs", "three", "dollars", "and", "fifty", "cents"])
        #expect(TextNormalizer.words(of: "€10") == ["ten", "euros"])
        #expect(TextNormalizer.words(of: "50%") == ["fifty", "percent"])
        #expect(TextNormalizer.words(of: "at 5.") == ["at", "five"])
        #expect(TextNormalizer.words(of: "１２ apples") == ["twelve", "apples"])
    }

    @Test func leavesWordsWithDigitsAlone() {
        #expect(TextNormalizer.words(of: "play mp3 files") == ["play", "mp3", "files"])
    }

    @Test func mapsEveryWordBackToTheOriginalText() {
        let text = TextNormalizer.normalize("Send “Hello there!” to Alex")
        #expect(text.words == ["send", "hello", "there", "to", "alex"])
        #expect(text.originalText(words: 1..<3) == "Hello there")
        #expect(text.originalText(words: 4..<5) == "Alex")
        let digits = TextNormalizer.normalize("wait 25 minutes")
        #expect(digits.originalText(words: 1..<3) == "25")
    }

    @Test func emptyAndPunctuationOnlyTextHasNoWords() {
        #expect(TextNormalizer.words(of: "").isEmpty)
        #expect(TextNormalizer.words(of: " ?! -- ").isEmpty)
    }
}
