import Foundation
import PhraseMatcher

/// The engine an application embeds: the command model, the matcher
/// compiled from it, and the application's services (handlers, resolvers,
/// entity queries, authentication). Entity lists from queries are asked for
/// before every utterance; when they change, the matcher is rebuilt in place
/// and `onModelChange` lets a recogniser rebuild its grammar.
///
/// Use from one thread (or one actor) at a time.
public final class CommandEngine {
    public private(set) var model: CommandModel
    public private(set) var matcher: Matcher
    /// Counts the rebuilds of the model and matcher (entity lists changed),
    /// so whoever compiled something from them can tell it is behind.
    public private(set) var modelGeneration = 0
    /// Follow-up answers not understood before the conversation gives up.
    public var followUpAttempts = 2
    /// Speech confidence under which enum and entity values are checked
    /// with "Did you mean …?". Correct commands over kitchen noise measured
    /// 0.41–0.7 and rejection is at 0.3: only the doubtful band just above
    /// rejection is asked about, not every command said in a noisy room.
    public var confirmValuesBelow = 0.4
    /// Called after entity queries changed the model.
    public var onModelChange: ((CommandModel) -> Void)?

    private var queries: [String: any EntityQuery] = [:]
    private var handlers: [String: any IntentHandler] = [:]
    private var resolvers: [String: any ParameterResolver] = [:]
    /// Registered in code: authenticates for every application.
    private var authenticator: (any Authenticator)?
    /// Per application, until when its last authentication holds.
    private var authenticatedUntil: [String: Date] = [:]

    /// Checks a model made in code as the loader checks a file
    /// (`CommandModel.problems()`): a parameter of an undeclared type would
    /// otherwise never match, silently.
    public init(model: CommandModel) throws(ModelLoadError) {
        self.model = try model.checked()
        self.matcher = Matcher(model: model)
    }

    /// The engine of loaded models, sharing their matcher (not compiling another).
    public init(models: ModelSet) {
        self.model = models.model
        self.matcher = models.matcher
    }

    // MARK: Registration

    /// Entities of `typeName` come from `query` from now on; of that
    /// application's type, when several applications declare one of the name.
    public func register(_ query: any EntityQuery, forType typeName: String, in application: String? = nil) {
        let qualified = application.map { $0 + "." + typeName }
        queries[qualified.flatMap { model.type(named: $0)?.name } ?? typeName] = query
        refreshEntities()
    }

    /// Handles `intentName` in Swift instead of the model's program; only
    /// that application's, when `application` is given.
    public func register(_ handler: any IntentHandler, forIntent intentName: String, in application: String? = nil) {
        handlers[Self.key(intentName, application)] = handler
    }

    public func register(_ resolver: any ParameterResolver, forIntent intentName: String, in application: String? = nil) {
        resolvers[Self.key(intentName, application)] = resolver
    }

    /// Registrations are found by application and intent, then by intent alone.
    private static func key(_ intent: String, _ application: String?) -> String {
        application.map { $0 + "\u{0}" + intent } ?? intent
    }

    private func registered<Service>(_ services: [String: Service], for intent: Intent) -> Service? {
        services[Self.key(intent.name, model.application(of: intent).name)] ?? services[intent.name]
    }

    /// Replaces the `authenticate` programs of every application.
    public func register(_ authenticator: any Authenticator) { self.authenticator = authenticator }

    // MARK: Matching

    /// Matches one utterance, with entity lists as the queries give them now.
    public func match(_ text: String) -> MatchResult {
        refreshEntities()
        return matcher.match(text)
    }

    public func match(_ text: NormalizedText) -> MatchResult {
        refreshEntities()
        return matcher.match(text)
    }

    /// A conversation that reports what happens through `emit`.
    public func conversation(emit: @escaping (ConversationEvent) -> Void) -> Conversation {
        Conversation(engine: self, emit: emit)
    }

    /// Asks every entity query for its entities; rebuilds the matcher when a
    /// list changed. True when it did.
    @discardableResult
    public func refreshEntities() -> Bool {
        guard !queries.isEmpty else { return false }
        var changed = false
        var types = model.types
        for index in types.indices {
            guard let query = queries[types[index].name] else { continue }
            let entities = query.suggestedEntities()
            if case .entity(let current) = types[index].kind, current == entities { continue }
            types[index].kind = .entity(entities)
            changed = true
        }
        guard changed else { return false }
        model.types = types
        matcher = Matcher(model: model)
        modelGeneration += 1
        onModelChange?(model)
        return true
    }

    // MARK: What conversations use

    func handler(for intent: Intent) -> (any IntentHandler)? {
        registered(handlers, for: intent) ?? intent.handler.map(ProgramHandler.init)
    }

    func resolver(for intent: Intent) -> (any ParameterResolver)? { registered(resolvers, for: intent) }

    /// Entities of an entity type, as the model or its query lists them.
    func entities(ofType name: String) -> [Entity] {
        guard case .entity(let entities)? = model.type(named: name)?.kind else { return [] }
        return entities
    }

    /// Entities a spoken string may mean: the query's search, else the
    /// entities whose name or a synonym holds every word said.
    func searchEntities(ofType name: String, for text: String) -> [Entity] {
        if let query = queries[name] { return query.entities(matching: text) }
        let said = TextNormalizer.words(of: text)
        guard !said.isEmpty else { return [] }
        return entities(ofType: name).filter { entity in
            ([entity.name] + entity.synonyms).contains { NameResolution.holds(said, $0) }
        }
    }

    /// Whether an intent that needs authentication may run now: a recent
    /// success with its application is remembered for that application's
    /// `authenticationTimeout`.
    func ensureAuthenticated(for intent: Intent) -> Authentication {
        let application = model.application(of: intent)
        if let until = authenticatedUntil[application.name], Date() < until { return .succeeded }
        guard let authenticator = authenticator ?? application.authenticate.map(ProgramAuthenticator.init) else {
            return .refused(reason: nil)
        }
        let result = authenticator.authenticate()
        if result == .succeeded { authenticatedUntil[application.name] = Date().addingTimeInterval(application.authenticationTimeout) }
        return result
    }
}

/// Authenticates by running the model's `authenticate` program: exit 0 succeeds.
struct ProgramAuthenticator: Authenticator {
    var program: Handler

    init(_ program: Handler) { self.program = program }

    func authenticate() -> Authentication {
        let ending = ProgramRunner.run(program.arguments, input: Data(), environment: ProcessInfo.processInfo.environment,
                                       timeout: program.timeout, onLine: { _ in })
        if ending == .exited(0) { return .succeeded }
        return .refused(reason: "the authentication program " + ending.explanation(program: program.arguments.first ?? "",
                                                                                     timeout: program.timeout))
    }
}
