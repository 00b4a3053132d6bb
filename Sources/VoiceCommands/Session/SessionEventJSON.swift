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

/// Events encode as their `json` and decode from it, so a line `voicecmd
/// --json` printed reads back as the event. Decoding is as exact as the
/// JSON: a value reads back as what prints the same (an enum case as its
/// identifier's text, a duration as its seconds), arguments come in the
/// decoder's order (JSON objects have none), and a span's endpointing
/// moment, which is not printed, is the moment of decoding.
extension SessionEvent: Codable {
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }

    public init(from decoder: any Decoder) throws {
        let json = try JSONOutput(from: decoder)
        func corrupt(_ what: String) -> DecodingError {
            DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a session event \(what)"))
        }
        func string(_ key: String) throws -> String {
            guard let value = json[key]?.stringValue else { throw corrupt("needs the string \"\(key)\"") }
            return value
        }
        func number(_ key: String) throws -> Double {
            guard let value = json[key]?.doubleValue else { throw corrupt("needs the number \"\(key)\"") }
            return value
        }
        let kind: Kind
        switch try string("event") {
        case "listening": kind = .listening(source: try string("source"))
        case "wake": kind = .wake(phrase: try string("phrase"), confidence: json["confidence"]?.doubleValue)
        case "transcript":
            kind = .transcript(text: try string("text"), confidence: try number("confidence"), accepted: json["accepted"] != .bool(false))
        case "dropped": kind = .dropped(frames: Int(try number("frames")))
        case "ignored":
            guard let reason = IgnoredReason(rawValue: try string("reason")) else { throw corrupt("has an unknown \"reason\"") }
            kind = .ignored(reason: reason)
        case "intent":
            if json["intent"] == .null {
                kind = .conversation(.noIntent(try string("text")))
            } else {
                guard case .object(let members)? = json["arguments"] else { throw corrupt("needs the object \"arguments\"") }
                let arguments = try members.map { name, value in
                    guard let argument = Argument(name: name, json: value) else { throw corrupt("has an unreadable argument \"\(name)\"") }
                    return argument
                }
                kind = .conversation(.intent(Match(intent: try string("intent"), application: try string("application"), arguments: arguments)))
            }
        case "prompt":
            guard let promptKind = Prompt.Kind(rawValue: try string("kind")) else { throw corrupt("has an unknown prompt \"kind\"") }
            let options: [String] = if case .array(let ids)? = json["options"] { ids.compactMap(\.stringValue) } else { [] }
            kind = .conversation(.prompt(Prompt(kind: promptKind, parameter: json["parameter"]?.stringValue, text: try string("text"), options: options)))
        case "answer": kind = .conversation(.answer(try string("text")))
        case "reply":
            guard let code = ReplyCode(rawValue: try string("code")) else { throw corrupt("has an unknown reply \"code\"") }
            kind = .conversation(.reply(Reply(code: code, text: try string("text"))))
        case "card":
            let fields: [SummaryCard.Field] = if case .array(let items)? = json["fields"] {
                items.compactMap { item in
                    guard let parameter = item["parameter"]?.stringValue, let title = item["title"]?.stringValue,
                          let value = item["value"]?.stringValue else { return nil }
                    return SummaryCard.Field(parameter: parameter, title: title, value: value)
                }
            } else { [] }
            kind = .conversation(.card(SummaryCard(title: try string("title"), summary: try string("summary"), fields: fields)))
        case "note": kind = .conversation(.note(try string("text")))
        case let other: throw corrupt("of an unknown kind \"\(other)\"")
        }
        let span = try json["start"].map { _ in SpeechSpan(start: try number("start"), end: try number("end"), endpointed: .now) }
        self.init(kind, utterance: span)
    }
}
