import VoiceCommands

/// The text `voicecmd transcribe` prints for people (its JSON is
/// `Transcript.json`).
enum TranscriptText {
    /// `showApplication` names the intent's application, for when several are heard.
    static func text(file: String, _ transcript: Transcript, showApplication: Bool = false) -> String {
        var lines = ["\(file) [\(String(format: "%.2f", transcript.start))–\(String(format: "%.2f", transcript.end)) s]: \(transcript.text)"]
        if let match = transcript.match, match.best != nil {
            lines.append(MatchText.describe(match, allCandidates: false, showApplication: showApplication).split(separator: "\n").dropFirst().joined(separator: "\n"))
        } else if let needed = transcript.rejectedBelow {
            lines.append(String(format: "  no command: heard with confidence %.2f, below the %.2f a command needs", transcript.confidence, needed))
        } else {
            lines.append(transcript.text.isEmpty ? "  no command" : "  no command: the words fit no phrase")
        }
        for alternative in transcript.alternatives { lines.append("  or: \(alternative)") }
        return lines.joined(separator: "\n")
    }
}
