import Foundation
import PhraseMatcher
import Synchronization

/// The engine an application embeds: the command model, the matcher
/// compiled from it, and the application's services (handlers, resolvers,
/// entity queries, authentication). Entity lists from queries are asked for
/// before every utterance; when they change, the matcher is rebuilt in place
/// and `onModelChange` lets a recogniser rebuild its grammar.
///
/// Sendable: its state is behind a lock, and the services it calls
/// (queries, handlers) are called outside it.
public final class CommandEngine: Sendable {
    private struct State {
        var model: CommandModel
        var matcher: Matcher
        var modelGeneration = 0
        /// Refreshes started, and the latest whose lists are in the model:
        /// an earlier refresh that finishes later holds older lists.
        var refreshesStarted = 0
        var refreshApplied = 0
        var followUpAttempts = 2
        var confirmValuesBelow = 0.4
        var onModelChange: (@Sendable (CommandModel) -> Void)?
        /// What each generation changed, oldest first: an entity change, or
        /// nil for a rebuild (a query's new list) that only the whole model says.
        var changes: [(generation: Int, change: EntityChange?)] = []
        var queries: [String: any EntityQuery] = [:]
        var handlers: [String: any IntentHandler] = [:]
        var resolvers: [String: any ParameterResolver] = [:]
        var authenticator: (any Authenticator)?
        var authenticatedUntil: [String: Date] = [:]
    }
    private let state: Mutex<State>

    /// The command model, with entity lists as the queries last gave them.
    public var model: CommandModel { state.withLock { $0.model } }
    /// The matcher compiled from `model`, rebuilt when entity lists change.
    public var matcher: Matcher { state.withLock { $0.matcher } }
    /// Counts the rebuilds of the model and matcher (entity lists changed),
    /// so whoever compiled something from them can tell it is behind.
    public var modelGeneration: Int { state.withLock { $0.modelGeneration } }
    /// Follow-up answers not understood before the conversation gives up.
    public var followUpAttempts: Int {
        get { state.withLock { $0.followUpAttempts } }
        set { state.withLock { $0.followUpAttempts = newValue } }
    }
    /// Speech confidence under which enum and entity values are checked
    /// with "Did you mean …?". Correct commands over kitchen noise measured
    /// 0.41–0.7 and rejection is at 0.3: only the doubtful band just above
    /// rejection is asked about, not every command said in a noisy room.
    public var confirmValuesBelow: Double {
        get { state.withLock { $0.confirmValuesBelow } }
        set { state.withLock { $0.confirmValuesBelow = newValue } }
    }
    /// Called after entity queries changed the model.
    public var onModelChange: (@Sendable (CommandModel) -> Void)? {
        get { state.withLock { $0.onModelChange } }
        set { state.withLock { $0.onModelChange = newValue } }
    }

    /// Checks a model made in code as the loader checks a file
    /// (`CommandModel.problems()`): a parameter of an undeclared type would
    /// otherwise never match, silently.
    public init(model: CommandModel) throws(ModelLoadError) {
        let checked = try model.checked()
        state = Mutex(State(model: checked, matcher: Matcher(model: checked)))
    }

    /// The engine of loaded models, sharing their matcher (not compiling another).
    public init(models: ModelSet) {
        state = Mutex(State(model: models.model, matcher: models.matcher))
    }

    // MARK: Registration

    /// Entities of `typeName` come from `query` from now on (asked for at
    /// the next match, or by `refreshEntities()`); of that application's
    /// type, when several applications declare one of the name.
    public func register(_ query: any EntityQuery, forType typeName: String, in application: String? = nil) {
        state.withLock { state in
            let qualified = application.map { $0 + "." + typeName }
            state.queries[qualified.flatMap { state.model.type(named: $0)?.name } ?? typeName] = query
        }
    }

    /// Handles `intentName` in Swift instead of the model's program; only
    /// that application's, when `application` is given.
    public func register(_ handler: any IntentHandler, forIntent intentName: String, in application: String? = nil) {
        state.withLock { $0.handlers[Self.key(intentName, application)] = handler }
    }

    /// Lets `resolver` resolve the parameters of `intentName` before the engine
    /// does; only that application's, when `application` is given.
    public func register(_ resolver: any ParameterResolver, forIntent intentName: String, in application: String? = nil) {
        state.withLock { $0.resolvers[Self.key(intentName, application)] = resolver }
    }

    /// Registrations are found by application and intent, then by intent alone.
    private static func key(_ intent: String, _ application: String?) -> String {
        application.map { $0 + "\u{0}" + intent } ?? intent
    }

