import Foundation

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
        // Ids are the same when Swift says so (canonically equivalent: "é"
        // and "e\u{301}", "K" and the Kelvin sign), not when their bytes
        // are: numbered by their composed form.
        let key = id.utf8.allSatisfy { $0 < 0x80 } ? id : id.precomposedStringWithCanonicalMapping
        let number = Int(ids.intern(key))
        if number < offsets.count { return offsets[number] }
        offsets.append(offset)
        return nil
    }
}
