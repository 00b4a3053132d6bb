import PhraseMatcher

/// Reads answers to follow-up questions the ways people give them: yes and
/// no, cancel, "the second one", part of a name.
enum AnswerReader {
    static func words(_ text: String) -> [String] { TextNormalizer.words(of: text) }

    static let cancelPhrases: Set<String> = [
        "cancel", "cancel that", "cancel it", "never mind", "nevermind", "stop", "stop it", "forget it",
        "forget about it", "quit", "abort", "no stop", "no cancel", "no never mind",
    ]

    /// "cancel", "never mind", "stop", "forget it"…, or several of them in
    /// a row, as people say them ("no, no, cancel", "never mind, never mind").
    static func isCancel(_ text: String) -> Bool {
        let said = words(text).filter { $0 != "please" && $0 != "just" && $0 != "oh" }
        guard !said.isEmpty, said.count <= longestCancel else { return false }
        // reachable[i]: the first i words are cancel phrases, one after another.
        var reachable = [true] + Array(repeating: false, count: said.count)
        for end in 1...said.count {
            reachable[end] = (max(0, end - cancelPhraseLength)..<end).contains { start in
                reachable[start] && cancelPhrases.contains(said[start..<end].joined(separator: " "))
            }
        }
        return reachable[said.count]
    }
    /// The most words a cancel phrase has; the most an answer of them may have.
    private static let cancelPhraseLength = cancelPhrases.map { $0.split(separator: " ").count }.max() ?? 1
    private static let longestCancel = 12

    static let yesWords: Set<String> = [
        "yes", "yeah", "yep", "yup", "yea", "sure", "ok", "okay", "correct", "right", "affirmative",
        "absolutely", "definitely", "certainly", "confirm", "confirmed", "aye",
    ]
    static let yesPhrases: Set<String> = [
        "do it", "go ahead", "go for it", "please do", "that's right", "that is right", "that's correct",
        "sounds good", "of course", "i do", "it is", "send it", "that's it", "i did",
    ]
    /// Any of these anywhere makes the answer a no: "please don't", "absolutely not", "right, no".
    private static let negations: Set<String> = [
        "no", "not", "nope", "nah", "negative", "never", "don't", "dont", "wrong", "incorrect",
        "isn't", "wasn't", "didn't", "doesn't", "shouldn't", "won't", "wouldn't", "mustn't",
    ]
    /// Words that may come with a yes without changing it.
    private static let yesCompanions: Set<String> = ["please", "thanks", "thank", "you", "that's", "fine", "great", "oh", "um", "uh", "well"]

    /// True for yes, false for no, nil when the answer is neither (or both).
    static func yesOrNo(_ text: String) -> Bool? {
        let said = words(text)
        guard !said.isEmpty else { return nil }
        if said.contains(where: negations.contains) { return false }
        // Yes words and phrases, and nothing else but words that may come with them.
        var remaining = said[...]
        var sawYes = false
        while let first = remaining.first {
            if let phrase = yesPhrases.first(where: { remaining.starts(with: $0.split(separator: " ").map(String.init)) }) {
                sawYes = true
                remaining = remaining.dropFirst(phrase.split(separator: " ").count)
            } else if yesWords.contains(first) {
                sawYes = true
                remaining = remaining.dropFirst()
            } else if yesCompanions.contains(first) {
                remaining = remaining.dropFirst()
            } else {
                return nil
            }
        }
        return sawYes ? true : nil
    }

    /// Words that say nothing about which option: "the second one please".
    private static let choiceNoise: Set<String> = [
        "the", "one", "please", "i", "mean", "meant", "want", "it's", "its", "is", "it", "to", "that", "a", "an",
        "my", "number", "option", "choice", "say", "said", "uh", "um", "oh", "how", "about", "with", "for",
    ]

    /// Which of `options` (names in the order offered) the answer picks:
    /// by position ("the second one", "number two", "the last one") or by
    /// naming one, whole or in part ("Jones"). Nil when it picks none or several.
    static func choice(_ text: String, among options: [[String]]) -> Int? {
        let said = words(text).filter { !choiceNoise.contains($0) }
        guard !said.isEmpty else { return nil }
        if said == ["last"] || said == ["final"] { return options.isEmpty ? nil : options.count - 1 }
        if said.count == 1 || said.count == 2, let position = position(said), position >= 1, position <= options.count {
            return position - 1
        }
        let named = options.indices.filter { index in options[index].contains { holds(said, $0) } }
        return named.count == 1 ? named[0] : nil
    }

    /// Whether `name` holds every word said: "Jones" and "alex jones" are in "Alex Jones".
    static func holds(_ said: [String], _ name: String) -> Bool {
        let nameWords = words(name)
        return said.allSatisfy(nameWords.contains)
    }

    /// "second" → 2, "two" → 2, "2nd" → 2.
    private static func position(_ said: [String]) -> Int? {
        for parse in OrdinalParser().parses(said, from: 0) + IntegerParser().parses(said, from: 0) where parse.end == said.count {
            switch parse.value {
            case .ordinal(let value), .integer(let value): return value
            default: continue
            }
        }
        return nil
    }
}
