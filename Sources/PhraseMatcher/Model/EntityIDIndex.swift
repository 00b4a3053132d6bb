/// The entity ids of a list being read, each with where it was first
/// written, so a duplicate is reported at both places. A list may hold a
/// million ids: they are numbered as a `Vocabulary` numbers words (by a
/// 64-bit hash, several times cheaper than `Dictionary`'s seeded hashing).
struct EntityIDIndex {
    private var ids: Vocabulary
    /// Where each id of `ids` was first written, by its number.
    private var offsets: [Int] = []

    init(expected: Int) {
        ids = Vocabulary(minimumCapacity: expected)
        offsets.reserveCapacity(expected)
    }

    /// Where `id` was first written; nil when it is new, and from now on
    /// it is known as written at `offset`.
    mutating func firstOffset(of id: String, notingNewAt offset: Int) -> Int? {
        let number = Int(ids.intern(id))
        if number < offsets.count { return offsets[number] }
        offsets.append(offset)
        return nil
    }
}
