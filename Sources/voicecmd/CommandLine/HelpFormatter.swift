/// Help and usage text in swift-argument-parser's layout: OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS, SUBCOMMANDS, with help wrapped beside a 26-column
/// name column.
enum HelpFormatter {
    static let tool = "voicecmd"
    private static let nameColumn = 26
    private static let width = 80

    static func usage(_ spec: CommandSpec) -> String {
        var parts = ["\(tool) \(spec.name)"]
        for option in spec.options {
            let flag = "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
            parts.append("[\(flag)\(option.repeats ? " ..." : "")]")
        }
        for positional in spec.positionals {
            var text = "<\(positional.name)>" + (positional.isRepeating ? " ..." : "")
            if positional.isOptional { text = "[\(text)]" }
            parts.append(text)
        }
        return parts.joined(separator: " ")
    }

    static func help(_ spec: CommandSpec) -> String {
        var lines = ["OVERVIEW: \(spec.abstract)"]
        if let discussion = spec.discussion { lines += [""] + wrap(discussion, indent: "") }
        lines += ["", "USAGE: \(usage(spec))"]
        if !spec.positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for positional in spec.positionals {
                lines += row("<\(positional.name)>", positional.help)
            }
        }
        lines += ["", "OPTIONS:"]
        for option in spec.options + [CommandSpec.help] {
            var names = option.short.map { "-\($0), " } ?? ""
            names += "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
            lines += row(names, option.help)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func rootHelp(abstract: String, subcommands: [CommandSpec]) -> String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(tool) <subcommand>", "", "OPTIONS:"]
        lines += row("--version", "Show the version.")
        lines += row("-h, --help", "Show help information.")
        lines += ["", "SUBCOMMANDS:"]
        for command in subcommands { lines += row(command.name, command.abstract) }
        lines += ["", "  See '\(tool) help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n") + "\n"
    }

    static func usageError(_ error: UsageError) -> String {
        guard let command = error.command else {
            return "Error: \(error.message)\nUsage: \(tool) <subcommand>\n  See '\(tool) --help' for more information.\n"
        }
        return "Error: \(error.message)\nUsage: \(usage(command))\n  See '\(tool) \(command.name) --help' for more information.\n"
    }

    /// Words of `text` in lines of at most `width` characters.
    private static func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var current = indent
        for word in text.split(separator: " ") {
            if current.count > indent.count, current.count + 1 + word.count > width {
                lines.append(current)
                current = indent
            }
            current += (current.count > indent.count ? " " : "") + word
        }
        lines.append(current)
        return lines
    }

    /// `  name                    help…`, help wrapped at the width; a name
    /// too long for its column gets a line of its own.
    private static func row(_ name: String, _ help: String) -> [String] {
        var lines = wrap(help, indent: String(repeating: " ", count: nameColumn))
        let label = "  " + name
        if label.count >= nameColumn - 1 { return [label] + lines }
        lines[0] = label + lines[0].dropFirst(label.count)
        return lines
    }
}
