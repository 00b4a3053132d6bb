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
