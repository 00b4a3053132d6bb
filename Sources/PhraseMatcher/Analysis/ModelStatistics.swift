/// Counts `voicecmd check` reports about a model.
public struct ModelStatistics: Sendable {
    public var intents: Int
    public var parameters: Int
    public var phrases: Int
    /// Phrases with every alternative and optional part written out (slots
    /// counted once each).
    public var expandedPhrases: Int
    public var vocabularySize: Int
    public var automatonStates: Int

    public init(model: CommandModel, matcher: Matcher) {
        intents = model.intents.count
        parameters = model.intents.reduce(0) { $0 + $1.parameters.count }
        phrases = model.intents.reduce(0) { $0 + $1.phrases.count }
        expandedPhrases = model.intents.reduce(0) { total, intent in
            total + intent.phrases.reduce(0) { $0 + Self.expansions($1.template.elements, model: model) }
        }
        vocabularySize = matcher.vocabularySize
        automatonStates = matcher.automatonStateCount
    }

    private static func expansions(_ sequence: [PhraseTemplate.Element], model: CommandModel) -> Int {
        sequence.reduce(1) { product, element in
            let count: Int
            switch element {
            case .word, .slot: count = 1
            case .applicationName: count = 1 + model.applicationSynonyms.count
            case .choice(let alternatives): count = alternatives.reduce(0) { $0 + expansions($1, model: model) }
            case .optional(let alternatives): count = 1 + alternatives.reduce(0) { $0 + expansions($1, model: model) }
            }
            return product.multipliedReportingOverflow(by: count).overflow ? Int.max : product * count
        }
    }
}
