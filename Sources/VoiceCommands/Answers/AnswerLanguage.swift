import PhraseMatcher

/// What an answer to each kind of question may be, defined once, as a small
/// command model: the recogniser hears a spoken answer with its grammar
/// ("the second one" is heard as that, not as the nearest command), and a
/// typed answer is matched against the same model, so the two accept the
/// same answers. `Answer(reading:)` reads either match.
///
/// Every question takes cancel ("never mind", "no, cancel, forget it").
/// Yes-or-no questions take yes and no the ways people say them; a choice
/// takes a position ("the second one", "number two", "the last one") or a
/// name, whole or a word of it ("Jones"); a value question the parameter's
/// values (cases and synonyms, entities' names, numbers or durations of its
/// type within its min/max) after a few words people put before them.
enum AnswerLanguage {
    static let cancelPhrases = [
        "cancel", "cancel that", "cancel it", "never mind", "nevermind", "stop", "stop it", "forget it",
        "forget about it", "quit", "abort", "no stop", "no cancel", "no never mind",
    ]
    static let yesWords = [
        "yes", "yeah", "yep", "yup", "yea", "sure", "ok", "okay", "correct", "right", "affirmative",
        "absolutely", "definitely", "certainly", "confirm", "confirmed", "aye",
    ]
    static let yesPhrases = [
        "do it", "go ahead", "go for it", "please do", "that's right", "that is right", "that's correct",
        "sounds good", "of course", "i do", "it is", "send it", "that's it", "i did", "that's fine",
    ]
    static let noPhrases = [
        "[oh|well] [yes|right] (no|nope|nah|negative) [wait] [thanks|thank you|(don't|do not) [do it|send it]]",
        "(don't|do not) [do it|send it]",
        "not really", "(that's|that is) wrong", "(absolutely|definitely|certainly) not",
    ]
    /// Words an answer may have anywhere without changing it ("yes please",
    /// "please cancel"). Only "please": the recogniser explains a breath or
    /// a click with a short filler it may put anywhere ("no" heard as "no
    /// oh", "cancel um"), so the others have their places in the phrases.
    static let fillers = ["please"]
    /// Asked for one of several: what may come around the name; asked
    /// which application, around the application's name.
    static let choicePhrase = "[um|uh] [i mean|i meant|i want] [the] \\(value) [one]"
    static let applicationPhrase = "[um|uh] [use|in|with|using] [the] \\(value) [app|application]"
    static let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
    static let numbers = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    static let valuePhrase = "[um|uh] [it's|it is|make it|i said] [for|to|about] [the|a|an] \\(value)"
    /// The words the value phrase and the fillers put around a value: a
    /// name the phrase did not take is searched for without them.
    static let leadIn = Set(((try? Phrase(valuePhrase))?.template.words ?? []) + fillers)

    /// "Another", said to a question that names only the first few candidates.
    static let anotherPhrases = ["[um|uh] [i want|i mean|i meant] (another [one]|someone else|something else|none of (them|those|these)"
                                 + "|the next ones|more|the others)"]

    /// The answers to `prompt` as a model, or nil when anything may be the
    /// answer (free text: the language model hears it; typed, it is taken
    /// as written once it is not cancel).
    /// `options` are the names of each option offered, in order.
    static func model(for prompt: Prompt, parameter: Parameter?, options: [[String]], in model: CommandModel) -> CommandModel? {
        var types: [CustomType] = []
        var intents = [cancel]
        switch prompt.kind {
        case .confirmation, .confirmationRequired:
            let yes = alternatives(yesWords + yesPhrases)
            intents.append(intent("Yes", ["[oh|well] (\(yes)) [\(yes)] [\(yes)] [thanks|thank you]"]))
            intents.append(intent("No", noPhrases))
        case .disambiguation, .application:
            guard parameter != nil || prompt.kind == .application else { return nil }
            let cases = zip(prompt.options, options).map { id, names in
                EnumCase(identifier: id, title: names.first ?? id, synonyms: Array(names.dropFirst()) + nameWords(names))
            }
            types.append(CustomType(name: "Choice", title: "Choice", kind: .enumeration(cases)))
            let count = max(1, prompt.options.count)
            let choice = Parameter(name: "value", type: .custom("Choice"), isRequired: false)
            intents.append(Intent(name: "Choice", parameters: [choice], phrases: phrases([prompt.kind == .application ? applicationPhrase : choicePhrase,
                "[um|uh] [i mean|i meant|i want] [the] (\(ordinals.prefix(count).joined(separator: "|"))|last) [one]",
                "[um|uh] [i mean|i meant|i want] number (\(numbers.prefix(count).joined(separator: "|")))",
            ])))
            if prompt.offersMore { intents.append(intent("Another", anotherPhrases)) }
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
                        entity.synonyms += nameWords([entity.name] + entity.synonyms)
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
            let value = Parameter(name: "value", type: valueType, isRequired: true, minimum: parameter.minimum, maximum: parameter.maximum)
            intents.append(Intent(name: "Value", parameters: [value], phrases: phrases([valuePhrase])))
        }
        return CommandModel(application: model.application, fillers: fillers, types: types, intents: intents)
    }

    /// The answers to a free-text question that are not the text itself: cancel.
    static let cancelOnly = CommandModel(application: "Answers", fillers: fillers,
                                         intents: [cancel])

    /// Cancel, up to three times over ("no, never mind, forget it").
    private static let cancel = intent("Cancel", ["[oh|just] (\(alternatives(cancelPhrases))) [\(alternatives(cancelPhrases))] [\(alternatives(cancelPhrases))]"])

    private static func alternatives(_ phrases: [String]) -> String { phrases.joined(separator: "|") }

    private static func phrases(_ texts: [String]) -> [Phrase] { texts.compactMap { try? Phrase($0) } }

    private static func intent(_ name: String, _ texts: [String]) -> Intent { Intent(name: name, phrases: phrases(texts)) }

    /// The words of several names, each once, long enough to say alone.
    static func nameWords(_ names: [String]) -> [String] {
        let whole = Set(names.map { TextNormalizer.words(of: $0).joined(separator: " ") })
        var words: [String] = []
        for name in names {
            for word in TextNormalizer.words(of: name) where word.count >= 3 && !words.contains(word) && !whole.contains(word) {
                words.append(word)
            }
        }
        return words
    }
}
