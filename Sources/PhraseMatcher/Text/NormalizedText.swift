/// An utterance reduced to the words the matcher compares, each word tied
/// back to the characters of the original text it came from.
public struct NormalizedText: Sendable {
    /// The text as given.
    public let original: String
    /// Lower-case words: punctuation dropped, digits spelled out.
    public internal(set) var words: [String]
    /// For each word, the characters of `original` it came from. A number
    /// written in digits ("25") gives several words sharing one range.
    public internal(set) var ranges: [Range<String.Index>]

    /// The original characters from word `start` up to (not including) word `end`.
    public func originalText(words span: Range<Int>) -> String {
        guard !span.isEmpty else { return "" }
        return String(original[ranges[span.lowerBound].lowerBound..<ranges[span.upperBound - 1].upperBound])
    }
}
