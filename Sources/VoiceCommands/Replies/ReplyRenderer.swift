import Foundation
import PhraseMatcher

/// Fills a reply template ("Your \(duration) timer is set.") with values said
/// the way a person says them, and supplies a reply for every code the model
/// leaves without one.
public struct ReplyRenderer: Sendable {
    /// The model whose replies, enum cases and entities are used.
    public let model: CommandModel
    /// The intent whose templates are rendered: its parameters' types say
    /// where a case or entity id is looked up (two applications may use one id).
    public let intent: Intent?

    /// A renderer for `model`; `intent`, when given, says where ids are looked up.
    public init(model: CommandModel, intent: Intent? = nil) {
        self.model = model
        self.intent = intent
    }

    /// A value as spoken: enum cases by title, entities by name, numbers,
    /// durations, money and ordinals in words. `attributive` is the form
    /// before a noun ("a five minute timer").
    /// `type`, when known, is where an enum case or entity id is looked up.
    public func spoken(_ value: SlotValue, saidAs text: String? = nil, attributive: Bool = false, type: ParameterType? = nil) -> String {
        let declared = type.flatMap { model.type(named: $0.name) }
        return switch value {
        case .integer(let number): SpokenFormat.integer(number)
        case .number(let number): SpokenFormat.number(number)
        case .ordinal(let number): SpokenFormat.ordinal(number)
        case .duration(let seconds): SpokenFormat.duration(seconds: seconds, attributive: attributive)
        case .currency(let amount, let code): SpokenFormat.money(amount: amount, code: code)
        // "on"/"off", "yes"/"no": the words said fit the sentence best.
        case .boolean(let flag): text.flatMap { $0.isEmpty ? nil : SpokenFormat.plainText($0) } ?? (flag ? "yes" : "no")
        case .text(let words): SpokenFormat.plainText(words)
        case .enumCase(let identifier): enumTitle(identifier, in: declared) ?? SpokenFormat.plainText(identifier)
        case .entity(let id): entityName(id, in: declared) ?? SpokenFormat.plainText(id)
        case .ambiguousEntities(let ids): SpokenFormat.list(ids.map { entityName($0, in: declared) ?? $0 })
        }
    }

    /// The template with each `\(name)` replaced by the parameter's value or
    /// the handler's output field of that name (parameters first). A name
    /// with neither is left out, and the spacing around it closed up.
    public func render(_ template: String, values: [String: ResolvedValue], fields: [String: ReplyField] = [:]) -> String {
        render(template, values: values, fields: fields, literalsAsWritten: false)
    }

    /// `literalsAsWritten`: the template's own text is kept as written (a
    /// card shows it), not put into words to be said ("%" → "percent").
    private func render(_ template: String, values: [String: ResolvedValue], fields: [String: ReplyField],
                        literalsAsWritten: Bool) -> String {
        let literal = { (text: Substring) in literalsAsWritten ? String(text) : Self.spokenLiteral(text) }
        var output = ""
        var rest = Substring(template)
        while let open = rest.range(of: "\\(") {
            output += literal(rest[..<open.lowerBound])
            guard let close = rest[open.upperBound...].firstIndex(of: ")") else {
                output += rest[open.lowerBound...]
                rest = ""
                break
            }
            let name = rest[open.upperBound..<close].trimmingCharacters(in: .whitespaces)
            let after = rest[rest.index(after: close)...]
            // "Your \(duration) timer": a value between a determiner and a word qualifies it.
            let before = output.split(separator: " ").last.map { $0.lowercased() } ?? ""
            let attributive = Self.determiners.contains(before) && after.first == " " && after.dropFirst().first?.isLetter == true
            if let resolved = values[name] {
                output += spoken(resolved.value, saidAs: resolved.text, attributive: attributive, type: intent?.parameter(named: name)?.type)
            } else if let field = fields[name] {
                output += field.spoken
            }
            rest = after
        }
        output += literal(rest)
        return Self.tidy(output)
    }

