/// Reads answers to follow-up questions the ways people give them: yes and
/// no, cancel, "the second one", part of a name.
enum AnswerReader {
    static func words(_ text: String) -> [String] { TextNormalizer.words(of: text) }

    private static let cancelPhrases: Set<String> = [
        "cancel", "cancel that", "cancel it", "never mind", "nevermind", "stop", "stop it", "forget it",
        "forget about it", "quit", "abort", "no stop", "no cancel", "no never mind",
    ]

    /// "cancel", "never mind", "stop", "forget it"…
    static func isCancel(_ text: String) -> Bool {
        let said = words(text).filter { $0 != "please" && $0 != "just" && $0 != "oh" }
        return cancelPhrases.contains(said.joined(separator: " "))
    }

    private static let yesWords: Set<String> = [
        "yes", "yeah", "yep", "yup", "yea", "sure", "ok", "okay", "correct", "right", "affirmative",
        "absolutely", "definitely", "certainly", "confirm", "confirmed", "please", "aye",
    ]
    private static let yesPhrases: Set<String> = [
        "do it", "go ahead", "go for it", "please do", "that's right", "that is right", "that's correct",
        "sounds good", "of course", "i do", "it is", "send it", "yes please", "that's it",
    ]
    private static let noWords: Set<String> = ["no", "nope", "nah", "negative", "wrong", "incorrect", "don't"]
    private static let noPhrases: Set<String> = [
        "do not", "not really", "no thanks", "no thank you", "not now", "that's wrong", "that's not right",
        "i don't", "it isn't", "it's not", "not that one", "no way",
    ]

    /// True for yes, false for no, nil when the answer is neither.
    static func yesOrNo(_ text: String) -> Bool? {
        let said = words(text)
        guard let first = said.first else { return nil }
        let whole = said.joined(separator: " ")
        if noPhrases.contains(whole) || noWords.contains(first) { return false }
        if yesPhrases.contains(whole) || yesWords.contains(first) { return true }
        if noPhrases.contains(where: { whole.hasPrefix($0 + " ") }) { return false }
        if yesPhrases.contains(where: { whole.hasPrefix($0 + " ") }) { return true }
        return nil
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
        let named = options.indices.filter { index in
            options[index].contains { name in
                let nameWords = words(name)
                return said.allSatisfy(nameWords.contains)
            }
        }
        return named.count == 1 ? named[0] : nil
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
