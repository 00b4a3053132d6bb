/// The names of one entity type by their first word and by their last:
/// how a name another recogniser spelt half right is found ("a larned
/// Martin" holds "martin", whose names include "lauren martin"). Looking
/// up each word of a name by its sound alone finds a name only when every
/// word was heard near its own; one well-heard word then brings the listed
/// names it begins or ends (up to a limit), to be judged whole against
/// what was heard.
struct NameAnchors {
    /// The names, each joined by spaces: the class's own list, shared, then
    /// the names added since.
    private var names: [String]
    /// Indices of `names` by first word, and by last word (names of two
    /// words or more), with each name's word count.
    private var byFirst: [Substring: [Entry]] = [:]
    private var byLast: [Substring: [Entry]] = [:]

    private struct Entry {
        var name: Int32
        var wordCount: UInt8
    }

    /// `joinedNames`: each name's words joined by single spaces (as
    /// `GrammarClass.joinedNames` holds them; the array is shared, not copied).
    init(joinedNames: [String]) {
        names = joinedNames
        index(from: 0)
    }

    /// Names that joined the list. Names that left it stay, and one that
    /// came again is there twice: the matcher, which judges every wording,
    /// no longer takes the one and finds the other once.
    mutating func add(_ joinedNames: [String]) {
        let start = names.count
        names += joinedNames
        index(from: start)
    }

    private mutating func index(from start: Int) {
        for position in start..<names.count {
            let name = names[position]
            // By bytes: splitting a hundred thousand names into Characters walks grapheme clusters.
            let spaces = name.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: " ") ? 1 : 0) }
            guard spaces > 0, spaces < Int(UInt8.max), let firstSpace = name.utf8.firstIndex(of: UInt8(ascii: " ")),
                  let lastSpace = name.utf8.lastIndex(of: UInt8(ascii: " ")) else { continue }
            let entry = Entry(name: Int32(position), wordCount: UInt8(spaces + 1))
            byFirst[name[..<firstSpace], default: []].append(entry)
            byLast[name[name.index(after: lastSpace)...], default: []].append(entry)
        }
    }

    /// The names of `wordCount` words that begin with `word`, at most
    /// `limit`, in the order they came.
    func names(ofWordCount wordCount: Int, beginningWith word: String, limit: Int) -> [[String]] {
        names(byFirst[Substring(word)] ?? [], wordCount: wordCount, limit: limit)
    }

    /// The names of `wordCount` words that end with `word`, at most
    /// `limit`, in the order they came.
    func names(ofWordCount wordCount: Int, endingWith word: String, limit: Int) -> [[String]] {
        names(byLast[Substring(word)] ?? [], wordCount: wordCount, limit: limit)
    }

    /// Whether a listed name of more words begins with `words` ("lauren"
    /// begins "lauren martin").
    func beginsLongerName(_ words: [String]) -> Bool {
        guard let first = words.first else { return false }
        let start = words.joined(separator: " ") + " "
        return (byFirst[Substring(first)] ?? []).contains { Int($0.wordCount) > words.count && names[Int($0.name)].hasPrefix(start) }
    }

    private func names(_ entries: [Entry], wordCount: Int, limit: Int) -> [[String]] {
        var found: [[String]] = []
        for entry in entries where Int(entry.wordCount) == wordCount {
            found.append(names[Int(entry.name)].split(separator: " ").map(String.init))
            if found.count == limit { break }
        }
        return found
    }
}
