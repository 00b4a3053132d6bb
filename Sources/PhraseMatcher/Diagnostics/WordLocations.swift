import Foundation

/// Where each word of a model is first written, so that a problem found with
/// a word after loading (the recogniser has no pronunciation for it) is
/// reported at its file:line:column like any other.
///
/// Only offsets are kept; a diagnostic is made when one is asked for.
public struct WordLocations: Sendable {
    private struct Place: Sendable {
        var source: Int
        var offset: Int
        var length: Int
    }

    private var sources: [SourceFile] = []
    private var places: [String: Place] = [:]

    public init() {}

    /// The words of a string written at `node` (all of them unless
    /// `words` says which), each placed at its first appearance in the string
    /// as written, or at the whole string when normalising changed it
    /// ("25" → "twenty five").
    mutating func record(_ text: String, words: [String]? = nil, at node: JSONNode, in source: SourceFile) {
        let words = words ?? TextNormalizer.words(of: text)
        guard words.contains(where: { places[$0] == nil }) else { return }
        let index = sourceIndex(source)
        let lowered = text.lowercased()
        for word in words where places[word] == nil {
            if lowered.utf8.count == text.utf8.count, let range = Self.wholeWord(word, in: lowered) {
                let start = lowered.utf8.distance(from: lowered.startIndex, to: range.lowerBound)
                let end = start + word.utf8.count
                let fileStart = source.offset(inStringAt: node.offset, decodedOffset: start)
                let fileEnd = source.offset(inStringAt: node.offset, decodedOffset: end)
                places[word] = Place(source: index, offset: fileStart, length: fileEnd - fileStart)
            } else {
                places[word] = Place(source: index, offset: node.offset, length: node.length)
            }
        }
    }

    /// A diagnostic about `word` where it is first written; nil for a word
    /// the model does not write (one of a value's number words).
    public func diagnostic(_ severity: Diagnostic.Severity, _ message: String, about word: String) -> Diagnostic? {
        guard let place = places[word] else { return nil }
        return Diagnostic(severity, message, in: sources[place.source], at: place.offset, byteLength: place.length)
    }

    /// The first place `word` stands alone in `text`, not inside a longer word.
    private static func wholeWord(_ word: String, in text: String) -> Range<String.Index>? {
        var searchStart = text.startIndex
        while let range = text.range(of: word, range: searchStart..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before?.isLetter ?? false), !(after?.isLetter ?? false) { return range }
            searchStart = text.index(after: range.lowerBound)
        }
        return nil
    }

    private mutating func sourceIndex(_ source: SourceFile) -> Int {
        if let index = sources.lastIndex(where: { $0.name == source.name }) { return index }
        sources.append(source)
        return sources.count - 1
    }
}
