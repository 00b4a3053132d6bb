/// Every word the compiled model can compare, each with a small integer id,
/// so matching compares integers instead of strings.
struct Vocabulary: Sendable {
    private(set) var ids: [String: Int32] = [:]
    private(set) var words: [String] = []

    /// Words the model never mentions.
    static let unknown: Int32 = -1

    mutating func intern(_ word: String) -> Int32 {
        if let id = ids[word] { return id }
        let id = Int32(words.count)
        ids[word] = id
        words.append(word)
        return id
    }

    func id(of word: String) -> Int32 { ids[word] ?? Self.unknown }
}
