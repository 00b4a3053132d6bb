import Foundation

/// The words a wake detector is trained to ignore: the dictionary's words
/// that share sounds with the phrase ("alex", "lexicon", "election" for
/// "alexa"), which are the false wakes a detector trained on the phrase
/// alone would make; and the dictionary at large, for ordinary speech.
package struct WakeTrainingWords: Sendable {
    /// Words with at least two of the phrase's phone pairs.
    package let soundingAlike: [String]
    /// Plain dictionary words (letters only, no variants), the phrase's words excepted.
    package let other: [String]
    /// Everyday short words that people say alone (answers, numbers,
    /// greetings), the phrase's words excepted: random dictionary words are
    /// mostly long and rare, and a detector that never heard "no" or "two"
    /// on its own woke on them.
    package let everyday: [String]
    /// The phrase's phones.
    package let phrasePhones: [String]

    package init(phrase: WakePhrase, dictionary: String) throws(SpeechError) {
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
        everyday = Self.everydayWords.filter { phones[$0] != nil && !phraseWords.contains($0) }
    }

    static let everydayWords = """
        yes no yeah nope okay ok sure right fine maybe please thanks thank hello hi hey bye stop go wait cancel \
        zero one two three four five six seven eight nine ten eleven twelve twenty thirty hundred first second third \
        i me my you your he she it we they this that what why how who where when now then here there \
        up down on off left right back next more less again help open close play pause start done good great \
        oh ah um uh wow well so and but or not is was be do did have has can will would could should \
        the a an of to in for with at by from about like just very really all some any none time day today
        """.split(whereSeparator: \.isWhitespace).map(String.init)
}