    private static func registered<Service>(_ services: [String: Service], for intent: Intent, in model: CommandModel) -> Service? {
        services[key(intent.name, model.application(of: intent).name)] ?? services[intent.name]
    }

    /// Replaces the `authenticate` programs of every application.
    public func register(_ authenticator: any Authenticator) { state.withLock { $0.authenticator = authenticator } }

    // MARK: Matching

    /// Matches one utterance, with entity lists as the queries give them now.
    public func match(_ text: String) async -> MatchResult {
        await refreshEntities()
        return matcher.match(text)
    }

    /// Matches one utterance already split into words (a recogniser's), with
    /// entity lists as the queries give them now.
    public func match(_ text: NormalizedText) async -> MatchResult {
        await refreshEntities()
        return matcher.match(text)
    }

    /// A conversation that reports what happens through `emit`.
    public func conversation(emit: @escaping (ConversationEvent) -> Void) -> Conversation {
        Conversation(engine: self, emit: emit)
    }

    /// What asking the entity queries found.
    public struct EntityRefresh: Sendable, Equatable {
        /// Whether a list changed, and with it the model and matcher.
        public var changed = false
        /// A line for the log for each query that threw; its type keeps
        /// the entities it had.
        public var failures: [String] = []
    }

    /// Asks every entity query for its entities (outside the lock: a query
    /// is the application's code); rebuilds the matcher when a list changed.
    /// Refreshes may overlap (sessions and tasks share the engine): the
    /// lists of the one that started last win, whichever finishes first.
    @discardableResult
    public func refreshEntities() async -> EntityRefresh {
        let (queries, ticket) = state.withLock { state in
            state.refreshesStarted += 1
            return (state.queries, state.refreshesStarted)
        }
        var refresh = EntityRefresh()
        guard !queries.isEmpty else { return refresh }
        var lists: [String: [Entity]] = [:]
        for (name, query) in queries.sorted(by: { $0.key < $1.key }) {
            do {
                lists[name] = try await query.suggestedEntities()
            } catch {
                refresh.failures.append("the entity query for \(name) failed: \(error)")
            }
        }
        // The matcher is compiled outside the lock; a refresh that committed
        // meanwhile means compiling again on top of its model.
        while true {
            let (current, generation, applied) = state.withLock { ($0.model, $0.modelGeneration, $0.refreshApplied) }
            guard ticket > applied else { return refresh }
            var model = current
            var changed = false
            for index in model.types.indices {
                guard let entities = lists[model.types[index].name] else { continue }
                if case .entity(let known) = model.types[index].kind, known == entities { continue }
                model.types[index].kind = .entity(entities)
                changed = true
            }
            let matcher = changed ? Matcher(model: model) : nil
            let outcome = state.withLock { state -> (committed: Bool, notify: (@Sendable (CommandModel) -> Void)?) in
                guard state.modelGeneration == generation else { return (false, nil) }
                state.refreshApplied = max(state.refreshApplied, ticket)
                guard let matcher else { return (true, nil) }
                state.model = model
                state.matcher = matcher
                state.modelGeneration += 1
                Self.record(nil, in: &state)
                return (true, state.onModelChange)
            }
            guard outcome.committed else { continue }
            refresh.changed = changed
            outcome.notify?(model)
            return refresh
        }
    }

    // MARK: Changing entities in place

    /// One change to an entity type's list.
    public struct EntityChange: Sendable, Equatable {
        /// The entity type.
        public var type: String
        /// Ids of the entities removed.
        public var removed: Set<String>
        /// Entities added; one whose id was there replaces it (a rename).
        public var added: [Entity]

        /// A change to `type`: the ids `removed`, the entities `added`.
        public init(type: String, removed: Set<String> = [], added: [Entity] = []) {
            self.type = type
            self.removed = removed
            self.added = added
        }
    }

