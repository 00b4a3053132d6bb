/// Shell completions made from the subcommands' specs, as swift-argument-
/// parser makes them: subcommands, their options (with help in zsh and
/// fish), files for options that take a file or folder and for arguments.
enum CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell, subcommands: [CommandSpec]) -> String {
        switch shell {
        case .bash: bash(subcommands)
        case .zsh: zsh(subcommands)
        case .fish: fish(subcommands)
        }
    }

    /// What an option's value is, for completing it.
    private enum ValueKind { case none, file, folder, other }

    private static func kind(_ option: CommandSpec.Option) -> ValueKind {
        switch option.valueName {
        case nil: .none
        case "dir", "folder": .folder
        case "file", "clip", "path": .file
        default: .other
        }
    }

    private static func bash(_ subcommands: [CommandSpec]) -> String {
        var lines = ["# bash completion for voicecmd (voicecmd completions bash)", "_voicecmd() {",
                     "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
                     "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
                     "        COMPREPLY=($(compgen -W \"\(subcommands.map(\.name).joined(separator: " ")) help --help --version\" -- \"$cur\"))",
                     "        return",
                     "    fi",
                     "    case \"${COMP_WORDS[1]}\" in"]
        for spec in subcommands {
            let options = spec.options + [CommandSpec.help]
            lines.append("        \(spec.name))")
            let spellings = { (option: CommandSpec.Option) in ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? []) }
            let files = options.filter { kind($0) == .file }.flatMap(spellings)
            let folders = options.filter { kind($0) == .folder }.flatMap(spellings)
            let others = options.filter { kind($0) == .other }.flatMap(spellings)
            lines.append("            case \"$prev\" in")
            if !files.isEmpty { lines.append("                \(files.joined(separator: "|"))) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;") }
            if !folders.isEmpty { lines.append("                \(folders.joined(separator: "|"))) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;") }
            if !others.isEmpty { lines.append("                \(others.joined(separator: "|"))) return ;;") }
            lines.append("            esac")
            let words = options.map { "--" + $0.name } + options.compactMap { $0.short.map { "-\($0)" } }
            lines.append("            if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))")
            lines.append(spec.positionals.isEmpty ? "            fi ;;" : "            else COMPREPLY=($(compgen -f -- \"$cur\")); fi ;;")
        }
        lines += ["    esac", "}", "complete -o filenames -F _voicecmd voicecmd"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zsh(_ subcommands: [CommandSpec]) -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        func described(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
                .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
        }
        var lines = ["#compdef voicecmd", "# zsh completion for voicecmd (voicecmd completions zsh)", "_voicecmd() {",
                     "    local -a subcommands", "    subcommands=("]
        for spec in subcommands { lines.append("        " + quoted("\(spec.name):\(described(spec.abstract))")) }
        lines += ["    )", "    if (( CURRENT == 2 )); then", "        _describe 'subcommand' subcommands", "        return", "    fi",
                  "    case $words[2] in"]
        for spec in subcommands {
            var arguments: [String] = []
            for option in spec.options + [CommandSpec.help] {
                let help = described(option.help)
                let value: String
                switch kind(option) {
                case .none: value = ""
                case .file: value = ":\(option.valueName ?? "file"):_files"
                case .folder: value = ":\(option.valueName ?? "dir"):_files -/"
                case .other: value = ":\(option.valueName ?? "value"): "
                }
                let names = option.short.map { "{-\($0),--\(option.name)}" } ?? "--\(option.name)"
                let repeats = option.repeats ? "*" : ""
                arguments.append(option.short == nil ? quoted("\(repeats)\(names)[\(help)]\(value)")
                                                     : "\(repeats.isEmpty ? "" : "'*'")\(names)" + quoted("[\(help)]\(value)"))
            }
            if !spec.positionals.isEmpty { arguments.append(quoted("*:argument:_files")) }
            lines.append("        \(spec.name)) _arguments -s \\")
            lines += arguments.enumerated().map { "            \($1)" + ($0 == arguments.count - 1 ? " ;;" : " \\") }
        }
        lines += ["    esac", "}", "_voicecmd \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fish(_ subcommands: [CommandSpec]) -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        let names = subcommands.map(\.name).joined(separator: " ")
        var lines = ["# fish completion for voicecmd (voicecmd completions fish)", "complete -c voicecmd -f"]
        for spec in subcommands {
            lines.append("complete -c voicecmd -n \"not __fish_seen_subcommand_from \(names)\" -a \(spec.name) -d \(quoted(spec.abstract))")
        }
        for spec in subcommands {
            let when = "-n \"__fish_seen_subcommand_from \(spec.name)\""
            for option in spec.options + [CommandSpec.help] {
                var line = "complete -c voicecmd \(when) -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                switch kind(option) {
                case .none: break
                case .file: line += " -r -F"
                case .folder: line += " -r -a '(__fish_complete_directories)'"
                case .other: line += " -r"
                }
                lines.append(line + " -d \(quoted(option.help))")
            }
            if !spec.positionals.isEmpty { lines.append("complete -c voicecmd \(when) -F") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
