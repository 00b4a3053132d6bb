import VoiceCommands

/// `voicecmd sample`: example sentences of a model with the intents and
/// values they should give, as test cases (`voicecmd test` reads them).
enum SampleCommand: Subcommand {
    static let spec = CommandSpec(
        name: "sample",
        abstract: "Print example sentences of a model with the intent and values each should give.",
        discussion: "Every phrase of every intent, its choices and optional parts taken in turn and its slots filled with a "
            + "value of their type, one test case a line: the sentence, a tab, the intent, then name=value for each value "
            + "the sentence gives. Save them to a file and run voicecmd test on it after changing the model.",
        positionals: [.init(name: "file", help: "Command models (JSON), or folders of them. Default: the built-in model.",
                            isRepeating: true, isOptional: true)],
        options: [.commands, .shortcuts,
                  .init(name: "count", short: "n", valueName: "n", help: "Sentences per phrase, at most (default 1).")]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let count = try WholeNumberOption.value(arguments, spec, "count", default: 1, in: 1...1_000)
        let loaded = try ModelSource.load(arguments, paths: arguments.positionals + (arguments.values["commands"] ?? []))
        let model = loaded.model
        let showApplication = model.applications.count > 1
        var seen: Set<String> = []
        for intent in model.intents {
            let name = Match.label(application: model.application(of: intent).name, intent: intent.name,
                                           showApplication: showApplication)
            for phrase in intent.phrases where phrase.presetArguments.isEmpty {
                for sentence in PhraseExamples.sentences(for: phrase, of: intent, in: model, limit: count) where seen.insert(sentence).inserted {
                    // The values as the matcher reads them, when it reads the sentence as this intent.
                    let best = loaded.matcher.match(sentence).best
                    let values = best.flatMap { $0.label(showApplication: showApplication) == name ? $0.arguments : nil } ?? []
                    let line = TestCase(said: sentence, intent: name,
                                        arguments: values.map { ($0.name, TestCase.valueText($0.value)) }, line: 0)
                    StandardOutput.write(line.text)
                }
            }
            try StandardOutput.check()
        }
        return 0
    }
}
