import Foundation
import VoiceCommands

/// `voicecmd shortcut add|list|remove`: a person's own phrases for intents
/// with preset values (Siri Shortcuts), kept in the shortcuts file.
enum ShortcutCommand: Subcommand {
    static let spec = CommandSpec(
        name: "shortcut",
        abstract: "Add, list or remove personal shortcuts.",
        discussion: """
            voicecmd shortcut add "coffee time" -- "order a large latte" makes "coffee time" order a large latte: the \
            sentence after -- is matched now, and its intent and values are what the phrase stands for. The phrase may hold \
            \\(parameter) slots said each time; a required value neither gives is refused unless --ask leaves it to be asked. \
            A phrase a model already understands is refused. voicecmd shortcut list prints them; voicecmd shortcut remove \
            "coffee time" removes one. Every subcommand hears the shortcuts of the models it loads.
            """,
        positionals: [.init(name: "action", help: "add, list or remove.", isRepeating: false, isOptional: false),
                      .init(name: "words", help: "add: the phrase, then -- and the sentence; remove: the phrase.",
                            isRepeating: true, isOptional: true)],
        options: [.commands, .shortcuts,
                  .init(name: "ask", short: nil, valueName: "parameter",
                        help: "add: leave this required parameter open, to be asked each time.", repeats: true),
                  .json]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let store = ShortcutStore(path: ShortcutOption.path(arguments))
        let words = Array(arguments.positionals.dropFirst())
        switch arguments.positionals[0] {
        case "add": return try add(arguments, store: store, words: words)
        case "list":
            guard words.isEmpty else { throw UsageError(message: "Unexpected argument '\(words[0])'", command: spec) }
            return try list(arguments, store: store)
        case "remove":
            guard !words.isEmpty else { throw UsageError(message: "Missing expected argument '<phrase>'", command: spec) }
            return try remove(words.joined(separator: " "), store: store)
        case let action:
            throw UsageError(message: "'\(action)' is not a shortcut action; use add, list or remove", command: spec)
        }
    }

    private static func add(_ arguments: ParsedArguments, store: ShortcutStore, words: [String]) throws -> Int32 {
        guard let separator = arguments.positionalsBeforeSeparator.map({ $0 - 1 }), separator >= 1, separator < words.count else {
            throw UsageError(message: "Expected the phrase, then -- and the sentence it stands for: "
                             + "shortcut add \"coffee time\" -- \"order a large latte\"", command: spec)
        }
        let phrase = words[..<separator].joined(separator: " ")
        let sentence = words[separator...].joined(separator: " ")
        // The sentence is read by the models alone, as it is each time the
        // shortcuts are loaded; the phrase is checked against the models
        // with the shortcuts so far.
        let loaded = try ModelSource.load(arguments, shortcuts: false)
        let model = loaded.model
        let matcher = Matcher(model: model)
        let result = matcher.match(sentence)
        guard let best = result.best else {
            throw ToolFailure(message: "the sentence \"\(sentence)\" matches no intent; a shortcut stands for a sentence voicecmd understands")
        }
        guard result.tiedApplications.isEmpty else {
            throw ToolFailure(message: "the sentence \"\(sentence)\" fits both \(result.tiedApplications.joined(separator: " and ")); "
                              + "name the app in it so the shortcut knows which")
        }
        let shortcut = Shortcut(phrase: phrase, application: best.application, intent: best.intent, sentence: sentence,
                                asked: arguments.values["ask"] ?? [])
        let (intent, compiled) = try checked(shortcut, in: model, matcher: matcher)
        // A word the recogniser cannot say would stop every listen and transcribe from starting.
        if let files = try? SpeechModelFiles.locate(),
           let word = try Pronunciations.missingWords(in: compiled.template.words, dictionaryPath: files.dictionary,
                                                      modelPath: loaded.modelPath, builtIn: loaded.pronunciations)
               .first(where: { $0.phones == nil }) {
            throw ToolFailure(message: "the recogniser cannot pronounce \"\(word.word)\" of \"\(phrase)\"; use words of the letters a to z")
        }
        if let owner = Self.owner(of: compiled, for: model.intents[intent], in: Matcher(model: model.adding(try store.read()))) {
            throw ToolFailure(message: "\"\(phrase)\" already means \(owner); choose another phrase")
        }
        try store.update { (shortcuts: inout [Shortcut]) throws(ShortcutProblem) in
            if let same = shortcuts.first(where: { $0.hasPhrase(phrase) }) {
                throw ShortcutProblem("\"\(same.phrase)\" is already a shortcut for \(same.intent); remove it first")
            }
            shortcuts.append(shortcut)
        }
        let values = compiled.presetArguments.map { "\($0.name) \($0.text)" }
        var line = "Added \"\(phrase)\": \(best.label(showApplication: model.applications.count > 1))"
        if !values.isEmpty { line += " with " + values.joined(separator: ", ") }
        if !shortcut.asked.isEmpty { line += "; asks for " + shortcut.asked.joined(separator: ", ") }
        StandardOutput.write(line + ".")
        return 0
    }

    private static func checked(_ shortcut: Shortcut, in model: CommandModel, matcher: Matcher) throws -> (Int, Phrase) {
        do {
            return try model.shortcutPhrase(shortcut, matcher: matcher)
        } catch {
            throw ToolFailure(message: "\"\(shortcut.phrase)\" cannot stand for \"\(shortcut.sentence)\": \(error.message)")
        }
    }

    /// The intent some phrase of the models already gives the shortcut's
    /// words (each way of saying it, slots filled with sample values of
    /// `intent`'s parameters).
    private static func owner(of phrase: Phrase, for intent: Intent, in matcher: Matcher) -> String? {
        let model = matcher.model
        for sentence in PhraseExamples.sentences(for: phrase, of: intent, in: model, limit: 16) {
            if let match = matcher.match(sentence).best {
                return model.applications.count > 1 ? "\(match.intent) of \(match.application)" : match.intent
            }
        }
        return nil
    }

    private static func list(_ arguments: ParsedArguments, store: ShortcutStore) throws -> Int32 {
        for shortcut in try store.read() {
            if arguments.has("json") {
                StandardOutput.write(ShortcutFile.json(shortcut).serialized)
            } else {
                let asked = shortcut.asked.isEmpty ? "" : " (asks for \(shortcut.asked.joined(separator: ", ")))"
                StandardOutput.write("\(shortcut.phrase)  →  \(shortcut.application): \(shortcut.intent)  \"\(shortcut.sentence)\"\(asked)")
            }
        }
        return 0
    }

    private static func remove(_ phrase: String, store: ShortcutStore) throws -> Int32 {
        var removed: Shortcut?
        try store.update { (shortcuts: inout [Shortcut]) throws(ShortcutProblem) in
            guard let index = shortcuts.firstIndex(where: { $0.hasPhrase(phrase) }) else {
                throw ShortcutProblem("there is no shortcut \"\(phrase)\"")
            }
            removed = shortcuts.remove(at: index)
        }
        StandardOutput.write("Removed \"\(removed?.phrase ?? phrase)\".")
        return 0
    }
}
