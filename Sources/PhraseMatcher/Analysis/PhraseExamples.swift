/// Concrete sentences for a phrase: every way through its alternatives and
/// optional parts, slots filled with a sample value of their type. Used to
/// prove every phrase of a model can be matched, and in `voicecmd check`.
package enum PhraseExamples {
    /// Up to `limit` sentences for one phrase of `intent`.
    package static func sentences(for phrase: Phrase, of intent: Intent, in model: CommandModel, limit: Int = 64) -> [String] {
        var results: [[String]] = [[]]
        expand(phrase.template.elements, intent: intent, model: model, limit: limit, into: &results)
        return results.map { $0.joined(separator: " ") }
    }

    private static func expand(_ elements: [PhraseTemplate.Element], intent: Intent, model: CommandModel,
                               limit: Int, into results: inout [[String]]) {
        for element in elements {
            var options: [[String]]
            switch element {
            case .word(let word): options = [[word]]
            case .slot(let name): options = [sample(intent.parameter(named: name)?.type ?? .string, in: model)]
            case .applicationName: options = [TextNormalizer.words(of: model.application(of: intent).name)]
            case .choice(let alternatives), .optional(let alternatives):
                options = []
                if case .optional = element { options.append([]) }
                for alternative in alternatives {
                    var inner: [[String]] = [[]]
                    expand(alternative, intent: intent, model: model, limit: limit, into: &inner)
                    options += inner
                }
            }
            var next: [[String]] = []
            for prefix in results {
                for option in options where next.count < limit { next.append(prefix + option) }
            }
            results = next
        }
    }

    /// A value anyone would say for the type.
    static func sample(_ type: ParameterType, in model: CommandModel) -> [String] {
        switch type {
        case .integer: ["three"]
        case .number: ["two", "point", "five"]
        case .ordinal: ["second"]
        case .duration: ["five", "minutes"]
        case .currency: ["ten", "dollars"]
        case .boolean: ["on"]
        case .string: ["hello", "there"]
        case .custom(let name):
            switch model.type(named: name)?.kind {
            case .enumeration(let cases)?: cases.first.map { TextNormalizer.words(of: $0.title) } ?? []
            case .entity(let entities)?: entities.first.map { TextNormalizer.words(of: $0.name) } ?? []
            case nil: []
            }
        }
    }
}
