internal import CFlite
import Foundation
import PhraseMatcher
import Synchronization

/// Pronunciations guessed in-process by flite's CMU lexicon and its
/// letter-to-sound rules, in CMU phones, cached.
///
/// It replaced a `t2p` process per word: that took 78 s on a 10,000-letter
/// word, could not be stopped by its timeout, and did not finish a model of
/// 50,000 invented names. In-process a guess takes microseconds, words are
/// bounded, and nothing outlives voicecmd.
final class LetterToSound: Sendable {
    static let shared = LetterToSound()

    /// Longer words are not guessed: the model refuses them anyway
    /// (`TextNormalizer.maximumWordLength`), and the rules' cost grows with length.
    static let maximumLetters = TextNormalizer.maximumWordLength
    /// Guesses kept; past this the cache starts again (a model's words fit many times over).
    static let cacheLimit = 200_000

    private struct State: ~Copyable {
        /// flite's one static lexicon, made on first use: the library owns it
        /// and never frees it, so there is nothing for a deinit to free.
        var lexicon: UnsafeMutablePointer<cst_lexicon>?
        var cache: [String: String?] = [:]
    }

    /// flite's lexicon code is not thread-safe; calls go one at a time.
    private let state = Mutex(State())

    private init() {}

    /// The CMU phones for `word` ("K AE T"), nil when it has no letters flite
    /// can read (a–z, accents dropped) or is longer than `maximumLetters`.
    func phones(for word: String) -> String? {
        guard let letters = Self.letters(of: word) else { return nil }
        return state.withLock { state in
            if let cached = state.cache[letters] { return cached }
            if state.lexicon == nil { state.lexicon = cmu_lex_init() }
            guard let lexicon = state.lexicon else { return nil }
            let phones = Self.lookUp(letters, in: lexicon)
            if state.cache.count >= Self.cacheLimit { state.cache.removeAll(keepingCapacity: true) }
            state.cache[letters] = phones
            return phones
        }
    }

    /// The word folded to the lower-case a–z letters the rules know ("Café" → "cafe").
    static func letters(of word: String) -> String? {
        let folded = word.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        let letters = folded.unicodeScalars.filter { ("a"..."z").contains($0) }
        guard !letters.isEmpty, letters.count <= maximumLetters,
              folded.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || $0 == "'" || $0 == "-" }) else { return nil }
        return String(String.UnicodeScalarView(letters))
    }

    private static func lookUp(_ letters: String, in lexicon: UnsafeMutablePointer<cst_lexicon>) -> String? {
        guard let list = lex_lookup(lexicon, letters, nil, nil) else { return nil }
        defer { delete_val(list) }
        var phones: [String] = []
        var item: UnsafePointer<cst_val>? = UnsafePointer(list)
        while let current = item, let car = val_car(current) {
            // flite writes stressed vowels with a digit ("ae1") and the schwa as "ax".
            let phone = String(cString: val_string(car)).filter { !$0.isNumber }.uppercased()
            if phone != "PAU" { phones.append(phone == "AX" ? "AH" : phone) }
            item = val_cdr(current)
        }
        guard !phones.isEmpty, phones.allSatisfy(Pronunciations.cmuPhones.contains) else { return nil }
        return phones.joined(separator: " ")
    }
}
