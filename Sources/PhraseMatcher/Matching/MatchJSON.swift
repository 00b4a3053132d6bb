extension SlotValue {
    /// The value as it appears in JSON output (command-model.md's table).
    public var json: JSONOutput {
        switch self {
        case .integer(let value), .ordinal(let value): .integer(value)
        case .number(let value): .number(value)
        case .duration(let seconds): .number(seconds)
        case .currency(let amount, let code): .object([("amount", .number(amount)), ("currency", .string(code))])
        case .boolean(let value): .bool(value)
        case .text(let text): .string(text)
        case .enumCase(let identifier): .string(identifier)
        case .entity(let id): .string(id)
        case .ambiguousEntities: .null
        }
    }
}

extension SlotValue {
    /// A value read back from its JSON: a whole number as an integer, any
    /// other number as a number, a string as text (enum cases and entities
    /// print as their identifiers), `{"amount", "currency"}` as money. Nil
    /// for null. What printed the same reads back the same.
    public init?(json: JSONOutput) {
        switch json {
        case .integer(let value): self = .integer(value)
        case .number(let value): self = value == value.rounded() && abs(value) < 1e15 ? .integer(Int(value)) : .number(value)
        case .string(let text): self = .text(text)
        case .bool(let value): self = .boolean(value)
        case .object:
            guard let amount = json["amount"]?.doubleValue, let code = json["currency"]?.stringValue else { return nil }
            self = .currency(amount: amount, code: code)
        case .array, .null: return nil
        }
    }
}

extension Argument {
    /// An argument read back from its JSON (`json`), named `name`.
    public init?(name: String, json: JSONOutput) {
        guard let text = json["text"]?.stringValue else { return nil }
        let candidates: [String]? = if case .array(let ids)? = json["candidates"] { ids.compactMap(\.stringValue) } else { nil }
        guard let value = candidates.map(SlotValue.ambiguousEntities) ?? json["value"].flatMap(SlotValue.init(json:)) else { return nil }
        self.init(name: name, value: value, text: text, isOutOfRange: json["outOfRange"] == .bool(true))
    }

    /// `{"value": …, "text": …}`, with the candidate ids when several
    /// entities fit and a flag when the value is out of range.
    public var json: JSONOutput {
        var members: [(String, JSONOutput)] = [("value", value.json), ("text", .string(text))]
        if case .ambiguousEntities(let ids) = value { members.append(("candidates", .array(ids.map(JSONOutput.string)))) }
        if isOutOfRange { members.append(("outOfRange", .bool(true))) }
        return .object(members)
    }
}

extension Match {
    /// The arguments as a JSON object keyed by parameter name.
    public var argumentsJSON: JSONOutput { .object(arguments.map { ($0.name, $0.json) }) }
}

extension MatchResult {
    /// The JSON line of `voicecmd match --json`; with `allCandidates`, every
    /// candidate is listed too.
    public func json(allCandidates: Bool = false) -> JSONOutput {
        guard let best else { return .object([("text", .string(text)), ("intent", .null)]) }
        var members: [(String, JSONOutput)] = [
            ("text", .string(text)), ("intent", .string(best.intent)), ("application", .string(best.application)),
            ("confidence", .number(best.confidence)), ("arguments", best.argumentsJSON),
        ]
        let tied = tiedApplications
        if !tied.isEmpty { members.append(("tiedApplications", .array(tied.map(JSONOutput.string)))) }
        if allCandidates {
            members.append(("candidates", .array(candidates.map { match in
                .object([("intent", .string(match.intent)), ("application", .string(match.application)), ("confidence", .number(match.confidence)),
                         ("arguments", match.argumentsJSON)])
            })))
        }
        return .object(members)
    }
}