    /// A summary with the resolved values: an optional part is said only
    /// when every value in it is known. `asWritten`: for a card, the
    /// summary's own text kept as written; else in words to be said.
    package func render(_ summary: SummaryTemplate, values: [String: ResolvedValue], asWritten: Bool) -> String {
        // The summary as a reply template: an optional part whose value is
        // missing is dropped whole; a missing value outside one is left out
        // as in replies.
        func written(_ parts: [SummaryTemplate.Part], optional: Bool) -> String? {
            var text = ""
            for part in parts {
                switch part {
                case .text(let words): text += words
                case .value(let name):
                    if optional && values[name] == nil { return nil }
                    text += "\\(" + name + ")"
                case .optional(let inner): text += written(inner, optional: true) ?? ""
                }
            }
            return text
        }
        return render(written(summary.parts, optional: false) ?? "", values: values, fields: [:], literalsAsWritten: asWritten)
    }

    /// The reply for `code`: the intent's own, else a plain default.
    public func reply(_ code: ReplyCode, intent: Intent?, values: [String: ResolvedValue], fields: [String: ReplyField] = [:]) -> String {
        if let template = intent?.replies[code.rawValue] { return render(template, values: values, fields: fields) }
        return code.defaultReply
    }

    private func enumTitle(_ identifier: String, in declared: CustomType?) -> String? {
        for type in declared.map({ [$0] }) ?? model.types {
            if case .enumeration(let cases) = type.kind, let found = cases.first(where: { $0.identifier == identifier }) {
                return found.title
            }
        }
        return nil
    }

    func entityName(_ id: String, in declared: CustomType? = nil) -> String? {
        for type in declared.map({ [$0] }) ?? model.types {
            if case .entity(let entities) = type.kind, let found = entities.first(where: { $0.id == id }) { return found.name }
        }
        return nil
    }

    /// The template's own words, held to the same rule as values: no digits,
    /// symbols or markup (spacing at the edges kept, values go there).
    static func spokenLiteral(_ text: Substring) -> String {
        let spoken = SpokenFormat.plainText(String(text))
        guard !spoken.isEmpty else { return text.isEmpty ? "" : " " }
        return (text.first == " " ? " " : "") + spoken + (text.last == " " ? " " : "")
    }

    static let determiners: Set<String> = ["a", "an", "the", "your", "my", "this", "that", "our", "their", "his", "her", "its"]

    /// Collapses the spaces a left-out value leaves, and any before punctuation.
    static func tidy(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for mark in [".", ",", "?", "!", ":", ";"] { words = words.replacingOccurrences(of: " " + mark, with: mark) }
        return words
    }
}

/// A field a handler printed for the reply (`{"orderNumber": 42}`).
public enum ReplyField: Sendable, Hashable {
    /// Text, said as plain text (markup dropped, numbers in words).
    case text(String)
    /// A number, said in words.
    case number(Double)
    /// A flag, said as "yes" or "no".
    case bool(Bool)

    /// The field as said in a reply.
    public var spoken: String {
        switch self {
        case .text(let text): SpokenFormat.plainText(text)
        case .number(let number): SpokenFormat.number(number)
        case .bool(let flag): flag ? "yes" : "no"
        }
    }
}

/// What became of a request: SiriKit's response codes, and the two ways a
/// conversation ends without one (the user cancelled, or never answered).
public enum ReplyCode: String, Sendable, CaseIterable {
    /// SiriKit's codes, then `canceled` and `noAnswer`; `inProgress` means
    /// the work has started and the final reply is still to come.
    case success, failure, inProgress, requiresAuthentication, unsupported, canceled, noAnswer

    /// Said when the model gives no reply for the code.
    public var defaultReply: String {
        switch self {
        case .success: "Okay, done."
        case .failure: "Sorry, that didn't work."
        case .inProgress: "Working on it."
        case .requiresAuthentication: "You need to sign in before I can do that."
        case .unsupported: "Sorry, I can't do that."
        case .canceled: "Okay, I've canceled that."
        case .noAnswer: "I didn't hear an answer, so I've stopped."
        }
    }
}
