/// Counts `voicecmd check` reports about a model.
package struct ModelStatistics: Sendable {
    package var intents: Int
    package var parameters: Int
    package var phrases: Int
    /// Phrases with every alternative and optional part written out (slots
    /// counted once each).
    package var expandedPhrases: Int
    package var vocabularySize: Int
    package var automatonStates: Int

    package init(model: CommandModel, matcher: Matcher) {
        intents = model.intents.count
        parameters = model.intents.reduce(0) { $0 + $1.parameters.count }
        phrases = model.intents.reduce(0) { $0 + $1.phrases.count }
        expandedPhrases = model.intents.reduce(0) { total, intent in
            intent.phrases.reduce(total) { total, phrase in
                let (sum, overflow) = total.addingReportingOverflow(Self.expansions(phrase.template.elements, model: model))
                return overflow ? Int.max : sum
            }
        }
        vocabularySize = matcher.vocabularySize
        automatonStates = matcher.automatonStateCount
    }

    /// How many plain phrases `sequence` stands for, saturating at Int.max
    /// (64 two-way groups are 2^64).
    static func expansions(_ sequence: [PhraseTemplate.Element], model: CommandModel) -> Int {
        func sum(_ alternatives: [[PhraseTemplate.Element]], from start: Int) -> Int {
            alternatives.reduce(start) { total, alternative in
                let (added, overflow) = total.addingReportingOverflow(expansions(alternative, model: model))
                return overflow ? Int.max : added
            }
        }
        return sequence.reduce(1) { product, element in
            let count: Int
            switch element {
            case .word, .slot: count = 1
            case .applicationName: count = model.applications.map(\.names.count).max() ?? 1
            case .choice(let alternatives): count = sum(alternatives, from: 0)
            case .optional(let alternatives): count = sum(alternatives, from: 1)
            }
            return product.multipliedReportingOverflow(by: count).overflow ? Int.max : product * count
        }
    }
}
