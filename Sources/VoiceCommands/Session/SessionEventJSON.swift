import PhraseMatcher

extension SessionEvent {
    /// The event as one JSON object, the line `voicecmd run --json` and
    /// `listen --json` print: `"event"` first, then the event's own
    /// members, then the utterance's `start` and `end` when it has one.
    /// Times and confidences are to two decimals.
    public var json: JSONOutput {
        var members: [(String, JSONOutput)]
        switch kind {
        case .transcript(let text, let confidence, let accepted):
            members = [("event", .string("transcript")), ("text", .string(text)), ("confidence", .hundredths(confidence))]
            if !accepted { members.append(("accepted", .bool(false))) }
        case .dropped(let frames):
            members = [("event", .string("dropped")), ("frames", .integer(frames))]
        case .ignored(let reason):
            members = [("event", .string("ignored")), ("reason", .string(reason.rawValue))]
        case .listening(let source):
            members = [("event", .string("listening")), ("source", .string(source))]
        case .wake(let phrase, let confidence):
            members = [("event", .string("wake")), ("phrase", .string(phrase))]
            if let confidence { members.append(("confidence", .hundredths(confidence))) }
        case .conversation(let conversationEvent):
            members = conversationEvent.jsonMembers
        }
        if let utterance {
            members += [("start", .hundredths(utterance.start)), ("end", .hundredths(utterance.end))]
        }
        return .object(members)
    }
}

extension ConversationEvent {
    /// The event's JSON members, `"event"` first (`SessionEvent.json`).
    public var jsonMembers: [(String, JSONOutput)] {
        switch self {
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
}
