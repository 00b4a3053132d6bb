import Foundation

/// A person's own phrase for one intent with preset values (Siri
/// Shortcuts): "coffee time" → OrderCoffee, size large, beverage latte.
///
/// It is kept as the example sentence that gave the values, not as the
/// values: matched again when the model loads, it stays right when an enum
/// case is renamed, and it is refused, with the reason, when the model no
/// longer has it.
public struct Shortcut: Sendable, Hashable {
    /// What the person says; may hold `\(parameter)` slots filled when said.
    public var phrase: String
    /// The application of the intent it stands for.
    public var application: String
    /// The intent it stands for.
    public var intent: String
    /// The sentence whose values the shortcut presets ("order a large latte").
    public var sentence: String
    /// Required parameters the sentence leaves open on purpose: asked for
    /// each time the shortcut is used.
    public var asked: [String]

    /// A shortcut: `phrase` stands for `sentence`, which the models matched as `intent` of `application`.
    public init(phrase: String, application: String, intent: String, sentence: String, asked: [String] = []) {
        self.phrase = phrase
        self.application = application
        self.intent = intent
        self.sentence = sentence
        self.asked = asked
    }

    /// Two phrases are the same shortcut when they are said the same.
    public func hasPhrase(_ other: String) -> Bool { TextNormalizer.words(of: phrase) == TextNormalizer.words(of: other) }
}

/// Why a shortcut cannot be added or used, said to the person; VoiceCommands
/// reports it as its own error.
package struct ShortcutProblem: Error, Sendable, Equatable {
    /// What is wrong, in one sentence.
    package var message: String
    /// A required parameter the shortcut could leave open, to be asked each
    /// time: a front end names its own way of saying so.
    package var askable: String?
    /// A problem; `askable` names the parameter the shortcut could leave open.
    package init(_ message: String, askable: String? = nil) {
        self.message = message
        self.askable = askable
    }
}

