import Testing
@testable import SpeechFront

/// The wake phrase's second stage: how much of the phrase, in phones, the
/// neural recogniser's words hold.
struct WakeVerifierTests {
    /// A small dictionary, so the scores do not move with cmudict.
    static let pronunciations: [String: String] = [
        "alexa": "AH L EH K S AH", "snowboy": "S N OW B OY", "snow": "S N OW", "boy": "B OY", "board": "B AO R D",
        "hey": "HH EY", "computer": "K AH M P Y UW T ER", "a": "AH", "laxa": "L AE K S AH", "alex": "AE L IH K S",
        "said": "S EH D", "i": "AY", "like": "L AY K", "so": "S OW", "turn": "T ER N", "on": "AA N", "the": "DH AH", "light": "L AY T",
    ]
    static func phones(_ word: String) -> [String] {
        (pronunciations[word] ?? "").split(separator: " ").map(String.init)
    }

    static func score(_ phrase: String, heard: String) -> Double {
        WakeVerifier(phrase: phrase.split(separator: " ").map(String.init), phonesOf: phones)
            .score(heard: heard.split(separator: " ").map(String.init), phonesOf: phones)
    }

    @Test func thePhraseHeardWholeScoresOneWhereverItIs() {
        #expect(Self.score("alexa", heard: "alexa") == 1)
        #expect(Self.score("alexa", heard: "alexa turn on the light") == 1)
        #expect(Self.score("hey computer", heard: "turn on the light hey computer") == 1)
        // Spelling does not matter: the phones do.
        #expect(Self.score("snowboy", heard: "snow boy") == 1)
    }

    @Test func nearMissesLoseByTheShareOfPhonesChanged() {
        // One vowel changed (half) of five phones.
        #expect(abs(Self.score("snowboy", heard: "snow board") - 0.9) < 1e-9)
        // One consonant lost of five.
        #expect(abs(Self.score("snowboy", heard: "so boy") - 0.8) < 1e-9)
        // A vowel for a vowel costs half: "a laxa" is AH L AE K S AH.
        #expect(abs(Self.score("alexa", heard: "a laxa") - (1 - 0.5 / 6)) < 1e-9)
        // "alex said": the phrase's last vowel is not there, the vowels differ.
        #expect(Self.score("alexa", heard: "alex said") < 0.75)
    }

    @Test func otherWordsAndSilenceScoreLow() {
        #expect(Self.score("alexa", heard: "turn on the light") < 0.5)
        #expect(Self.score("alexa", heard: "") == 0)
        #expect(Self.score("hey computer", heard: "i like so") < 0.5)
    }

    @Test func editsToFindIgnoresWhatSurroundsTheStretch() {
        #expect(WakeVerifier.editsToFind(["A", "B"], in: ["X", "A", "B", "Y"]) == 0)
        #expect(WakeVerifier.editsToFind(["A", "B", "C"], in: ["A", "C"]) == 1)
        #expect(WakeVerifier.editsToFind(["A"], in: []) == 1)
        #expect(WakeVerifier.editsToFind(["AA", "B"], in: ["AE", "B"]) == 0.5)
    }
}
