import Foundation
import Testing
@testable import SpeechFront

/// The prefix tree finds exactly the words a comparison of each word
/// finds, with the same edits: over thousands of real pronunciations and
/// stretches heard of several lengths, tied to the start, the end, both
/// or neither.
struct PhoneTrieTests {
    static let dictionary = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"

    @Test(.enabled(if: FileManager.default.isReadableFile(atPath: dictionary), "needs pocketsphinx-en-us"))
    func theTreeFindsWhatEachWordsComparisonFinds() throws {
        let text = try String(contentsOfFile: Self.dictionary, encoding: .utf8)
        // Every 20th entry: words of every length and start, alternates too.
        let words = text.split(separator: "\n").enumerated().filter { $0.offset % 20 == 0 }.map { line in
            PhoneCodes.codes(line.element.split(separator: " ").dropFirst().map(String.init))
        }
        var trie = PhoneTrie()
        for word in words { trie.insert(word) }
        let heards = ["K AO L R AY AH N M EH N D EH S", "S EH N D AH M EH S AH JH", "AE L IH K S", "T", "EH M AH L IY R IY V Z"]
        for heard in heards.map({ PhoneCodes.codes($0.split(separator: " ").map(String.init)) }) {
            for (fromStart, toEnd) in [(false, false), (true, false), (false, true), (true, true)] {
                for farthest in [0.0, 1.0 / 3, 0.6] {
                    var expected: [Int: Double] = [:]
                    for (index, word) in words.enumerated() where !word.isEmpty {
                        let edits = SecondOpinion.fit(codes: word, within: heard, fromStart: fromStart, toEnd: toEnd).edits / Double(word.count)
                        if edits <= farthest { expected[index] = edits }
                    }
                    let found = trie.words(fitting: heard, fromStart: fromStart, toEnd: toEnd, farthest: farthest)
                    #expect(Dictionary(uniqueKeysWithValues: found.map { ($0.word, $0.edits) }) == expected,
                            "\(heard) \(fromStart) \(toEnd) \(farthest)")
                }
            }
        }
    }

    @Test func anEmptyTreeOrHearingFindsNothing() {
        var trie = PhoneTrie()
        #expect(trie.words(fitting: PhoneCodes.codes(["AA"]), fromStart: false, toEnd: false, farthest: 1).isEmpty)
        trie.insert(PhoneCodes.codes(["AA", "B"]))
        trie.insert([])
        #expect(trie.words(fitting: [], fromStart: true, toEnd: true, farthest: 1).map(\.word) == [0], "two edits over two phones")
        #expect(trie.words(fitting: [], fromStart: true, toEnd: true, farthest: 0.5).isEmpty)
        #expect(trie.words(fitting: PhoneCodes.codes(["AA", "B"]), fromStart: true, toEnd: true, farthest: 0).map(\.word) == [0])
    }
}
