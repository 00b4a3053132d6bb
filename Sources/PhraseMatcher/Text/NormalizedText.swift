/// An utterance reduced to the words the matcher compares, each word tied
/// back to the characters of the original text it came from.
public struct NormalizedText: Sendable {
    /// The text as given.
    public let original: String
    /// Lower-case words: punctuation dropped, digits spelled out.
    public internal(set) var words: [String]
    /// For each word, the UTF-8 offsets of `original` it came from. A number
    /// written in digits ("25") gives several words sharing one range.
    public internal(set) var ranges: [Range<Int>]

    init(original: String, words: [String] = [], ranges: [Range<Int>] = []) {
        self.original = original
        self.words = words
        self.ranges = ranges
    }

    /// Words already normalised (a recogniser's output): each word is its own text.
    public init(words: [String]) {
        var original = ""
        var ranges: [Range<Int>] = []
        for word in words {
            if !original.isEmpty { original += " " }
            let start = original.utf8.count
            original += word
            ranges.append(start..<original.utf8.count)
        }
        self.init(original: original, words: words, ranges: ranges)
    }

    /// The original characters from word `span.lowerBound` up to (not including) word `span.upperBound`.
    public func originalText(words span: Range<Int>) -> String {
        guard !span.isEmpty else { return "" }
        return Self.substring(of: original, bytes: ranges[span.lowerBound].lowerBound..<ranges[span.upperBound - 1].upperBound)
    }

    /// Like `originalText(words:)`, widened over punctuation written against
    /// the first and last word ("Hello there!"), for free text kept as typed.
    public func originalTextWithPunctuation(words span: Range<Int>) -> String {
        guard !span.isEmpty else { return "" }
        let bytes = Array(original.utf8)
        var start = ranges[span.lowerBound].lowerBound
        var end = ranges[span.upperBound - 1].upperBound
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while start > 0, !isSpace(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, !isSpace(bytes[end]) { end += 1 }
        // Stop at a neighbouring word that is not part of the span.
        if span.lowerBound > 0, ranges[span.lowerBound - 1].upperBound > start { start = ranges[span.lowerBound].lowerBound }
        if span.upperBound < ranges.count, ranges[span.upperBound].lowerBound < end { end = ranges[span.upperBound - 1].upperBound }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The characters of `text` at UTF-8 offsets `bytes` (always on token
    /// boundaries, so never splitting a character).
    private static func substring(of text: String, bytes: Range<Int>) -> String {
        var text = text
        return text.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[bytes]), as: UTF8.self) }
    }
}
