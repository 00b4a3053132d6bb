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
            StandardOutput.write(self.json(event).serialized)
        } else if let line = text(event, heard: heard, showApplication: showApplication) {
            StandardOutput.write(line)
        }
    }

    static func json(_ event: SessionEvent) -> JSONOutput {
        var members: [(String, JSONOutput)]
        switch event.kind {
        case .transcript(let text, let confidence, let accepted):
            members = [("event", .string("transcript")), ("text", .string(text)), ("confidence", .number(rounded(confidence)))]
            if !accepted { members.append(("accepted", .bool(false))) }
        case .dropped(let frames):
            members = [("event", .string("dropped")), ("frames", .integer(frames))]
        case .ignored(let reason):
            members = [("event", .string("ignored")), ("reason", .string(reason.rawValue))]
        case .listening(let source):
            members = [("event", .string("listening")), ("source", .string(source))]
        case .wake(let phrase, let confidence):
            members = [("event", .string("wake")), ("phrase", .string(phrase))]
            if let confidence { members.append(("confidence", .number(rounded(confidence)))) }
        case .conversation(let conversationEvent):
            members = conversation(conversationEvent)
        }
        if let span = event.utterance {
            members += [("start", .number(rounded(span.start))), ("end", .number(rounded(span.end)))]
        }
        return .object(members)
    }

    private static func conversation(_ event: ConversationEvent) -> [(String, JSONOutput)] {
        switch event {
        case .intent(let match):
            return [("event", .string("intent")), ("intent", .string(match.intent)), ("application", .string(match.application)),
                    ("arguments", match.argumentsJSON)]
        case .noIntent(let text):
            return [("event", .string("intent")), ("intent", .null), ("text", .string(text))]
        case .prompt(let prompt):
            var members: [(String, JSONOutput)] = [("event", .string("prompt")), ("kind", .string(prompt.kind.rawValue)),
                                                   ("parameter", prompt.parameter.map(JSONOutput.string) ?? .null),
                                                   ("text", .string(prompt.text))]
            if !prompt.options.isEmpty { members.append(("options", .array(prompt.options.map(JSONOutput.string)))) }
            return members
        case .answer(let text):
            return [("event", .string("answer")), ("text", .string(text))]
        case .reply(let reply):
            return [("event", .string("reply")), ("code", .string(reply.code.rawValue)), ("text", .string(reply.text))]
        case .card(let card):
            return [("event", .string("card")), ("title", .string(card.title)), ("summary", .string(card.summary)),
                    ("fields", .array(card.fields.map { field in
                        .object([("parameter", .string(field.parameter)), ("title", .string(field.title)), ("value", .string(field.value))])
                    }))]
        case .note(let text):
            return [("event", .string("note")), ("text", .string(text))]
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

    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
