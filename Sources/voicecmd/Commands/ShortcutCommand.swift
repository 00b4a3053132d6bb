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
        let models = try ModelSource.load(arguments, shortcuts: false)
        let added = try store.add(phrase: phrase, sentence: sentence, asked: arguments.values["ask"] ?? [], to: models)
        let values = added.presetArguments.map { "\($0.name) \($0.text)" }
        var line = "Added \"\(phrase)\": \(added.match.label(showApplication: models.model.applications.count > 1))"
        if !values.isEmpty { line += " with " + values.joined(separator: ", ") }
        if !added.shortcut.asked.isEmpty { line += "; asks for " + added.shortcut.asked.joined(separator: ", ") }
        StandardOutput.write(line + ".")
        return 0
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
        let removed = try store.remove(phrase: phrase)
        StandardOutput.write("Removed \"\(removed.phrase)\".")
        return 0
    }
}
