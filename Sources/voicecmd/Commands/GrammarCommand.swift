import VoiceCommands

/// `voicecmd grammar`: the JSGF grammar the recogniser searches.
enum GrammarCommand: Subcommand {
    static let spec = CommandSpec(
        name: "grammar",
        abstract: "Print the recognition grammar (JSGF) of a command model.",
        discussion: "Intents with free-text (string) slots need the general language model; the grammar names them in a comment.",
        positionals: [.init(name: "file", help: "The command model (JSON). Default: the built-in model.",
                            isRepeating: false, isOptional: true)],
        options: [.commands,
                  .init(name: "fsg", short: nil, valueName: nil,
                        help: "Print the minimised finite-state grammar PocketSphinx searches instead of JSGF.")]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let model = try ModelSource.load(path: arguments.positionals.first ?? arguments.value("commands"))
        let grammar = JSGFGrammar(model: model)
        if arguments.has("fsg") {
            StandardOutput.write(try RecognitionGrammar.automaton(for: grammar).fsgText(name: "commands"), terminator: "")
        } else {
            StandardOutput.write(grammar.text, terminator: "")
        }
        return 0
    }
}
