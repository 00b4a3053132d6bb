import VoiceCommands

/// The text `voicecmd transcribe` prints for people (its JSON is
/// `Transcript.json`).
enum TranscriptText {
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
}
