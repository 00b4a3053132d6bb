/// The names of one entity type by their first word and by their last:
/// how a name another recogniser spelt half right is found ("a larned
/// Martin" holds "martin", whose names include "lauren martin"). Looking
/// up each word of a name by its sound alone finds a name only when every
/// word was heard near its own; one well-heard word then brings every
/// listed name it begins or ends, to be judged whole against what was heard.
struct NameAnchors {
    /// The names, each joined by spaces, in the order they came.
    private var names: [String] = []
    /// Indices of `names` by first word, and by last word (names of two words or more).
    private var byFirst: [String: [Int32]] = [:]
    private var byLast: [String: [Int32]] = [:]

    /// `joinedNames`: each name's words joined by spaces.
    init(joinedNames: some Sequence<String>) {
        add(joinedNames)
    }

    /// Names that joined the list. Names that left it stay, as a name
    /// that comes again does: the matcher, which judges every wording,
    /// no longer takes the one and finds the other twice.
    mutating func add(_ joinedNames: some Sequence<String>) {
        for name in joinedNames {
            let words = name.split(separator: " ")
            guard let first = words.first, let last = words.last, words.count > 1 else { continue }
            let index = Int32(names.count)
            names.append(name)
            byFirst[String(first), default: []].append(index)
            byLast[String(last), default: []].append(index)
        }
    }

    /// The names of `count` words that begin with `word` (or end with it,
    /// when `atEnd`), at most `limit` of them, in the order they came.
    func names(of count: Int, words word: String, atEnd: Bool, limit: Int) -> [[String]] {
        let indices = (atEnd ? byLast : byFirst)[word] ?? []
        var found: [[String]] = []
        for index in indices {
            let words = names[Int(index)].split(separator: " ").map(String.init)
            guard words.count == count else { continue }
            found.append(words)
            if found.count == limit { break }
        }
        return found
    }
}
