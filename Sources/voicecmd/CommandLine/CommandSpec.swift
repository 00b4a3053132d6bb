/// What a subcommand accepts, written once and used both to parse the
/// command line and to print help in swift-argument-parser's layout.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        /// Long name without dashes ("commands").
        var name: String
        /// One-letter short name, if any.
        var short: Character?
        /// Placeholder for the value ("file"); nil for a flag.
        var valueName: String?
        var help: String
        /// May be given more than once, each value kept (`--commands a --commands b`).
        var repeats = false
    }

    struct Positional: Sendable {
        var name: String
        var help: String
        var isRepeating: Bool
        var isOptional: Bool
    }

    var name: String
    var abstract: String
    var discussion: String?
    var positionals: [Positional] = []
    var options: [Option] = []

    static let help = Option(name: "help", short: "h", valueName: nil, help: "Show help information.")
}

/// The result of parsing one subcommand's arguments.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    /// How many positionals came before `--`, when it was given.
    var positionalsBeforeSeparator: Int?

    func value(_ name: String) -> String? { values[name]?.last }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A command line that does not fit the spec: exit 64 with usage.
struct UsageError: Error, Sendable {
    var message: String
    /// The subcommand whose usage to print, nil for the top level.
    var command: CommandSpec?

    /// An offending value as a message shows it: quoted, and cut to its
    /// first 80 characters (a pasted paragraph is not echoed whole).
    static func quoted(_ value: String) -> String {
        "'" + (value.count > 80 ? value.prefix(80) + "…" : value) + "'"
    }
}