extension CommandModel {
    /// The intent and values a shortcut stands for, as `matcher` (compiled
    /// from this model, without shortcuts) reads its sentence: the
    /// shortcut's phrase with them, ready to join the intent.
    package func shortcutPhrase(_ shortcut: Shortcut, matcher: Matcher) throws(ShortcutProblem) -> (intent: Int, phrase: Phrase) {
        guard let intentIndex = intents.firstIndex(where: { $0.name == shortcut.intent && application(of: $0).name == shortcut.application })
        else {
            throw ShortcutProblem("\(shortcut.application) has no intent \(shortcut.intent)")
        }
        let intent = intents[intentIndex]
        let result = matcher.match(shortcut.sentence)
        guard let match = result.candidates.first(where: { $0.intent == intent.name && $0.application == shortcut.application }) else {
            throw ShortcutProblem("the sentence \"\(shortcut.sentence)\" no longer matches \(shortcut.intent)")
        }
        let parsed: TemplateParser.Result
        do {
            parsed = try TemplateParser.parse(shortcut.phrase)
        } catch {
            throw ShortcutProblem("the phrase \"\(shortcut.phrase)\" cannot be read: \(error.message)")
        }
        for slot in parsed.slots where intent.parameter(named: slot.name) == nil {
            let known = intent.parameters.map(\.name).joined(separator: ", ")
            throw ShortcutProblem("the phrase names no parameter '\(slot.name)' of \(intent.name); "
                                  + (known.isEmpty ? "it has none" : "parameters are: \(known)"))
        }
        // A word that normalises to nothing ("☕") is never heard: the
        // shortcut would be stored as something else than it says.
        // Punctuation ("&", "?") is passed over as in any phrase; a symbol
        // such as an emoji is something the person meant to say.
        let tokens = shortcut.phrase.split(whereSeparator: \.isWhitespace).map(String.init)
        let isSymbol = { (scalar: Unicode.Scalar) in scalar.properties.generalCategory == .otherSymbol }
        if let silent = tokens.first(where: { $0.unicodeScalars.contains(where: isSymbol) && TextNormalizer.words(of: $0).isEmpty }) {
            throw ShortcutProblem("the phrase \"\(shortcut.phrase)\" holds \"\(silent)\", which is not a word anyone can say; use words of letters or digits")
        }
        // A phrase of slots (or fillers, heard anywhere) alone would catch
        // whatever the models do not understand: every way of saying it
        // needs a word of its own.
        // Fillers of one word: a word of a longer filler ("hey you") is a word of its own alone.
        let fillerWords = Set(fillers.map { TextNormalizer.words(of: $0) }.filter { $0.count == 1 }.flatMap { $0 })
        guard Self.fewestWords(parsed.template.elements, besides: fillerWords) > 0 else {
            let besides = parsed.slots.isEmpty ? "besides fillers such as \"please\"" : "outside its slots"
            throw ShortcutProblem("the phrase \"\(shortcut.phrase)\" has no word of its own \(besides); it would catch anything")
        }
        let spoken = Set(parsed.slots.map(\.name))
        // Values the phrase's own slots give are said each time, not preset;
        // a preset covers no words of what is said.
        let presets = match.arguments.filter { !spoken.contains($0.name) }.map { argument in
            var preset = argument
            preset.wordRange = 0..<0
            return preset
        }
        for name in shortcut.asked {
            guard let parameter = intent.parameter(named: name) else {
                throw ShortcutProblem("\(intent.name) has no parameter '\(name)' to ask for")
            }
            if presets.contains(where: { $0.name == name }) {
                throw ShortcutProblem("the sentence already gives the \(parameter.title.lowercased()); '\(name)' cannot be left open too")
            }
            if !parameter.isAskedWhenMissing {
                throw ShortcutProblem("'\(name)' is optional, so it is never asked for; only a required value can be left open")
            }
        }
        if let outside = presets.first(where: \.isOutOfRange) {
            let title = intent.parameter(named: outside.name)?.title.lowercased() ?? outside.name
            throw ShortcutProblem("the sentence's \(title), \(outside.text), is out of range")
        }
        for parameter in intent.parameters where parameter.isAskedWhenMissing {
            let given = presets.contains { $0.name == parameter.name } || spoken.contains(parameter.name)
            if !given && !shortcut.asked.contains(parameter.name) {
                throw ShortcutProblem("the sentence leaves the \(parameter.title.lowercased()) open; say it in the sentence, "
                                      + "put \\(\(parameter.name)) in the phrase, or leave it to be asked", askable: parameter.name)
            }
        }
        return (intentIndex, Phrase(text: shortcut.phrase, template: parsed.template, presetArguments: presets))
    }

    /// The fewest literal words, other than `fillers`, any way of saying `elements` has.
    static func fewestWords(_ elements: [PhraseTemplate.Element], besides fillers: Set<String> = []) -> Int {
        elements.reduce(0) { total, element in
            switch element {
            case .word(let word): total + TextNormalizer.words(of: word).filter { !fillers.contains($0) }.count
            case .applicationName: total + 1
            case .slot, .optional: total
            case .choice(let alternatives): total + (alternatives.map { fewestWords($0, besides: fillers) }.min() ?? 0)
            }
        }
    }

    /// The model with each shortcut's phrase joined to its intent. A
    /// shortcut for an application not loaded is left out quietly; one the
    /// model cannot take (its intent is gone, its sentence no longer
    /// matches) is left out with a warning. `matcher` is this model's, when
    /// the caller has it compiled already.
    public func adding(_ shortcuts: [Shortcut], from file: String = "shortcuts", matcher: Matcher? = nil) -> CommandModel {
        guard !shortcuts.isEmpty else { return self }
        let matcher = matcher ?? Matcher(model: self)
        var model = self
        for shortcut in shortcuts where application(named: shortcut.application) != nil {
            do {
                let (intent, phrase) = try shortcutPhrase(shortcut, matcher: matcher)
                model.intents[intent].phrases.append(phrase)
            } catch {
                model.warnings.append(Diagnostic(severity: .warning, message: "shortcut \"\(shortcut.phrase)\" is not used: \(error.message)",
                                                 file: file, line: 0, column: 0))
            }
        }
        return model
    }
}