    /// Adds, removes or renames entities of a type, as SiriKit's vocabulary
    /// is pushed: for a long list (a phone's contacts) that changes a few
    /// at a time, where asking a query for the whole list before every
    /// utterance would compare it in full. The matcher changes only the
    /// type's names (milliseconds for 100,000), and a session's recogniser
    /// follows before the next utterance, without rebuilding its search.
    /// Returns false, changing nothing, when the model has no entity type
    /// of that name.
    @discardableResult
    public func changeEntities(_ change: EntityChange) -> Bool {
        // The matcher is changed outside the lock (matching goes on
        // meanwhile); a change committed meanwhile means changing again on top of it.
        while true {
            let (current, generation) = state.withLock { ($0.matcher, $0.modelGeneration) }
            guard let matcher = current.changingEntities(ofType: change.type, removing: change.removed, adding: change.added) else {
                return false
            }
            let outcome = state.withLock { state -> (committed: Bool, notify: (@Sendable (CommandModel) -> Void)?) in
                guard state.modelGeneration == generation else { return (false, nil) }
                state.model = matcher.model
                state.matcher = matcher
                state.modelGeneration += 1
                Self.record(change, in: &state)
                return (true, state.onModelChange)
            }
            guard outcome.committed else { continue }
            outcome.notify?(matcher.model)
            return true
        }
    }

    /// The model and matcher now, and the entity changes that led to them
    /// from `generation` (nil when something else changed them since, or
    /// the changes are too old to be kept): what a recogniser compiled at
    /// `generation` needs to catch up.
    public func entityChanges(since generation: Int) -> (changes: [EntityChange]?, matcher: Matcher, generation: Int) {
        state.withLock { state in
            let needed = state.changes.filter { $0.generation > generation }
            let complete = needed.count == state.modelGeneration - generation && needed.allSatisfy { $0.change != nil }
            return (complete ? needed.compactMap(\.change) : nil, state.matcher, state.modelGeneration)
        }
    }

    /// The most changes kept for `entityChanges(since:)`.
    static let changesKept = 256

    private static func record(_ change: EntityChange?, in state: inout State) {
        state.changes.append((state.modelGeneration, change))
        if state.changes.count > changesKept { state.changes.removeFirst(state.changes.count - changesKept) }
    }

    // MARK: What conversations use

    func handler(for intent: Intent) -> (any IntentHandler)? {
        state.withLock { Self.registered($0.handlers, for: intent, in: $0.model) } ?? intent.handler.map(ProgramHandler.init)
    }

    func resolver(for intent: Intent) -> (any ParameterResolver)? {
        state.withLock { Self.registered($0.resolvers, for: intent, in: $0.model) }
    }

    /// Entities of an entity type, as the model or its query lists them.
    func entities(ofType name: String) -> [Entity] {
        guard case .entity(let entities)? = model.type(named: name)?.kind else { return [] }
        return entities
    }

    /// Entities a spoken string may mean: the query's search, else the
    /// entities whose name or a synonym holds every word said.
    func searchEntities(ofType name: String, for text: String) async throws -> [Entity] {
        if let query = state.withLock({ $0.queries[name] }) { return try await query.entities(matching: text) }
        let said = TextNormalizer.words(of: text)
        guard !said.isEmpty else { return [] }
        return entities(ofType: name).filter { entity in
            ([entity.name] + entity.synonyms).contains { NameResolution.holds(said, $0) }
        }
    }

    /// Whether an intent that needs authentication may run now: a recent
    /// success with its application is remembered for that application's
    /// `authenticationTimeout`.
    func ensureAuthenticated(for intent: Intent) async -> Authentication {
        let (application, until, registered) = state.withLock { state in
            let application = state.model.application(of: intent)
            return (application, state.authenticatedUntil[application.name], state.authenticator)
        }
        if let until, Date() < until { return .succeeded }
        guard let authenticator = registered ?? application.authenticate.map(ProgramAuthenticator.init) else {
            return .refused(reason: nil)
        }
        let result: Authentication
        do {
            result = try await authenticator.authenticate()
        } catch {
            result = .refused(reason: "authentication failed: \(error)")
        }
        if result == .succeeded {
            state.withLock { $0.authenticatedUntil[application.name] = Date().addingTimeInterval(application.authenticationTimeout) }
        }
        return result
    }
}

/// Authenticates by running the model's `authenticate` program: exit 0 succeeds.
struct ProgramAuthenticator: Authenticator {
    var program: Handler

    init(_ program: Handler) { self.program = program }

    func authenticate() async -> Authentication {
        await BlockingWork.run(named: "voicecmd authenticate", authenticateBlocking)
    }

    /// `authenticate`, on the calling thread, for as long as the program runs.
    func authenticateBlocking() -> Authentication {
        let ending = ProgramRunner.run(program.arguments, input: Data(), environment: ProcessInfo.processInfo.environment,
                                       timeout: program.timeout, onLine: { _ in })
        if ending == .exited(0) { return .succeeded }
        return .refused(reason: "the authentication program " + ending.explanation(program: program.arguments.first ?? "",
                                                                                     timeout: program.timeout))
    }
}
