import Foundation

/// The words a wake detector is trained to ignore: the dictionary's words
/// that share sounds with the phrase ("alex", "lexicon", "election" for
/// "alexa"), which are the false wakes a detector trained on the phrase
/// alone would make; and the dictionary at large, for ordinary speech.
public struct WakeTrainingWords: Sendable {
    /// Words with at least two of the phrase's phone pairs.
    public let soundingAlike: [String]
    /// Plain dictionary words (letters only, no variants), the phrase's words excepted.
    public let other: [String]
    /// The phrase's phones.
    public let phrasePhones: [String]

    public init(phrase: WakePhrase, dictionary: String) throws(SpeechError) {
        let entries = try PronunciationDictionary.entries(for: nil, in: dictionary)
        var phones: [String: [String]] = [:]
        for entry in entries where !entry.word.hasSuffix(")") {
            phones[entry.word] = entry.phones.split(separator: " ").map(String.init)
        }
        phrasePhones = phrase.words.flatMap { phones[$0] ?? CommandRecognizer.heardPhones($0) }
        func pairs(_ phones: [String]) -> Set<[String]> {
            phones.count < 2 ? [] : Set((0..<(phones.count - 1)).map { Array(phones[$0...($0 + 1)]) })
        }
        let phrasePairs = pairs(phrasePhones)
        let phraseWords = Set(phrase.words)
        let plain = phones.keys.filter { word in !phraseWords.contains(word) && word.count <= 14 && word.allSatisfy { $0.isLetter && $0.isASCII } }
            .sorted()
        other = plain
        soundingAlike = plain.filter { pairs(phones[$0]!).intersection(phrasePairs).count >= min(2, phrasePairs.count) }
    }
}
