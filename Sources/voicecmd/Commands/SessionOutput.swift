import Foundation
import VoiceCommands

/// What `run` and `listen` print for each session event: JSON Lines, or
/// for people the questions and replies (and with `heard`, what was heard
/// and understood). Handler notes and dropped audio go to stderr.
enum SessionOutput {
    /// `showApplication` names the application of each intent in text, for
    /// when several are heard.
    static func print(_ event: SessionEvent, json: Bool, heard: Bool, showApplication: Bool = false) {
        switch event.kind {
        case .conversation(.note(let text)):
            printError("voicecmd: \(text)")
            return
        case .dropped(let frames):
            printError("voicecmd: dropped \(frames) frames (\(String(format: "%.2f", Double(frames) / 16_000)) s of audio): decoding fell behind")
        default:
            break
        }
        if json {
            StandardOutput.write(event.json.serialized)
        } else if let line = text(event, heard: heard, showApplication: showApplication) {
            StandardOutput.write(line)
        }
    }

    /// People see the questions and replies as they would hear them; with
    /// `heard`, also what was heard (with its time in the stream) and the intent.
    static func text(_ event: SessionEvent, heard: Bool, showApplication: Bool = false) -> String? {
        switch event.kind {
        case .transcript(let text, _, let accepted) where heard:
            let time = event.utterance.map { String(format: "[%.2f–%.2f s] ", $0.start, $0.end) } ?? ""
            return "\(time)\(text)" + (accepted ? "" : "  (not a command)")
        case .ignored(.speaking) where heard:
            let time = event.utterance.map { String(format: "[%.2f–%.2f s] ", $0.start, $0.end) } ?? ""
            return "\(time)(not heard: said while voicecmd was speaking)"
        case .wake(let phrase, _) where heard:
            let time = event.utterance.map { String(format: "[%.2f–%.2f s] ", $0.start, $0.end) } ?? ""
            return "\(time)(\(phrase))"
        case .conversation(.intent(let match)) where heard:
            return "  " + match.label(showApplication: showApplication)
        case .conversation(.card(let card)):
            // A card as a short block: the title, the summary, each value.
            let width = card.fields.map(\.title.count).max() ?? 0
            let fields = card.fields.map { "| " + ($0.title + ":").padding(toLength: width + 1, withPad: " ", startingAt: 0) + " " + $0.value }
            return (["+ " + card.title, "| " + card.summary] + fields).joined(separator: "\n")
        case .conversation(.prompt(let prompt)): return "? " + prompt.text
        case .conversation(.reply(let reply)): return reply.text
        default: return nil
        }
    }
}
