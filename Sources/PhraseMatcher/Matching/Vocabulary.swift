/// Every word the compiled model can compare, each with a small integer id,
/// so matching compares integers instead of strings. Words are found by a
/// 64-bit FNV-1a hash of their bytes, checked against the stored word.
struct Vocabulary: Sendable {
    private var idsByHash = IntegerTable()
    /// Words whose hash another word already has (practically never).
    private var collisions: [String: Int32] = [:]
    private(set) var words: [String] = []

    /// Words the model never mentions.
    static let unknown: Int32 = -1

    init() {}

    /// Room for `count` words without growing.
    init(minimumCapacity count: Int) {
        idsByHash = IntegerTable(minimumCapacity: count)
        words.reserveCapacity(count)
    }

    @inline(__always)
    private static func hash(_ word: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in word.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    mutating func intern(_ word: String) -> Int32 {
        let existing = id(of: word)
        if existing != Self.unknown { return existing }
        let id = Int32(words.count)
        words.append(word)
        let hash = Self.hash(word)
        if idsByHash[hash] == nil { idsByHash.insert(id, for: hash) } else { collisions[word] = id }
        return id
    }

    func id(of word: String) -> Int32 {
        if let id = idsByHash[Self.hash(word)], words[Int(id)] == word { return id }
        return collisions.isEmpty ? Self.unknown : collisions[word] ?? Self.unknown
    }
}
