import PhraseMatcher

/// What a spoken answer to the pending question may be, as a small command
/// model: the recogniser searches its grammar for the next utterance, so
/// "the second one" is heard as that and not as the nearest command.
///
/// The answers are those the conversation reads (`AnswerReader`,
/// `AnswerMatcher`): the parameter's values (enum cases and synonyms, the
/// entities' names and the words of their names, numbers or durations of its
/// type within its min/max), positions among the options offered, yes and
/// no, and cancel.
extension Conversation {
    /// Nil when the answer is free text, which only the language model hears.
    public func answerGrammar() -> CommandModel? {
        guard case .waiting(let prompt)? = state else { return nil }
        let model = engine.model
        var types: [CustomType] = []
        var intents = [Self.answerIntent("Cancel", AnswerReader.cancelPhrases.sorted())]
        let parameter = prompt.parameter.flatMap { intent?.parameter(named: $0) }
        switch prompt.kind {
        case .confirmation, .confirmationRequired:
            intents.append(Self.yesNoIntent())
        case .disambiguation, .application:
            guard parameter != nil || prompt.kind == .application else { return nil }
            let cases = zip(prompt.options, optionNames(prompt)).map { id, names in
                return EnumCase(identifier: id, title: names.first ?? id, synonyms: Array(names.dropFirst()) + Self.nameWords(names))
            }
            types.append(CustomType(name: "Choice", title: "Choice", kind: .enumeration(cases)))
            let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
                .prefix(max(1, prompt.options.count)).joined(separator: "|")
            let numbers = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
                .prefix(max(1, prompt.options.count)).joined(separator: "|")
            let choice = Parameter(name: "value", type: .custom("Choice"), isRequired: false)
            intents.append(Intent(name: "Choice", parameters: [choice], phrases: [
                "[i mean|i meant] [the] \\(value) [please]",
                "[i mean|i meant] the (\(ordinals)|last) [one] [please]",
                "number (\(numbers))",
            ].compactMap { try? Phrase($0) }))
        case .needsValue:
            guard let parameter else { return nil }
            var valueType = parameter.type
            switch parameter.type {
            case .string:
                return nil
            case .custom(let name):
                guard var type = model.type(named: name) else { return nil }
                // Part of a name is an answer too ("Jones").
                if case .entity(let entities) = type.kind {
                    type.kind = .entity(entities.map { entity in
                        var entity = entity
                        entity.synonyms += Self.nameWords([entity.name] + entity.synonyms)
                        return entity
                    })
                }
                type.name = "AnswerValue"
                types.append(type)
                valueType = .custom("AnswerValue")
            default:
                break
            }
            // Numbers only within the parameter's range, as in the command grammar.
            let value = Parameter(name: "value", type: valueType, isRequired: true,
                                  minimum: parameter.minimum, maximum: parameter.maximum)
            intents.append(Intent(name: "Value", parameters: [value], phrases: [
                "[it's|it is|make it|i said] [for|to|about] \\(value) [please]",
            ].compactMap { try? Phrase($0) }))
        }
        return CommandModel(application: model.application, fillers: [], types: types, intents: intents)
    }

    private static func answerIntent(_ name: String, _ phrases: [String]) -> Intent {
        Intent(name: name, phrases: phrases.compactMap { try? Phrase($0) })
    }

    /// Yes and no the ways `AnswerReader.yesOrNo` reads them.
    private static func yesNoIntent() -> Intent {
        let yes = AnswerReader.yesWords.sorted().joined(separator: "|")
        return answerIntent("YesNo", [
            "[oh|well] (\(yes)) [please|thanks|thank you]",
        ] + AnswerReader.yesPhrases.sorted().map { "[oh|well] \($0) [please|thanks]" } + [
            "(no|nope|nah|negative) [thanks|thank you|(don't|do not) [do it|send it]]",
            "[please] (don't|do not) [do it|send it]",
            "not really", "(that's|that is) wrong", "absolutely not", "definitely not",
        ])
    }

    /// The words of several names, each once, that are long enough to say alone.
    private static func nameWords(_ names: [String]) -> [String] {
        var words: [String] = []
        for name in names {
            for word in TextNormalizer.words(of: name) where word.count >= 3 && !words.contains(word) && !names.contains(word) {
                words.append(word)
            }
        }
        return words
    }
}
