/// The names of an enum's cases or a type's entities as a trie over word
/// ids, so every name starting at a position is found in one walk.
struct PhraseTrie: Sendable {
    /// (node << 32 | word) → child node. Node 0 is the root.
    private var children = IntegerTable()
    /// Values ending at each node.
    private var values: [[SlotValue]] = [[]]

    mutating func insert(_ words: [Int32], value: SlotValue) {
        var node: Int32 = 0
        for word in words {
            let key = IntegerTable.key(node, word)
            if let child = children[key] {
                node = child
            } else {
                let child = Int32(values.count)
                values.append([])
                children.insert(child, for: key)
                node = child
            }
        }
        if !values[Int(node)].contains(value) { values[Int(node)].append(value) }
    }

    /// Forgets that `words` name `value` (the words' nodes stay: another
    /// name may pass through them, and an empty node matches nothing).
    mutating func remove(_ words: [Int32], value: SlotValue) {
        var node: Int32 = 0
        for word in words {
            guard word >= 0, let child = children[IntegerTable.key(node, word)] else { return }
            node = child
        }
        values[Int(node)].removeAll { $0 == value }
    }

    /// Calls `found` with (end, values) for every name starting at `start`.
    func walk(_ ids: [Int32], from start: Int, _ found: (Int, [SlotValue]) -> Void) {
        var node: Int32 = 0
        var index = start
        while index < ids.count {
            let word = ids[index]
            guard word >= 0, let child = children[IntegerTable.key(node, word)] else { return }
            node = child
            index += 1
            let here = values[Int(node)]
            if !here.isEmpty { found(index, here) }
        }
    }

    /// All (words, values) stored, for grammar export and examples.
    var isEmpty: Bool { values.count == 1 }
}
