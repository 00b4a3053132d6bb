import Testing
@testable import PhraseMatcher

struct PhraseTrieTests {
    /// The values found for `words` from their start to their end.
    private func values(_ trie: PhraseTrie, _ words: [Int32]) -> [SlotValue] {
        var found: [SlotValue] = []
        trie.walk(words, from: 0) { end, values in if end == words.count { found = Array(values) } }
        return found
    }

    @Test func aNameSharedByEntitiesKeepsThemInOrderAsTheyGo() {
        var trie = PhraseTrie()
        for id in ["a", "b", "c"] { trie.insert([1, 2], value: .entity(id)) }
        trie.insert([1, 2], value: .entity("b"))
        #expect(values(trie, [1, 2]) == [.entity("a"), .entity("b"), .entity("c")])
        trie.remove([1, 2], value: .entity("a"))
        #expect(values(trie, [1, 2]) == [.entity("b"), .entity("c")])
        trie.remove([1, 2], value: .entity("c"))
        trie.remove([1, 2], value: .entity("b"))
        #expect(values(trie, [1, 2]).isEmpty)
        trie.insert([1, 2], value: .entity("d"))
        #expect(values(trie, [1, 2]) == [.entity("d")])
    }

    /// Past one chunk of values, and a copy changed apart from the original.
    @Test func manyNamesAndACopyChangedApart() {
        var trie = PhraseTrie()
        for name in 0..<10_000 { trie.insert([Int32(name % 100), Int32(name / 100)], value: .entity("e\(name)")) }
        var copy = trie
        copy.remove([5, 0], value: .entity("e5"))
        copy.insert([5, 0], value: .entity("other"))
        copy.insert([7, 99], value: .entity("twin"))
        #expect(values(trie, [5, 0]) == [.entity("e5")])
        #expect(values(copy, [5, 0]) == [.entity("other")])
        #expect(values(trie, [7, 99]) == [.entity("e9907")])
        #expect(values(copy, [7, 99]) == [.entity("e9907"), .entity("twin")])
        #expect((0..<10_000).allSatisfy { values(trie, [Int32($0 % 100), Int32($0 / 100)]) == [.entity("e\($0)")] })
    }
}
