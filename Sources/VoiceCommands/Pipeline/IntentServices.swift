import PhraseMatcher

/// What an intent's handler is given: the intent and its resolved values.
public struct HandlerRequest: Sendable {
    public var intent: Intent
    /// By parameter name; absent optional parameters are missing.
    public var values: [String: ResolvedValue]
    /// The utterance the intent was heard in.
    public var text: String

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
    func handle(_ request: HandlerRequest, progress: (_ fields: [String: ReplyField]) -> Void) -> HandlerOutcome
}

/// Resolves one parameter in the application's own way (SiriKit's
/// `resolve…` methods); nil leaves it to the engine.
public protocol ParameterResolver: Sendable {
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
    case succeeded
    /// `reason` is for the user's log ("… timed out after 5 s"), not to be said.
    case refused(reason: String?)
}
