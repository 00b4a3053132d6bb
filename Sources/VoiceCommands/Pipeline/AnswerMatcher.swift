import PhraseMatcher

/// Reads a follow-up answer as a value of one parameter's type ("five
/// minutes", "for ten minutes", "make it three"), with the same value
/// parsers the phrases use.
enum AnswerMatcher {
    /// Words people put before the value in an answer.
    static let leadingWords: Set<String> = ["it's", "its", "it", "is", "make", "for", "to", "about", "the", "a", "an", "i", "said", "um", "uh"]

    static func value(of text: String, for parameter: Parameter, in model: CommandModel) -> Argument? {
        let answerParameter = Parameter(name: "value", type: parameter.type, isRequired: true)
        let phrases = ["\\(value)", "[it's|it is|make it|i said] [for|to|about] \\(value) [please]"]
            .compactMap { try? Phrase($0) }
        let answerModel = CommandModel(application: model.application, fillers: model.fillers, types: model.types,
                                       intents: [Intent(name: "Answer", parameters: [answerParameter], phrases: phrases)])
        return Matcher(model: answerModel).match(text).best?.argument("value")
    }

    /// The option whose name is within a couple of letters of what was said
    /// ("Alix Smith" for "Alex Smith"): a likely mishearing or misspelling.
    static func closest(_ said: String, among options: [(id: String, names: [String])]) -> String? {
        var best: (id: String, distance: Int)?
        var tie = false
        for option in options {
            for name in option.names {
                let target = TextNormalizer.words(of: name).joined(separator: " ")
                let distance = EditDistance.between(Array(said), Array(target))
                guard distance <= max(1, target.count / 4) else { continue }
                if best == nil || distance < best!.distance {
                    best = (option.id, distance)
                    tie = false
                } else if distance == best!.distance, best!.id != option.id {
                    tie = true
                }
            }
        }
        return tie ? nil : best?.id
    }
}
