/// Something the application can do, with the phrases that ask for it.
public struct Intent: Sendable {
    /// The name handlers and replies are registered by.
    public var name: String
    /// The application it belongs to; empty for the model's first one.
    public var application: String = ""
    /// How it is shown (the summary card's title).
    public var title: String
    /// Its typed parameters, in order: resolved and asked for in this order.
    public var parameters: [Parameter]
    /// The example phrases it is matched by.
    public var phrases: [Phrase]
    /// Asked before handling ("Send \(content) to \(recipient)?").
    public var confirmation: String?
    /// What will be done, in words, with optional parts for optional
    /// parameters ("Order a \(size) \(beverage)"): shown before the
    /// confirmation, and asked as it when there is none.
    public var summary: String?
    /// Where the model declares it, for clash errors; nil when built in code.
    public var location: Diagnostic?
    /// Whether the session must authenticate before it is handled.
    public var requiresAuthentication: Bool
    /// The program run to handle it; nil when a handler in code (or none) does.
    public var handler: Handler?
    /// Reply template per response code ("success", "failure", …).
    public var replies: [String: String]

    /// An intent with phrases already parsed (`Phrase(_:)`).
    public init(name: String, title: String? = nil, parameters: [Parameter] = [], phrases: [Phrase],
                confirmation: String? = nil, requiresAuthentication: Bool = false, handler: Handler? = nil,
                replies: [String: String] = [:]) {
        self.name = name
        self.title = title ?? name
        self.parameters = parameters
        self.phrases = phrases
        self.confirmation = confirmation
        self.requiresAuthentication = requiresAuthentication
        self.handler = handler
        self.replies = replies
    }

    /// The parameter of that name; nil when it has none.
    public func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }
}

/// A typed parameter of an intent.
public struct Parameter: Sendable {
    /// The name phrases write as `\(name)`.
    public var name: String
    /// What its values are.
    public var type: ParameterType
    /// How questions and cards speak of it.
    public var title: String
    /// Asked when a required value is missing (App Intents' requestValueDialog).
    public var prompt: String?
    /// Asked for when missing (unless it has a default).
    public var isRequired: Bool
    /// The value when the utterance gives none.
    public var defaultValue: SlotValue?
    /// The smallest value taken (numbers, durations in seconds, money).
    public var minimum: Double?
    /// The largest value taken.
    public var maximum: Double?

    /// How a name without a title is spoken of: "partySize" and
    /// "party_size" → "party size" (an identifier is not said).
    public static func title(fromName name: String) -> String {
        var words: [String] = [], word = ""
        for character in name {
            if character == "_" || character == "-" || character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else if character.isUppercase, let last = word.last, last.isLowercase || last.isNumber {
                words.append(word)
                word = String(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.isEmpty ? name : words.map { $0.lowercased() }.joined(separator: " ")
    }

    /// Asked for when the utterance leaves it out: required, with no default.
    public var isAskedWhenMissing: Bool { isRequired && defaultValue == nil }

    /// A parameter `name` of type `type`.
    public init(name: String, type: ParameterType, title: String? = nil, prompt: String? = nil,
                isRequired: Bool = true, defaultValue: SlotValue? = nil, minimum: Double? = nil, maximum: Double? = nil) {
        self.name = name
        self.type = type
        self.title = title ?? Self.title(fromName: name)
        self.prompt = prompt
        self.isRequired = isRequired
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// What a parameter's words are read as.
public enum ParameterType: Sendable, Hashable {
    /// The built-in types: whole numbers, numbers, ordinals ("second"), durations (in seconds), money, free text, yes or no.
    case integer, number, ordinal, duration, currency, string, boolean
    /// An enum or entity type declared in the model.
    case custom(String)

    /// The built-in types by the name the model file uses.
    public static let builtIn: [String: ParameterType] = [
        "integer": .integer, "number": .number, "ordinal": .ordinal, "duration": .duration,
        "currency": .currency, "string": .string, "boolean": .boolean,
    ]

    /// The type's name as a model file writes it.
    public var name: String {
        switch self {
        case .integer: "integer"
        case .number: "number"
        case .ordinal: "ordinal"
        case .duration: "duration"
        case .currency: "currency"
        case .string: "string"
        case .boolean: "boolean"
        case .custom(let name): name
        }
    }
}

/// A program run to handle an intent (or to authenticate), never through a shell.
public struct Handler: Sendable, Hashable {
    /// The program and its arguments; `${parameter}` in an argument is replaced by that value.
    public var arguments: [String]
    /// Seconds the program may run before it is stopped.
    public var timeout: Double

    /// A program run with `arguments`, for at most `timeout` seconds.
    public init(arguments: [String], timeout: Double = 10) {
        self.arguments = arguments
        self.timeout = timeout
    }

    /// Where each `${name}` stands in one argument, in order.
    public static func placeholders(in argument: String) -> [(range: Range<String.Index>, name: String)] {
        var found: [(Range<String.Index>, String)] = []
        var rest = argument[...]
        while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            found.append((open.lowerBound..<argument.index(after: close), String(rest[open.upperBound..<close])))
            rest = rest[argument.index(after: close)...]
        }
        return found
    }
}

/// One example phrase, parsed.
public struct Phrase: Sendable {
    /// The phrase as written.
    public var text: String
    /// The phrase parsed.
    public var template: PhraseTemplate
    /// Where the phrase was written, for warnings about it; nil when built in code.
    public var location: Diagnostic?
    /// Values the phrase stands for without saying them: a personal
    /// shortcut's ("coffee time" → a large latte). A value said in the
    /// phrase's own slots comes first.
    public var presetArguments: [Argument]

    /// A phrase already parsed; `presetArguments` are the values a shortcut phrase stands for.
    public init(text: String, template: PhraseTemplate, location: Diagnostic? = nil, presetArguments: [Argument] = []) {
        self.text = text
        self.template = template
        self.location = location
        self.presetArguments = presetArguments
    }

    /// Parses a phrase written in code.
    public init(_ text: String) throws(ModelLoadError) {
        do {
            self.init(text: text, template: try TemplateParser.parse(text).template)
        } catch {
            throw .phrase(text, in: "phrase", error.message, offset: error.offset, length: error.length)
        }
    }
}
