import Foundation
import VoiceCommands

/// `voicecmd check`: validate a model and summarise it.
enum CheckCommand: Subcommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Validate a command model and summarise it.",
        discussion: "Errors and warnings are printed with file:line:column. Exits with 1 when the model has errors.",
        positionals: [.init(name: "file", help: "Command models (JSON), or folders of them, checked together. Default: the built-in model.",
                            isRepeating: true, isOptional: true)],
        options: [.commands, .shortcuts]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let loaded = try ModelSource.load(arguments, paths: arguments.positionals + (arguments.values["commands"] ?? []))
        let model = loaded.model
        let path = loaded.modelPath
        let matcher = loaded.matcher
        let warnings = model.warnings + OverlapCheck.warnings(for: model)
        for warning in warnings { printError(warning.rendered) }
        let statistics = ModelStatistics(model: model, matcher: matcher)
        let grammar = JSGFGrammar(model: model)
        let files = loaded.files.isEmpty ? "built-in model" : loaded.files.joined(separator: ", ")
        StandardOutput.write("\(files): \(model.applications.map(\.name).joined(separator: ", "))")
        StandardOutput.write("  intents:            \(statistics.intents)")
        StandardOutput.write("  parameters:         \(statistics.parameters)")
        let writtenOut = statistics.expandedPhrases == Int.max ? "more than 9e18" : String(statistics.expandedPhrases)
        StandardOutput.write("  phrases:            \(statistics.phrases) (\(writtenOut) written out)"
                             + (loaded.shortcutCount > 0 ? ", \(loaded.shortcutCount) of them shortcuts" : ""))
        StandardOutput.write("  vocabulary:         \(statistics.vocabularySize) words")
        StandardOutput.write("  automaton:          \(statistics.automatonStates) states")
        if !grammar.intentsNeedingLanguageModel.isEmpty {
            let names = grammar.intentsNeedingLanguageModel.map { needing in
                let intent = needing.application == model.application ? needing.intent : "\(needing.application): \(needing.intent)"
                return "\(intent) (\(needing.parameters.joined(separator: ", ")))"
            }
            StandardOutput.write("  free text:          \(names.joined(separator: ", ")) need the general language model")
        }
        // Words the recogniser's dictionary lacks: pronunciations from the
        // model's .dict file or guessed, so the model still works by voice.
        var unpronounceable: [Diagnostic] = []
        if let files = try? SpeechModelFiles.locate() {
            let missing = try Pronunciations.missingWords(in: grammar.words, dictionaryPath: files.dictionary, modelPath: path,
                                                          builtIn: loaded.pronunciations)
            let modelWords = missing.filter { ValueWordPronunciations.missingFromCMUDictionary[$0.word] == nil }
            // A word the recogniser cannot pronounce makes it refuse the model: an error here too.
            unpronounceable = modelWords.filter { $0.phones == nil }.map {
                Pronunciations.noPronunciation(for: $0.word, locations: model.wordLocations, modelPath: path)
            }
            for error in unpronounceable { printError(error.rendered) }
            if modelWords.isEmpty {
                StandardOutput.write("  dictionary:         every word known")
            } else {
                StandardOutput.write("  dictionary:         \(modelWords.count) word\(modelWords.count == 1 ? "" : "s") missing")
                for word in modelWords.prefix(Self.listedWords) {
                    StandardOutput.write("    \(word.word)  " + (word.phones.map { "\($0)  (\(word.source))" } ?? "(no pronunciation)"))
                }
                if modelWords.count > Self.listedWords { StandardOutput.write("    … and \(modelWords.count - Self.listedWords) more") }
            }
        } else {
            StandardOutput.write("  dictionary:         not checked (no pocketsphinx-en-us)")
        }
        // Programs as they would be looked for at run time ("Sorry, that
        // didn't work" is all a missing one gives then).
        let programs = ProgramHandler.problems(in: model)
        for problem in programs { printError("error: " + problem) }
        let errors = unpronounceable.count + programs.count
        StandardOutput.write("  errors: \(errors), warnings: \(warnings.count)")
        return errors == 0 ? 0 : 1
    }

    /// Words listed under "dictionary": a model of 50,000 invented names would list them all.
    static let listedWords = 50
}
