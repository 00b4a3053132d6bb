/// A read-only map from word to lexeme, built once per grammar.
///
/// Dictionary<String, _> seeds and runs SipHash over every byte on each
/// lookup, which was most of a parse's time; this table hashes a few bytes and
/// probes linearly. Only its own fixed words are ever inserted, so there is
/// nothing to gain from a seeded hash.
struct Lexicon: Sendable {
    private struct Slot: Sendable {
        var word: String
        var lexeme: Lexeme
    }

    private var slots: [Slot?]
    private let mask: Int

    init(_ entries: [String: Lexeme]) {
        // At most half full keeps probe runs short.
        var capacity = 16
        while capacity < entries.count * 2 { capacity *= 2 }
        slots = Array(repeating: nil, count: capacity)
        mask = capacity - 1
        for (word, lexeme) in entries.sorted(by: { $0.key < $1.key }) {
            var index = Self.hash(word) & mask
            while slots[index] != nil { index = (index + 1) & mask }
            slots[index] = Slot(word: word, lexeme: lexeme)
        }
    }

    subscript(word: String) -> Lexeme? {
        var index = Self.hash(word) & mask
        while let slot = slots[index] {
            if slot.word == word { return slot.lexeme }
            index = (index + 1) & mask
        }
        return nil
    }

    private static func hash(_ word: String) -> Int {
        word.utf8.withContiguousStorageIfAvailable(hash(bytes:)) ?? hash(bytes: Array(word.utf8))
    }

    /// Length, first two and last two bytes, mixed by one multiply: O(1) per
    /// word, and distinct enough for these hundred-odd words.
    private static func hash(bytes: some Collection<UInt8>) -> Int {
        let count = bytes.count
        guard count > 0 else { return 0 }
        var key = UInt64(count) << 32
        var index = bytes.startIndex
        key |= UInt64(bytes[index])
        if count > 1 {
            index = bytes.index(after: index)
            key |= UInt64(bytes[index]) << 8
            let last = bytes.index(bytes.startIndex, offsetBy: count - 1)
            let beforeLast = bytes.index(bytes.startIndex, offsetBy: count - 2)
            key |= UInt64(bytes[beforeLast]) << 16 | UInt64(bytes[last]) << 24
        }
        let mixed = key &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32)
    }
}
