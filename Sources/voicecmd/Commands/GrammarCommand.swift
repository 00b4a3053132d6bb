import VoiceCommands

/// `voicecmd grammar`: the JSGF grammar the recogniser searches.
enum GrammarCommand: Subcommand {
    static let spec = CommandSpec(
        name: "grammar",
        abstract: "Print the recognition grammar (JSGF) of a command model.",
        discussion: "Intents with free-text (string) slots need the general language model; the grammar names them in a comment.",
        positionals: [.init(name: "file", help: "Command models (JSON), or folders of them. Default: the built-in model.",
                            isRepeating: true, isOptional: true)],
        options: [.commands, .shortcuts,
                  .init(name: "fsg", short: nil, valueName: nil,
                        help: "Print the minimised finite-state grammar PocketSphinx searches instead of JSGF.")]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let model = try ModelSource.load(arguments, paths: arguments.positionals + (arguments.values["commands"] ?? [])).model
        let grammar = JSGFGrammar(model: model)
        if arguments.has("fsg") {
            StandardOutput.write(try RecognitionGrammar.automaton(for: grammar).fsgText(name: "commands"), terminator: "")
        } else {
            StandardOutput.write(grammar.text, terminator: "")
        }
        return 0
    }
}
