/// `voicecmd completions <shell>`: the completion script for bash, zsh or fish.
enum CompletionsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: "make install installs all three. To try one in the shell you are in: source <(voicecmd completions bash)",
        positionals: [.init(name: "shell", help: "bash, zsh or fish.", isRepeating: false, isOptional: false)]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let name = arguments.positionals[0]
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError(message: "no completions for \(UsageError.quoted(name)); the shells are bash, zsh and fish", command: spec)
        }
        StandardOutput.write(CompletionScript.script(for: shell, subcommands: subcommands.map { $0.spec }), terminator: "")
        return 0
    }
}
