@testable import PhraseMatcher

/// "twenty five" → ["twenty", "five"].
func spokenWords(_ text: String) -> [String] {
    text.split(separator: " ").map(String.init)
}

/// The value read from all of `text`, or nil if no parse covers every word.
func fullValue(_ parser: some SpokenValueParser, _ text: String) -> SlotValue? {
    let words = spokenWords(text)
    return parser.parses(words, from: 0).first { $0.end == words.count }?.value
}

/// The end of every parse of `text` from its first word, in the order returned.
func parseEnds(_ parser: some SpokenValueParser, _ text: String) -> [Int] {
    parser.parses(spokenWords(text), from: 0).map(\.end)
}
