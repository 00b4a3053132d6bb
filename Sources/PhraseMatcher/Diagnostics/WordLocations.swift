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
    /// The words placed, numbered as a matcher numbers its words (a list
    /// of a million names asks about every one of its words), and each
    /// one's place by that number.
    private var placed = Vocabulary()
    private var places: [Place] = []

    private func place(of word: String) -> Place? {
        let number = placed.id(of: word)
        return number == Vocabulary.unknown ? nil : places[Int(number)]
    }

    private mutating func setPlace(_ place: Place, of word: String) {
        let number = Int(placed.intern(word))
        if number < places.count { places[number] = place } else { places.append(place) }
    }

    /// No locations: a model made in code.
    public init() {}

    /// The words of a string written at `node` (all of them unless
    /// `words` says which), each placed at its first appearance in the string
    /// as written, or at the whole string when it is not there as written
    /// ("25" → "twenty five").
    mutating func record(_ text: String, words: [String]? = nil, at node: JSONNode, in source: SourceFile) {
        let words = words ?? TextNormalizer.words(of: text)
        guard words.contains(where: { place(of: $0) == nil }) else { return }
        let index = sourceIndex(source)
        let original = Array(text.unicodeScalars)
        let scalars = Array(text.lowercased().unicodeScalars)
        // Lower-casing can change a text's length; then places in it are not places in the file.
        let comparable = scalars.count == original.count
        func bytes(_ range: Range<Int>) -> Int { original[range].reduce(0) { $0 + UTF8.width($1) } }
        for word in words where place(of: word) == nil {
            if comparable, let start = Self.wholeWord(Array(word.unicodeScalars), in: scalars) {
                let before = bytes(0..<start)
                let fileStart = source.offset(inStringAt: node.offset, decodedOffset: before)
                let fileEnd = source.offset(inStringAt: node.offset,
                                            decodedOffset: before + bytes(start..<(start + word.unicodeScalars.count)))
                setPlace(Place(source: index, offset: fileStart, length: fileEnd - fileStart), of: word)
            } else {
                setPlace(Place(source: index, offset: node.offset, length: node.length), of: word)
            }
        }
    }

    /// A diagnostic about `word` where it is first written; nil for a word
    /// the model does not write (one of a value's number words).
    public func diagnostic(_ severity: Diagnostic.Severity, _ message: String, about word: String) -> Diagnostic? {
        guard let place = place(of: word) else { return nil }
        return Diagnostic(severity, message, in: sources[place.source], at: place.offset, byteLength: place.length)
    }

    /// Adds the places of another model's words, keeping this one's first.
    mutating func merge(_ other: WordLocations) {
        for (word, place) in zip(other.placed.words, other.places) where self.place(of: word) == nil {
            var moved = place
            moved.source = sourceIndex(other.sources[place.source])
            setPlace(moved, of: word)
        }
    }

    /// Where `word` first stands alone in `text` (not inside a longer word),
    /// in scalars: compared scalar by scalar, so no match can fall inside a
    /// character made of several.
    private static func wholeWord(_ word: [Unicode.Scalar], in text: [Unicode.Scalar]) -> Int? {
        guard !word.isEmpty, word.count <= text.count else { return nil }
        func isLetter(_ index: Int) -> Bool { index >= 0 && index < text.count && text[index].properties.isAlphabetic }
        for start in 0...(text.count - word.count) where text[start] == word[0] {
            guard text[start..<(start + word.count)].elementsEqual(word) else { continue }
            if !isLetter(start - 1), !isLetter(start + word.count) { return start }
        }
        return nil
    }

    private mutating func sourceIndex(_ source: SourceFile) -> Int {
        if let index = sources.lastIndex(where: { $0.name == source.name }) { return index }
        sources.append(source)
        return sources.count - 1
    }
}
