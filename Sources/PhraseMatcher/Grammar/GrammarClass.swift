import Foundation

/// A type whose names are too many to spell out in a recognition grammar
/// (a phone's contacts, a music library): the grammar holds one token for
/// it, and the recogniser searches the names as a class, each name one
/// token of its own (`memberToken`), or a very long list's names as two
/// each (`GrammarClassHalves`), mapped back to their words after
/// decoding. Grammars compiled this way stay as small as the phrases
/// around the names, however long the list.
package struct GrammarClass: Sendable, Equatable {
    /// The type's name in the model.
    package var type: String
    /// Each name's words, once each.
    package var names: [[String]] { joinedNames.map { $0.split(separator: " ").map(String.init) } }
    /// Each name's words joined by spaces (words hold none): a name of up
    /// to 15 bytes is then stored in place, where an array of its words is
    /// an allocation of its own (100,000 names: 6 MB, kept while the
    /// recogniser runs).
    package private(set) var joinedNames: [String]
    /// The token standing for the class in the grammar: underscores round
    /// the type's name, which no spoken word holds (its words are letters,
    /// digits and apostrophes).
    package let token: String
    /// The words of all the names, each once, in the order they first come.
    package let distinctWords: [String]

    package init(type: String, names: [[String]]) {
        self.type = type
        self.token = Self.token(forType: type)
        var seen: Set<String> = []
        self.joinedNames = names.lazy.filter { !$0.isEmpty }.map { $0.joined(separator: " ") }.filter { seen.insert($0).inserted }
        var seenWords: Set<String> = []
        distinctWords = names.joined().filter { seenWords.insert($0).inserted }
    }

    /// Letters and digits as they are, anything else by its code ("_2d"
    /// for "-"), so two type names never share a token.
    package static func token(forType type: String) -> String {
        var token = "_"
        for scalar in type.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) { token.unicodeScalars.append(scalar) } else { token += "_" + String(scalar.value, radix: 16) }
        }
        return token + "_"
    }

    /// Whether a grammar word is a class token.
    package static func isToken(_ word: String) -> Bool { word.count > 2 && word.hasPrefix("_") && word.hasSuffix("_") }

    /// The recogniser's word for one name of the class (its words joined
    /// by spaces, as `joinedNames` holds them): its words joined
    /// by "_", after the class token and a colon ("_Contact_:zed_quillon"), so the same
    /// name in two classes, or a name that is also a word of a phrase, are
    /// different words to the decoder.
    package func memberToken(joined name: String) -> String { token + ":" + Self.underscored(name) }

    /// The recogniser's word for the rest of a name after its first word
    /// (`GrammarClassHalves`): like a member's, with a full stop for the
    /// colon ("_Contact_.de_la_cruz"), so a rest is never taken for a
    /// name of the same words.
    package func restToken(joined rest: String) -> String { token + "." + Self.underscored(rest) }

    /// Words joined by spaces, joined by "_" instead (a decoder word holds no space).
    private static func underscored(_ words: String) -> String {
        String(decoding: words.utf8.map { $0 == 0x20 ? 0x5F : $0 }, as: UTF8.self)
    }

    /// The words of a decoded word that is a class member or the rest of
    /// one; nil for any other word.
    package static func words(ofMember word: String) -> [String]? {
        guard word.hasPrefix("_"), let mark = word.firstIndex(where: { $0 == ":" || $0 == "." }), word[..<mark].count > 2,
              word[..<mark].hasSuffix("_"), word.index(after: mark) < word.endIndex else { return nil }
        return word[word.index(after: mark)...].split(separator: "_").map(String.init)
    }
}
