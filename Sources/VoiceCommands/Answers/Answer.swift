import PhraseMatcher

/// An answer to a question, read from a match of the question's answer
/// model (`AnswerLanguage`): the recogniser's match of a spoken answer, or
/// the matcher's of a typed one.
enum Answer: Equatable {
    case cancel, yes, no
    /// None of the candidates offered: the next ones, please.
    case another
    /// Which of the options offered, from 0.
    case choice(Int)
    case value(Argument)

    /// Nil when the match picks nothing this question can use: no intent,
    /// or a name that several options share ("Alex" of Alex Smith and Alex
    /// Jones). `options` are the names of each option offered, in order.
    init?(reading result: MatchResult, options: [[String]]) {
        guard let match = result.best else { return nil }
        switch match.intent {
        case "Cancel": self = .cancel
        case "Yes": self = .yes
        case "No": self = .no
        case "Another": self = .another
        case "Value":
            guard let argument = match.argument("value") else { return nil }
            self = .value(argument)
        case "Choice":
            let index = match.argument("value").map { Self.option(named: $0.text, among: options) }
                ?? Self.option(at: TextNormalizer.words(of: result.text), among: options.count)
            guard let index else { return nil }
            self = .choice(index)
        default:
            return nil
        }
    }

    /// The option a name picks: one whose name is exactly what was said
    /// ("courier" of Courier and Courier Express), else the only one whose
    /// name holds every word said ("express", "jones").
    static func option(named text: String, among options: [[String]]) -> Int? {
        let said = TextNormalizer.words(of: text)
        guard !said.isEmpty else { return nil }
        let exact = options.indices.filter { options[$0].contains { TextNormalizer.words(of: $0) == said } }
        if exact.count == 1 { return exact[0] }
        let holding = options.indices.filter { options[$0].contains { NameResolution.holds(said, $0) } }
        return holding.count == 1 ? holding[0] : nil
    }

    /// The option a position picks: "the second one", "number two", "the last one".
    static func option(at words: [String], among count: Int) -> Int? {
        if words.contains("last") { return count > 0 ? count - 1 : nil }
        if let ordinal = words.lazy.compactMap({ AnswerLanguage.ordinals.firstIndex(of: $0) }).first { return ordinal < count ? ordinal : nil }
        if let number = words.firstIndex(of: "number"), number + 1 < words.count,
           let position = AnswerLanguage.numbers.firstIndex(of: words[number + 1]) {
            return position < count ? position : nil
        }
        return nil
    }
}
