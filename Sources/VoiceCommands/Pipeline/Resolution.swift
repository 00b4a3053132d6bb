import PhraseMatcher

/// A parameter's value after resolution, with the words it came from.
public struct ResolvedValue: Sendable, Hashable {
    /// The parameter's value.
    public var value: SlotValue
    /// What was said for it ("kitchen light"); empty for defaults.
    public var text: String

    /// `value`, said as `text` (empty for a default).
    public init(value: SlotValue, text: String) {
        self.value = value
        self.text = text
    }
}

/// What resolving one parameter found: SiriKit's resolution results.
public enum ResolutionResult: Sendable, Hashable {
    /// Resolved: the value to use.
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
    /// What a prompt asks for.
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

    /// What it asks for.
    public var kind: Kind
    /// The parameter asked about; nil for the intent's confirmation.
    public var parameter: String?
    /// The question, as said to the user.
    public var text: String
    /// For disambiguation: the ids offered, in the order said.
    public var options: [String]
    /// For disambiguation: there are more candidates than those offered,
    /// and "another" asks about the next ones.
    public var offersMore: Bool

    /// A prompt of `kind`; `options` only for one that offers a choice.
    public init(kind: Kind, parameter: String?, text: String, options: [String] = [], offersMore: Bool = false) {
        self.kind = kind
        self.parameter = parameter
        self.text = text
        self.options = options
        self.offersMore = offersMore
    }
}

/// A reply said to the user.
public struct Reply: Sendable, Hashable {
    /// What became of the request.
    public var code: ReplyCode
    /// The words said.
    public var text: String

    /// A reply of `code` saying `text`.
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
    /// A question asked; the next answer is for it.
    case prompt(Prompt)
    /// An answer to a prompt, as given.
    case answer(String)
    /// A reply said to the user.
    case reply(Reply)
    /// What will be done, shown before the confirmation question.
    case card(SummaryCard)
    /// Something for the user's log, not to be said: why a handler failed.
    case note(String)
}

/// SiriKit's confirmation view: the intent's title, its summary with the
/// resolved values, and each value by its parameter's title.
public struct SummaryCard: Sendable, Hashable {
    /// One value on the card, under its parameter's title.
    public struct Field: Sendable, Hashable {
        /// The parameter's name, its title, and its value as said.
        public var parameter: String
        /// The parameter's title.
        public var title: String
        /// The value, as said.
        public var value: String

        /// The field of `parameter`, showing `value` under `title`.
        public init(parameter: String, title: String, value: String) {
            self.parameter = parameter
            self.title = title
            self.value = value
        }
    }

    /// The intent's title.
    public var title: String
    /// The intent's summary, with the resolved values filled in.
    public var summary: String
    /// Each value, under its parameter's title.
    public var fields: [Field]

    /// A card with `title`, `summary` and `fields`.
    public init(title: String, summary: String, fields: [Field]) {
        self.title = title
        self.summary = summary
        self.fields = fields
    }
}
