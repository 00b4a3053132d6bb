import PhraseMatcher

/// What an intent's handler is given: the intent and its resolved values.
public struct HandlerRequest: Sendable {
    /// The intent to carry out.
    public var intent: Intent
    /// By parameter name; absent optional parameters are missing.
    public var values: [String: ResolvedValue]
    /// The utterance the intent was heard in.
    public var text: String

    /// A request for `intent` with its resolved `values`, heard in `text`.
    public init(intent: Intent, values: [String: ResolvedValue], text: String) {
        self.intent = intent
        self.values = values
        self.text = text
    }
}

/// How handling ended.
public struct HandlerOutcome: Sendable {
    /// `.success` or `.failure` (or any other code the handler chose).
    public var code: ReplyCode
    /// Fields for the reply template (`\(orderNumber)`).
    public var fields: [String: ReplyField]
    /// Why it failed, for the user's log (stderr), never said.
    public var detail: String?

    /// An outcome with `code`, and no fields or detail unless given.
    public init(code: ReplyCode, fields: [String: ReplyField] = [:], detail: String? = nil) {
        self.code = code
        self.fields = fields
        self.detail = detail
    }
}

/// Handles an intent (App Intents' `perform`). `progress` says the work has
/// started and will take a while: the inProgress reply is given at once,
/// the final one when `handle` returns.
public protocol IntentHandler: Sendable {
    /// Carries out `request` and says how it ended; calls `progress`, with
    /// fields for the inProgress reply, when the work will take a while.
    func handle(_ request: HandlerRequest, progress: (_ fields: [String: ReplyField]) -> Void) -> HandlerOutcome
}

/// Resolves one parameter in the application's own way (SiriKit's
/// `resolve…` methods); nil leaves it to the engine.
public protocol ParameterResolver: Sendable {
    /// `parameter` resolved from `proposed` (the value matched, nil when none
    /// was said) and `text` (the words said for it); nil leaves it to the engine.
    func resolve(_ parameter: Parameter, proposed: SlotValue?, text: String, intent: Intent) -> ResolutionResult?
}

/// Entities that change at run time (contacts, devices): App Intents'
/// `EntityStringQuery`. The engine matches the suggested entities' names,
/// asks again before every utterance, and searches by string when a
/// follow-up answer names one.
public protocol EntityQuery: Sendable {
    /// Entities whose names people may say now.
    func suggestedEntities() -> [Entity]
    /// Entities that a spoken string ("Jones") may mean.
    func entities(matching text: String) -> [Entity]
}

/// Decides whether the session may run intents that need authentication.
public protocol Authenticator: Sendable {
    /// Whether the user proved who they are, and if not, why.
    func authenticate() -> Authentication
}

/// What an `Authenticator` decided.
public enum Authentication: Sendable, Equatable {
    /// The user proved who they are.
    case succeeded
    /// `reason` is for the user's log ("… timed out after 5 s"), not to be said.
    case refused(reason: String?)
}
