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

/// How handling ended: App Intents' `IntentResult`.
public struct HandlerOutcome: Sendable {
    /// `.success` or `.failure` (or any other code the handler chose).
    public var code: ReplyCode
    /// Fields for the reply template (`\(orderNumber)`).
    public var fields: [String: ReplyField]
    /// What to say instead of the model's reply for `code` (App Intents'
    /// `dialog`); nil says the model's reply.
    public var dialog: String?
    /// Why it failed, for the user's log (stderr), never said.
    public var detail: String?

    /// An outcome with `code`, and no fields, dialog or detail unless given.
    public init(code: ReplyCode, fields: [String: ReplyField] = [:], dialog: String? = nil, detail: String? = nil) {
        self.code = code
        self.fields = fields
        self.dialog = dialog
        self.detail = detail
    }

    /// Success, with fields for the reply or a dialog of its own.
    public static func success(fields: [String: ReplyField] = [:], dialog: String? = nil) -> HandlerOutcome {
        HandlerOutcome(code: .success, fields: fields, dialog: dialog)
    }
}

/// How a handler says its work has started and will take a while: each
/// call is an inProgress reply with these fields, said as soon as the
/// conversation's executor gets to it, and the final reply comes when
/// `handle` returns. Sendable, so work on any thread may report.
public struct HandlerProgress: Sendable {
    private let updates: AsyncStream<[String: ReplyField]>.Continuation

    init(_ updates: AsyncStream<[String: ReplyField]>.Continuation) { self.updates = updates }

    /// Reports that the work will take a while; `fields` fill the inProgress reply.
    public func callAsFunction(_ fields: [String: ReplyField] = [:]) {
        updates.yield(fields)
    }

    /// Handling is over: later reports are not said.
    func finish() { updates.finish() }
}

/// Handles an intent (App Intents' `perform()`). An error thrown is a
/// failure: the model's failure reply is said and the error goes to the log.
///
/// `handle` runs on the shared concurrency threads, as any async function
/// does: blocking work (a program, a device that takes seconds) belongs on
/// a thread of its own, as the model's programs run. It must not await the
/// `CommandSession` that runs it (`hear(text:)`, `noAnswer()`): the session
/// takes one turn at a time, and this turn is waiting for the handler.
public protocol IntentHandler: Sendable {
    /// Carries out `request` and says how it ended; calls `progress`, with
    /// fields for the inProgress reply, when the work will take a while.
    func handle(_ request: HandlerRequest, progress: HandlerProgress) async throws -> HandlerOutcome
}

/// Resolves one parameter in the application's own way (SiriKit's
/// `resolve…` methods); nil leaves it to the engine. An error thrown ends
/// the request as a failure.
public protocol ParameterResolver: Sendable {
    /// `parameter` resolved from `proposed` (the value matched, nil when none
    /// was said) and `text` (the words said for it); nil leaves it to the engine.
    func resolve(_ parameter: Parameter, proposed: SlotValue?, text: String, intent: Intent) async throws -> ResolutionResult?
}

/// Entities that change at run time (contacts, devices): App Intents'
/// `EntityStringQuery`. The engine matches the suggested entities' names,
/// asks again before every utterance, and searches by string when a
/// follow-up answer names one. When a query throws, the entities it gave
/// last stay, and the error goes to the log.
public protocol EntityQuery: Sendable {
    /// Entities whose names people may say now.
    func suggestedEntities() async throws -> [Entity]
    /// Entities that a spoken string ("Jones") may mean.
    func entities(matching text: String) async throws -> [Entity]
}

/// Decides whether the session may run intents that need authentication.
/// An error thrown refuses, with the error as the reason.
public protocol Authenticator: Sendable {
    /// Whether the user proved who they are, and if not, why.
    func authenticate() async throws -> Authentication
}

/// What an `Authenticator` decided.
public enum Authentication: Sendable, Equatable {
    /// The user proved who they are.
    case succeeded
    /// `reason` is for the user's log ("… timed out after 5 s"), not to be said.
    case refused(reason: String?)
}
