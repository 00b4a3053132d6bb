import VoiceCommands

/// `voicecmd match`: text in, best intent and arguments out.
enum MatchCommand: Subcommand {
    static let spec = CommandSpec(
        name: "match",
        abstract: "Match text to the best intent and its arguments.",
        discussion: "With no text, reads one utterance per line from standard input. Exits with 1 when an utterance matches no intent.",
        positionals: [.init(name: "text", help: "The utterance to match (several words, quoted or not).",
                            isRepeating: true, isOptional: true)],
        options: [.commands, .shortcuts,
                  .init(name: "all", short: nil, valueName: nil, help: "Print every candidate intent, best first."),
                  .init(name: "explain", short: nil, valueName: nil,
                        help: "For an utterance that matches no intent, show the nearest phrases and where each parts from it."),
                  .json]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let loaded = try ModelSource.load(arguments)
        let model = loaded.model, matcher = loaded.matcher
        let showApplication = model.applications.count > 1
        let json = arguments.has("json")
        let all = arguments.has("all")
        let explain = arguments.has("explain")
        var allMatched = true
        func handle(_ utterance: String) {
            let result = matcher.match(utterance)
            if result.best == nil { allMatched = false }
            guard !json else { return StandardOutput.write(result.json(allCandidates: all).serialized) }
            var text = MatchText.describe(result, allCandidates: all, showApplication: showApplication)
            if explain, result.best == nil {
                text += "\n" + MatchText.nearMisses(NearMisses.nearest(to: utterance, in: model), showApplication: showApplication)
            }
            StandardOutput.write(text)
        }
        if arguments.positionals.isEmpty {
            // Each answer goes out before the next line is read (a script
            // may be waiting for it), and a failed write ends the run.
            while let line = readLine() {
                if line.allSatisfy(\.isWhitespace) { continue }
                handle(line)
                try StandardOutput.check()
            }
        } else {
            handle(arguments.positionals.joined(separator: " "))
        }
        return allMatched ? 0 : 1
    }
}

/// Human-readable match output.
enum MatchText {
    /// `showApplication` names each intent's application ("Courier: SendMessage"),
    /// for when several are loaded.
    static func describe(_ result: MatchResult, allCandidates: Bool, showApplication: Bool = false) -> String {
        guard let best = result.best else { return "\(result.text)\n  no intent matches" }
        var lines = ["\(result.text)"]
        let shown = allCandidates ? result.candidates : [best]
        for (rank, match) in shown.enumerated() {
            let prefix = allCandidates ? "  \(rank + 1). " : "  "
            lines.append("\(prefix)\(match.label(showApplication: showApplication))  confidence \(formatConfidence(match.confidence))")
            for argument in match.arguments {
                let indent = allCandidates ? "       " : "    "
                var line = "\(indent)\(argument.name): "
                switch argument.value {
                case .ambiguousEntities(let ids): line += "one of \(ids.joined(separator: ", "))"
                default: line += argument.value.json.serialized
                }
                if argument.value != .text(argument.text) { line += "  (said \"\(argument.text)\")" }
                if argument.isOutOfRange { line += "  out of range" }
                lines.append(line)
            }
        }
        let tied = result.tiedApplications
        if !tied.isEmpty && !allCandidates { lines.append("  fits \(tied.joined(separator: " and ")) equally: the session asks which app") }
        return lines.joined(separator: "\n")
    }

    /// The nearest phrases of an utterance that matches none, and where each parts from it.
    static func nearMisses(_ misses: [NearMisses.NearMiss], showApplication: Bool) -> String {
        guard !misses.isEmpty else { return "  no phrase comes near" }
        var lines = ["  nearest phrases:"]
        for miss in misses {
            let intent = Match.label(application: miss.application, intent: miss.intent, showApplication: showApplication)
            let wanted = miss.expected.count > 4 ? miss.expected.prefix(4).joined(separator: ", ") + ", …" : miss.expected.joined(separator: " or ")
            let parting = miss.found.map { "expects \(wanted) where \"\($0)\" was said" } ?? "goes on with \(wanted) where the words end"
            let followed = miss.followed == 1 ? "1 word" : "\(miss.followed) words"
            lines.append("    \(intent)  \"\(miss.phrase)\": follows \(followed), then \(parting)")
        }
        return lines.joined(separator: "\n")
    }

    private static func formatConfidence(_ value: Double) -> String {
        String(Int((value * 100).rounded())) + "%"
    }
}

extension Match {
    /// "SendMessage", or "Courier: SendMessage" when several applications are heard.
    func label(showApplication: Bool) -> String { Self.label(application: application, intent: intent, showApplication: showApplication) }

    /// How every output names an intent: "Courier: SendMessage" when several applications are heard.
    static func label(application: String, intent: String, showApplication: Bool) -> String {
        showApplication ? "\(application): \(intent)" : intent
    }
}
