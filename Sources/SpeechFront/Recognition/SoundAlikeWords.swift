/// The words of one entity type's names that are said the same way
/// ("Steven" and "Stephen", "Miller" and "Millar": one pronunciation in
/// the dictionary), so that a name heard can be offered with the names it
/// cannot be told from. A short list rarely holds both; a hundred
/// thousand contacts always do.
struct SoundAlikeWords {
    /// The entity type in the model.
    let type: String
    /// Each word's phones.
    private var soundOfWord: [String: String] = [:]
    /// The words said with each phones, in the order they came.
    private var wordsBySound: [String: [String]] = [:]
    /// The words in the order they came, with their phone counts, and
    /// their phones as a tree (`words(fitting:)` searches it for every
    /// name heard).
    private var wordsInOrder: [(word: String, phones: Int)] = []
    private var phoneTrie = PhoneTrie()
    /// Whether some two words of the list are said alike: kept as words
    /// come, since it is asked before every utterance.
    private(set) var hasAny = false

    /// `phonesOf`: a word's phones, nil for a word the decoder lacks
    /// (which sounds like nothing, so like no other word).
    init(type: String, words: some Sequence<String>, phonesOf: (String) -> String?) {
        self.type = type
        add(words: words, phonesOf: phonesOf)
    }

    /// Names that joined the list: their new words are looked up once.
    mutating func add(_ names: [[String]], phonesOf: (String) -> String?) {
        add(words: names.joined(), phonesOf: phonesOf)
    }

    private mutating func add(words: some Sequence<String>, phonesOf: (String) -> String?) {
        // A word without phones yet is looked up again when it comes again.
        for word in words where soundOfWord[word] == nil {
            guard let phones = phonesOf(word), !phones.isEmpty else { continue }
            soundOfWord[word] = phones
            let codes = PhoneCodes.codes(phones.split(separator: " ").map(String.init))
            wordsInOrder.append((word, codes.count))
            phoneTrie.insert(codes)
            wordsBySound[phones, default: []].append(word)
            if wordsBySound[phones]?.count == 2 { hasAny = true }
        }
    }

    /// The other words said with `word`'s phones.
    func others(of word: String) -> [String] {
        guard let phones = soundOfWord[word], let group = wordsBySound[phones], group.count > 1 else { return [] }
        return group.filter { $0 != word }
    }

    /// Other spellings of `name` said with the same phones, word for word
    /// ("stephen gill" for "steven gill"), at most `limit`: names the list
    /// may or may not hold (the matcher says which it does).
    func spellings(of name: [String], limit: Int) -> [[String]] {
        var spellings: [[String]] = [[]]
        for word in name {
            spellings = spellings.flatMap { start in ([word] + others(of: word)).map { start + [$0] } }
            // The name itself stays first; the rest beyond the limit are never offered.
            if spellings.count > limit + 1 { spellings.removeLast(spellings.count - limit - 1) }
        }
        return Array(spellings.dropFirst())
    }

    /// The list's words whose phones best fit a stretch of `heard`
    /// (phones: its start when `fromStart`, its end when `toEnd`, else
    /// anywhere), fewest edits a phone first, at most `count`, none
    /// needing more than `farthest` edits a phone: the words another
    /// recogniser may have heard in a name it spelt its own way ("Mendes"
    /// for "Mendez", "a lorry-brewer" for "Lori Brewer"). With their phones.
    func words(fitting heard: [String], fromStart: Bool, toEnd: Bool, count: Int, farthest: Double) -> [(word: String, phones: [String])] {
        guard !heard.isEmpty, count > 0 else { return [] }
        var fits = phoneTrie.words(fitting: PhoneCodes.codes(heard), fromStart: fromStart, toEnd: toEnd, farthest: farthest).map { fit in
            (word: wordsInOrder[fit.word].word, phones: wordsInOrder[fit.word].phones, edits: fit.edits)
        }
        // Of equal fits the longer word explains more; then the word's
        // order, so a result never depends on the order words came in.
        fits.sort { ($0.edits, -$0.phones, $0.word) < ($1.edits, -$1.phones, $1.word) }
        return fits.prefix(count).compactMap { fit in phones(of: fit.word).map { (fit.word, $0) } }
    }

    /// A word's phones, nil for one the list lacks or the decoder cannot say.
    func phones(of word: String) -> [String]? {
        soundOfWord[word].map { $0.split(separator: " ").map(String.init) }
    }
}
