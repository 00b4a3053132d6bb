import PhraseMatcher

/// A parameter's value after resolution, with the words it came from.
public struct ResolvedValue: Sendable, Hashable {
    public var value: SlotValue
    /// What was said for it ("kitchen light"); empty for defaults.
    public var text: String

    public init(value: SlotValue, text: String) {
        self.value = value
        self.text = text
    }
}

/// What resolving one parameter found: SiriKit's resolution results.
public enum ResolutionResult: Sendable, Hashable {
    case success(ResolvedValue)
    /// Missing and required: ask the parameter's prompt.
    case needsValue
    /// Several values fit: ask which, offering these (entity or case ids).
    case disambiguation([String])
    /// A value heard with little confidence: ask "Did you mean …?".
    case confirmationRequired(ResolvedValue)
    /// Out of range or unknown: the reason, said to the user.
    case unsupported(reason: String)
    /// Optional, absent, no default.
    case notRequired
}

/// A question the conversation is waiting to have answered.
public struct Prompt: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// A missing value (the parameter's prompt).
        case needsValue
        /// Which of several values.
        case disambiguation
        /// "Did you mean …?" about one value.
        case confirmationRequired
        /// The intent's confirmation question before handling.
        case confirmation
        /// Which of several applications the request is for; the options
        /// are application names.
        case application
    }

    public var kind: Kind
    /// The parameter asked about; nil for the intent's confirmation.
    public var parameter: String?
    public var text: String
    /// For disambiguation: the ids offered, in the order said.
    public var options: [String]

    public init(kind: Kind, parameter: String?, text: String, options: [String] = []) {
        self.kind = kind
        self.parameter = parameter
        self.text = text
        self.options = options
    }
}

/// A reply said to the user.
public struct Reply: Sendable, Hashable {
    public var code: ReplyCode
    public var text: String

    public init(code: ReplyCode, text: String) {
        self.code = code
        self.text = text
    }
}

/// What a conversation reports as it goes, in order.
public enum ConversationEvent: Sendable {
    /// The intent understood, with its arguments as matched.
    case intent(Match)
    /// No intent fits what was said.
    case noIntent(String)
    case prompt(Prompt)
    /// An answer to a prompt, as given.
    case answer(String)
    case reply(Reply)
    /// What will be done, shown before the confirmation question.
    case card(SummaryCard)
    /// Something for the user's log, not to be said: why a handler failed.
    case note(String)
}

/// SiriKit's confirmation view: the intent's title, its summary with the
/// resolved values, and each value by its parameter's title.
public struct SummaryCard: Sendable, Hashable {
    public struct Field: Sendable, Hashable {
        /// The parameter's name, its title, and its value as said.
        public var parameter: String
        public var title: String
        public var value: String

        public init(parameter: String, title: String, value: String) {
            self.parameter = parameter
            self.title = title
            self.value = value
        }
    }

    public var title: String
    public var summary: String
    public var fields: [Field]

    public init(title: String, summary: String, fields: [Field]) {
        self.title = title
        self.summary = summary
        self.fields = fields
    }
}
