/// Manual pages (roff, section 1) made from the same specs as `--help`, so
/// the two never disagree: `voicecmd manual` for the tool, `voicecmd manual
/// <subcommand>` for each subcommand (installed as voicecmd-<name>.1).
enum ManPage {
    static func root(abstract: String, subcommands: [CommandSpec], version: String) -> String {
        var lines = header("VOICECMD", version: version)
        lines += [".SH NAME", "voicecmd \\- " + escaped(abstract)]
        lines += [".SH SYNOPSIS", ".B voicecmd", "\\fIsubcommand\\fR [\\fIoptions\\fR]"]
        lines += [".SH DESCRIPTION", escaped("voicecmd hears speech offline, from recordings or a microphone, matches it against an "
                                              + "application's command model (intents, typed parameters and example phrases), asks what "
                                              + "is missing, and answers. Each subcommand has a page of its own.")]
        lines += [".SH SUBCOMMANDS"]
        for command in subcommands { lines += [".TP", "\\fB\(escaped(command.name))\\fR", escaped(command.abstract)] }
        lines += [".SH OPTIONS", ".TP", "\\fB\\-\\-version\\fR", "Show the version.", ".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR",
                  "Show help information."]
        lines += [".SH SEE ALSO", subcommands.map { "\\fBvoicecmd\\-\(escaped($0.name))\\fR(1)" }.joined(separator: ", ")]
        return lines.joined(separator: "\n") + "\n"
    }

    static func page(_ spec: CommandSpec, version: String) -> String {
        var lines = header("VOICECMD-" + spec.name.uppercased(), version: version)
        lines += [".SH NAME", "voicecmd\\-\(escaped(spec.name)) \\- " + escaped(spec.abstract)]
        lines += [".SH SYNOPSIS", ".B voicecmd \(escaped(spec.name))", synopsis(spec)]
        if let discussion = spec.discussion { lines += [".SH DESCRIPTION", escaped(discussion)] }
        if !spec.positionals.isEmpty {
            lines += [".SH ARGUMENTS"]
            for positional in spec.positionals {
                lines += [".TP", "\\fI\(escaped(positional.name))\\fR" + (positional.isRepeating ? " ..." : ""), escaped(positional.help)]
            }
        }
        lines += [".SH OPTIONS"]
        for option in spec.options + [CommandSpec.help] {
            var names = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
            names += "\\fB\\-\\-\(escaped(option.name))\\fR" + (option.valueName.map { " \\fI\(escaped($0))\\fR" } ?? "")
            lines += [".TP", names, escaped(option.help)]
        }
        lines += [".SH SEE ALSO", "\\fBvoicecmd\\fR(1)"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func header(_ title: String, version: String) -> [String] {
        [".TH \(title) 1 \"\" \"voicecmd \(version)\" \"User Commands\""]
    }

    private static func synopsis(_ spec: CommandSpec) -> String {
        var parts: [String] = []
        for option in spec.options {
            let value = option.valueName.map { " \\fI\(escaped($0))\\fR" } ?? ""
            parts.append("[\\fB\\-\\-\(escaped(option.name))\\fR\(value)]" + (option.repeats ? " ..." : ""))
        }
        for positional in spec.positionals {
            let text = "\\fI\(escaped(positional.name))\\fR" + (positional.isRepeating ? " ..." : "")
            parts.append(positional.isOptional ? "[\(text)]" : text)
        }
        return parts.joined(separator: " ")
    }

    /// Text as roff shows it: backslashes and hyphens escaped, and no line
    /// starting with a control character ("." or "'").
    static func escaped(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
