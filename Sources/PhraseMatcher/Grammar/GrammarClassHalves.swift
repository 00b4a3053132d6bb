/// A class's names heard as two decoder words each: the first word, then
/// the rest of the name as one word ("ann" + "lee", "maria" + "de la
/// cruz"). A recogniser's lexicon tree then holds each first word and
/// each rest once, where one word per whole name repeats each surname's
/// sounds after every first name it comes with: a book of 100,000
/// contacts with 8,000 first names and 25,000 surnames is 33,000 words,
/// not 100,000 longer ones. The language model (`GrammarLanguageModel`)
/// lets each first word go on only to the rests it comes with in the
/// list. The price: a search may end between the halves, since
/// PocketSphinx may end an utterance on any word without scoring its end
/// of sentence (whole names cannot be cut; see
/// `CommandRecognizer.Options.halvesAbove`).
package struct GrammarClassHalves: Sendable, Equatable {
    /// One first word of the class's names.
    package struct First: Sendable, Equatable {
        /// The decoder's word for it (`GrammarClass.memberToken`).
        package var token: String
        /// The word.
        package var word: String
        /// The rests it comes with in the list, as indices of `rests`.
        package var rests: [Int32]
        /// Whether it is a whole name of the list on its own too.
        package var isWholeName: Bool
    }

    /// One rest of the class's names.
    package struct Rest: Sendable, Equatable {
        /// The decoder's word for it (`GrammarClass.restToken`).
        package var token: String
        /// Its words, joined by spaces.
        package var words: String
    }

    /// The class's token in the grammar.
    package let classToken: String
    /// The first words, in the order they first come.
    package private(set) var firsts: [First] = []
    /// The rests, in the order they first come.
    package private(set) var rests: [Rest] = []
    /// How many names the class holds.
    package let nameCount: Int

    package init(_ list: GrammarClass) {
        classToken = list.token
        nameCount = list.joinedNames.count
        var firstIndex: [Substring: Int] = [:]
        var restIndex: [Substring: Int32] = [:]
        for name in list.joinedNames {
            let space = name.firstIndex(of: " ")
            let first = name[..<(space ?? name.endIndex)]
            let index: Int
            if let known = firstIndex[first] {
                index = known
            } else {
                index = firsts.count
                firstIndex[first] = index
                firsts.append(First(token: list.memberToken(joined: String(first)), word: String(first), rests: [], isWholeName: false))
            }
            guard let space else {
                firsts[index].isWholeName = true
                continue
            }
            let rest = name[name.index(after: space)...]
            let restNumber: Int32
            if let known = restIndex[rest] {
                restNumber = known
            } else {
                restNumber = Int32(rests.count)
                restIndex[rest] = restNumber
                rests.append(Rest(token: list.restToken(joined: String(rest)), words: String(rest)))
            }
            // Names are distinct: each rest once after a first word.
            firsts[index].rests.append(restNumber)
        }
    }

    /// Every decoder word of the halves (first words, then rests) and the
    /// words it stands for, joined by spaces.
    package var decoderWords: [(token: String, words: String)] { firsts.map { ($0.token, $0.word) } + rests.map { ($0.token, $0.words) } }
}
