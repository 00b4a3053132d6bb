/// The names of an enum's cases or a type's entities as a trie over word
/// ids, so every name starting at a position is found in one walk.
struct PhraseTrie: Sendable {
    /// (node << 32 | word) → child node. Node 0 is the root.
    private var children = IntegerTable()
    /// Where in `firstValues` the first value ending at each node is, -1
    /// for none: most nodes end one name or none, and a list of 100,000
    /// names kept as an array of values per node cost twice as much.
    private var firstValueIndex: [Int32] = [-1]
    /// The values in chunks of `chunkSize`: a matcher changed by a few
    /// entities shares all but the chunks it changed with the one before
    /// (copy on write), where one array would be copied whole.
    private var firstValues: [[SlotValue]] = []
    private static let chunkShift = 12, chunkSize = 1 << chunkShift

    private func value(at index: Int) -> SlotValue { firstValues[index >> Self.chunkShift][index & (Self.chunkSize - 1)] }
    /// The values after the first, for the nodes that end several names.
    private var moreValues: [Int32: [SlotValue]] = [:]
    /// The same values as a set, for a node ending many names (100,000
    /// people all called "Amy Ng"): each added one is then looked for in
    /// constant time, not along the list (which made building quadratic).
    private var moreValueSets: [Int32: Set<SlotValue>] = [:]
    private static let setFrom = 32

    /// The values ending at one node, in the order they were added.
    struct Values: RandomAccessCollection {
        fileprivate let head: SlotValue
        fileprivate let rest: [SlotValue]
        var startIndex: Int { 0 }
        var endIndex: Int { rest.count + 1 }
        subscript(position: Int) -> SlotValue { position == 0 ? head : rest[position - 1] }
    }

    mutating func insert(_ words: [Int32], value: SlotValue) {
        var node: Int32 = 0
        for word in words {
            let key = IntegerTable.key(node, word)
            if let child = children[key] {
                node = child
            } else {
                let child = Int32(firstValueIndex.count)
                firstValueIndex.append(-1)
                children.insert(child, for: key)
                node = child
            }
        }
        let index = Int(firstValueIndex[Int(node)])
        guard index >= 0 else {
            if firstValues.last.map({ $0.count == Self.chunkSize }) ?? true {
                firstValues.append([])
                firstValues[firstValues.count - 1].reserveCapacity(Self.chunkSize)
            }
            firstValueIndex[Int(node)] = Int32((firstValues.count - 1) << Self.chunkShift + firstValues[firstValues.count - 1].count)
            firstValues[firstValues.count - 1].append(value)
            return
        }
        guard self.value(at: index) != value else { return }
        // Inserted in place: a set bound to a name first would be copied whole.
        if moreValueSets[node] != nil {
            guard moreValueSets[node]!.insert(value).inserted else { return }
        } else if moreValues[node]?.contains(value) ?? false {
            return
        }
        moreValues[node, default: []].append(value)
        if moreValueSets[node] == nil, let values = moreValues[node], values.count >= Self.setFrom { moreValueSets[node] = Set(values) }
    }

    /// Adds each spelling of `entity` (its name, its synonyms), their words
    /// numbered in `vocabulary`.
    mutating func insert(_ entity: Entity, vocabulary: inout Vocabulary) {
        let value = SlotValue.entity(entity.id)
        insert(TextNormalizer.words(of: entity.name).map { vocabulary.intern($0) }, value: value)
        for synonym in entity.synonyms { insert(TextNormalizer.words(of: synonym).map { vocabulary.intern($0) }, value: value) }
    }

    /// Forgets each spelling of `entity`.
    mutating func remove(_ entity: Entity, vocabulary: Vocabulary) {
        let value = SlotValue.entity(entity.id)
        remove(TextNormalizer.words(of: entity.name).map { vocabulary.id(of: $0) }, value: value)
        for synonym in entity.synonyms { remove(TextNormalizer.words(of: synonym).map { vocabulary.id(of: $0) }, value: value) }
    }

    /// Forgets that `words` name `value` (the words' nodes stay: another
    /// name may pass through them, and an empty node matches nothing).
    mutating func remove(_ words: [Int32], value: SlotValue) {
        var node: Int32 = 0
        for word in words {
            guard word >= 0, let child = children[IntegerTable.key(node, word)] else { return }
            node = child
        }
        let index = Int(firstValueIndex[Int(node)])
        guard index >= 0 else { return }
        if self.value(at: index) == value {
            // The next one added becomes the first, in the same place (a
            // place left unused is never read).
            if let next = moreValues[node]?.first {
                firstValues[index >> Self.chunkShift][index & (Self.chunkSize - 1)] = next
                moreValues[node]!.removeFirst()
                moreValueSets[node]?.remove(next)
            } else {
                firstValueIndex[Int(node)] = -1
            }
        } else {
            guard moreValueSets[node]?.contains(value) ?? true else { return }
            moreValues[node]?.removeAll { $0 == value }
            moreValueSets[node]?.remove(value)
        }
        if moreValues[node]?.isEmpty == true { moreValues[node] = nil }
        if let values = moreValues[node], values.count < Self.setFrom / 2 { moreValueSets[node] = nil }
    }

    /// Calls `found` with (end, values) for every name starting at `start`.
    func walk(_ ids: [Int32], from start: Int, _ found: (Int, Values) -> Void) {
        var node: Int32 = 0
        var index = start
        while index < ids.count {
            let word = ids[index]
            guard word >= 0, let child = children[IntegerTable.key(node, word)] else { return }
            node = child
            index += 1
            let first = firstValueIndex[Int(node)]
            if first >= 0 { found(index, Values(head: value(at: Int(first)), rest: moreValues.isEmpty ? [] : moreValues[node] ?? [])) }
        }
    }

    /// All (words, values) stored, for grammar export and examples.
    var isEmpty: Bool { firstValueIndex.count == 1 }
}
