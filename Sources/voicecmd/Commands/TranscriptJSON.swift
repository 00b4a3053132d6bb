import VoiceCommands

/// The output of `voicecmd transcribe`, as JSON Lines or text.
enum TranscriptJSON {
    static func line(file: String, _ transcript: Transcript, index: Int, count: Int) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("file", .string(file))]
        if count > 1 { members.append(("utterance", .integer(index + 1))) }
        members += [
            ("start", .number(rounded(transcript.start))), ("end", .number(rounded(transcript.end))),
            ("duration", .number(rounded(transcript.end - transcript.start))),
            ("text", .string(transcript.text)), ("confidence", .number(rounded(transcript.confidence))),
            ("words", .array(transcript.words.map { word in
                .object([("word", .string(word.word)), ("start", .number(rounded(word.start))), ("end", .number(rounded(word.end)))])
            })),
        ]
        if !transcript.alternatives.isEmpty { members.append(("alternatives", .array(transcript.alternatives.map(JSONOutput.string)))) }
        if let best = transcript.match?.best {
            members += [("intent", .string(best.intent)), ("application", .string(best.application)), ("arguments", best.argumentsJSON)]
        } else {
            members.append(("intent", .null))
        }
        return .object(members)
    }

    static func silence(file: String) -> JSONOutput {
        .object([("file", .string(file)), ("text", .string("")), ("words", .array([])), ("intent", .null)])
    }

    /// `showApplication` names the intent's application, for when several are heard.
    static func text(file: String, _ transcript: Transcript, showApplication: Bool = false) -> String {
        var lines = ["\(file) [\(String(format: "%.2f", transcript.start))–\(String(format: "%.2f", transcript.end)) s]: \(transcript.text)"]
        if let match = transcript.match, match.best != nil {
            lines.append(MatchText.describe(match, allCandidates: false, showApplication: showApplication).split(separator: "\n").dropFirst().joined(separator: "\n"))
        } else {
            lines.append("  no command")
        }
        for alternative in transcript.alternatives { lines.append("  or: \(alternative)") }
        return lines.joined(separator: "\n")
    }

    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
