/// Parses a subcommand's arguments with swift-argument-parser's conventions:
/// `--name value`, `--name=value`, `-x value`, flags, `--` to end options,
/// and `-` as an ordinary argument (standard input).
enum ArgumentParser {
    static func parse(_ arguments: ArraySlice<String>, for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var remaining = arguments[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            // An option's name holds no space: "-- --" said as a shortcut's
            // sentence is an argument, not an option nobody has (a value
            // after "=" may hold spaces: --wake="hey computer").
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") || argument.prefix(while: { $0 != "=" }).contains(where: \.isWhitespace) {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                parsed.positionalsBeforeSeparator = parsed.positionals.count
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard argument.count == 2, let short = argument.last,
                      let option = (spec.options + [CommandSpec.help]).first(where: { $0.short == short }) else {
                    throw UsageError(message: "Unknown option \(UsageError.quoted(argument))", command: spec)
                }
                name = option.name
            }
            guard let option = (spec.options + [CommandSpec.help]).first(where: { $0.name == name }) else {
                throw UsageError(message: "Unknown option \(UsageError.quoted(argument))", command: spec)
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil { throw UsageError(message: "The flag '--\(name)' does not take a value", command: spec) }
                parsed.flags.insert(name)
                continue
            }
            // The next argument is the value ("-1" too, for the value's own
            // check to judge), unless it is one of this command's options:
            // then the value was forgotten.
            guard let value = inlineValue ?? remaining.popFirst(), inlineValue != nil || !names(anOption: value, of: spec) else {
                throw UsageError(message: "Missing value for '--\(name) <\(valueName)>'", command: spec)
            }
            parsed.values[name, default: []].append(value)
        }
        if parsed.has("help") { return parsed }
        let required = spec.positionals.filter { !$0.isOptional }
        if parsed.positionals.count < required.count {
            let missing = required[parsed.positionals.count]
            throw UsageError(message: "Missing expected argument '<\(missing.name)>'", command: spec)
        }
        if !spec.positionals.contains(where: \.isRepeating), parsed.positionals.count > spec.positionals.count {
            throw UsageError(message: "Unexpected argument \(UsageError.quoted(parsed.positionals[spec.positionals.count]))", command: spec)
        }
        return parsed
    }

    /// Whether `argument` is `--`, or names an option or flag of `spec`.
    private static func names(anOption argument: String, of spec: CommandSpec) -> Bool {
        let options = spec.options + [CommandSpec.help]
        if argument == "--" { return true }
        if argument.hasPrefix("--") {
            let name = argument.dropFirst(2).split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return options.contains { $0.name == name }
        }
        return argument.count == 2 && argument.first == "-" && options.contains { $0.short == argument.last }
    }
}
