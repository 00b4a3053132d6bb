import PhraseMatcher

/// One request, turn by turn: SiriKit's resolve → confirm → handle, asking
/// follow-up questions when a value is missing, ambiguous or doubtful.
///
/// Where answers come from is the caller's business (typed text, a voice
/// session): `start` with what was understood, then `answer` each prompt
/// until the state is `finished`. Events report everything said, in order.
///
/// Not Sendable: it belongs to whoever drives it. Its steps are async (the
/// application's resolvers, queries and handlers are) and run on the
/// caller's executor (`nonisolated(nonsending)`), so an actor can hold one.
/// One step at a time: a step called while another awaits (an actor
/// reentered during a handler) changes nothing and returns the state (an
/// empty inProgress reply while the first step has none yet).
public final class Conversation {
    /// Where a conversation is: waiting for an answer, or over.
    public enum State: Sendable, Equatable {
        /// Waiting for the answer to the prompt.
        case waiting(Prompt)
        /// Over, with the last reply said.
        case finished(Reply)
    }

    let engine: CommandEngine
    private let emit: (ConversationEvent) -> Void
    private(set) var intent: Intent?
    private var match: Match?
    /// While asking which application: the candidates that fit equally well.
    private var applicationCandidates: [Match] = []
    private var utterance = ""
    private var speechConfidence = 1.0
    private var values: [String: ResolvedValue] = [:]
    private var settled: Set<String> = []
    private var doubtfulValue: ResolvedValue?
    private var confirmed = false
    private var misunderstood = 0
    private var originalQuestion: String?
    /// Entities an entity query found for an answer, by id: named in prompts
    /// even when the query does not suggest them.
    private var searchedEntities: [String: Entity] = [:]
    /// The pending question's answer model (nil: free text) and its
    /// matcher, made once per question and engine model.
    private var answerLanguage: (prompt: Prompt, generation: Int, model: CommandModel?, matcher: Matcher)?
    /// Where the conversation is; nil before `start`.
    public private(set) var state: State?
    /// A step is running (awaiting the application's code).
    private var stepping = false
    /// What a step called during another returns.
    private var busyState: State { state ?? .finished(Reply(code: .inProgress, text: "")) }


    init(engine: CommandEngine, emit: @escaping (ConversationEvent) -> Void) {
        self.engine = engine
        self.emit = emit
    }

    private var renderer: ReplyRenderer { ReplyRenderer(model: engine.model, intent: intent) }

    /// Starts with what the matcher found. `confidence` is how sure speech
    /// recognition was (1 for typed text): below the engine's threshold,
    /// enum and entity values are confirmed first.
    @discardableResult
    public nonisolated(nonsending) func start(_ result: MatchResult, confidence: Double = 1) async -> State {
        guard !stepping else { return busyState }
        stepping = true
        defer { stepping = false }
        utterance = result.text
        speechConfidence = confidence
        guard let best = result.best, engine.model.intent(named: best.intent, in: best.application) != nil else {
            emit(.noIntent(result.text))
            return finish(.failure, text: "Sorry, I don't know how to help with that.")
        }
        // Siri's "which app?": two applications fit equally and neither was named.
        let tied = result.tiedApplications
        if tied.count > 1 {
            applicationCandidates = tied.compactMap { name in result.candidates.first { $0.application == name && $0.isTiedWithBest } }
            return ask(.application, nil, text: "Which app: \(SpokenFormat.list(tied))?", options: tied)
        }
        return await begin(best)
    }

    private nonisolated(nonsending) func begin(_ match: Match) async -> State {
        applicationCandidates = []
        self.intent = engine.model.intent(named: match.intent, in: match.application)
        self.match = match
        emit(.intent(match))
        return await advance()
    }

    /// What a spoken answer to the pending question may be (`AnswerLanguage`),
    /// as a model whose grammar the recogniser hears it with; nil when the
    /// answer is free text, which the language model hears.
    public func answerGrammar() -> CommandModel? { pendingAnswerLanguage()?.model }

    /// The matcher of `answerGrammar()`, compiled once per question: the
    /// recogniser borrows it rather than compiling its own.
    package func answerMatcher() -> Matcher? {
        pendingAnswerLanguage().flatMap { $0.model == nil ? nil : $0.matcher }
    }

    private func pendingAnswerLanguage() -> (model: CommandModel?, matcher: Matcher)? {
        guard case .waiting(let prompt)? = state else { return nil }
        if let known = answerLanguage, known.prompt == prompt, known.generation == engine.modelGeneration { return (known.model, known.matcher) }
        let parameter = prompt.parameter.flatMap { intent?.parameter(named: $0) }
        let model = AnswerLanguage.model(for: prompt, parameter: parameter, options: optionNames(prompt), in: engine.model)
        let matcher = model.map { Matcher(model: $0) } ?? Self.cancelOnly
        answerLanguage = (prompt, engine.modelGeneration, model, matcher)
        return (model, matcher)
    }

    /// A free-text question's answers that are not text: cancel.
    private static let cancelOnly = Matcher(model: AnswerLanguage.cancelOnly)

    /// Answers the pending prompt. `heard` is the recogniser's match of a
    /// spoken answer against `answerGrammar()`; typed text is matched
    /// against the same model here.
    @discardableResult
    public nonisolated(nonsending) func answer(_ text: String, heard: MatchResult? = nil) async -> State {
        guard !stepping else { return busyState }
        guard case .waiting(let prompt)? = state else { return state ?? finish(.failure) }
        stepping = true
        defer { stepping = false }
        emit(.answer(text))
        let reading = pendingAnswerLanguage().flatMap { language in
            Answer(reading: heard ?? language.matcher.match(text), options: optionNames(prompt))
        }
        if reading == .cancel { return finish(.canceled) }
        // Which app is asked before there is an intent.
        if prompt.kind == .application {
            guard case .choice(let index)? = reading, index < applicationCandidates.count else {
                return askAgain(prompt)
            }
            misunderstood = 0
            return await begin(applicationCandidates[index])
        }
        guard let intent else { return state ?? finish(.failure) }
        let parameter = prompt.parameter.flatMap(intent.parameter(named:))
        switch prompt.kind {
        case .needsValue:
            guard let parameter else { return askAgain(prompt) }
            let resolved: ResolutionResult?
            do {
                resolved = try await resolveAnswer(text, reading, for: parameter)
            } catch {
                return failed(error)
            }
            guard let result = resolved else { return askAgain(prompt) }
            // An answer out of range or unknown: say why and ask again.
            if case .unsupported(let reason) = result { return askAgain(prompt, because: reason) }
            misunderstood = 0
            if let asked = apply(result, to: parameter) { return asked }
        case .application:
            return askAgain(prompt)  // answered above
        case .disambiguation:
            guard let parameter else { return askAgain(prompt) }
            let offered = optionNames(prompt)
            if reading == .another, !candidatesLeft.isEmpty {
                misunderstood = 0
                // A disambiguation always asks; nil is never the answer here.
                return apply(.disambiguation(candidatesLeft), to: parameter) ?? askAgain(prompt)
            }
            guard case .choice(let index)? = reading, index < offered.count else { return askAgain(prompt) }
            misunderstood = 0
            let id = prompt.options[index]
            settle(parameter, ResolvedValue(value: value(id, type: parameter.type), text: offered[index].first ?? id))
        case .confirmationRequired:
            guard let parameter, let doubtful = doubtfulValue, reading == .yes || reading == .no else { return askAgain(prompt) }
            let yes = reading == .yes
            misunderstood = 0
            doubtfulValue = nil
            if yes {
                settle(parameter, doubtful)
            } else {
                return ask(.needsValue, parameter, text: valuePrompt(parameter))
            }
        case .confirmation:
            guard reading == .yes || reading == .no else { return askAgain(prompt) }
            guard reading == .yes else { return finish(.canceled, text: "Okay, I won't.") }
            misunderstood = 0
            confirmed = true
        }
        return await advance()
    }

    /// A new request came instead of an answer: this one is canceled, saying so.
    @discardableResult
    public func abandon() -> State {
        guard !stepping else { return busyState }
        guard case .waiting? = state else { return state ?? finish(.canceled) }
        return finish(.canceled)
    }

    /// No answer came in time: gives up, saying so.
    @discardableResult
    public func noAnswer() -> State {
        guard !stepping else { return busyState }
        guard case .waiting? = state else { return state ?? finish(.noAnswer) }
        return finish(.noAnswer)
    }

    // MARK: Stages

    private nonisolated(nonsending) func advance() async -> State {
        guard let intent else { return finish(.failure) }
        // 1. Resolve, in declaration order.
        for parameter in intent.parameters where !settled.contains(parameter.name) {
            do {
                if let asked = apply(try await resolve(parameter), to: parameter) { return asked }
            } catch {
                return failed(error)
            }
        }
        // 2. Confirm: the summary card and the intent's question (the
        // summary asked when there is none), then authentication right
        // before handling (no sign-in for a request the user then declines).
        if !confirmed, let summary = intent.summary.flatMap({ try? SummaryTemplate($0) }) {
            let card = SummaryCard(title: intent.title, summary: renderer.render(summary, values: values, asWritten: true), fields: cardFields(intent))
            emit(.card(card))
            let question = intent.confirmation.map { renderer.render($0, values: values) } ?? Self.question(renderer.render(summary, values: values, asWritten: false))
            return ask(.confirmation, nil, text: question)
        }
        if let question = intent.confirmation, !confirmed {
            return ask(.confirmation, nil, text: renderer.render(question, values: values))
        }
        if intent.requiresAuthentication, case .refused(let reason) = await engine.ensureAuthenticated(for: intent) {
            if let reason { emit(.note(reason)) }
            return finish(.requiresAuthentication)
        }
        // 3. Handle.
        guard let handler = engine.handler(for: intent) else { return finish(.success) }
        let request = HandlerRequest(intent: intent, values: values, text: utterance)
        let (updates, continuation) = AsyncStream.makeStream(of: [String: ReplyField].self)
        async let performed = Self.perform(handler, request, progress: HandlerProgress(continuation))
        // Progress is said here, on the conversation's executor, as it comes.
        for await fields in updates {
            emit(.reply(Reply(code: .inProgress, text: renderer.reply(.inProgress, intent: intent, values: values, fields: fields))))
        }
        switch await performed {
        case .success(let outcome):
            if let detail = outcome.detail { emit(.note(detail)) }
            return finish(outcome.code, fields: outcome.fields, text: outcome.dialog)
        case .failure(let error):
            return failed(error)
        }
    }

    /// The handler's work, ending its progress reports when it returns.
    private static func perform(_ handler: any IntentHandler, _ request: HandlerRequest,
                                progress: HandlerProgress) async -> Result<HandlerOutcome, any Error> {
        defer { progress.finish() }
        do {
            return .success(try await handler.handle(request, progress: progress))
        } catch {
            return .failure(error)
        }
    }

    /// The application's code (a handler, resolver or query) threw: the
    /// request fails, and the error goes to the log.
    private func failed(_ error: any Error) -> State {
        emit(.note("\(intent?.name ?? "the request") failed: \(error)"))
        return finish(.failure)
    }

    /// The most candidates a disambiguation question names.
    static let mostOffered = 5
    /// The candidates after those the last question offered, for "another".
    private var candidatesLeft: [String] = []

    /// A resolution result put into effect: nil to go on, or the question asked.
    private func apply(_ result: ResolutionResult, to parameter: Parameter) -> State? {
        switch result {
        case .success(let value):
            settle(parameter, value)
            return nil
        case .notRequired:
            settled.insert(parameter.name)
            return nil
        case .needsValue:
            return ask(.needsValue, parameter, text: valuePrompt(parameter))
        case .disambiguation(let ids):
            // A spoken list is heard whole only when short: the first few
            // are offered, and "another" stands for the rest (a name said
            // instead is looked for as an answer).
            let offered = Array(ids.prefix(Self.mostOffered))
            candidatesLeft = Array(ids.dropFirst(offered.count))
            let said = offered.map { names(of: $0, type: parameter.type).first ?? $0 } + (candidatesLeft.isEmpty ? [] : ["another"])
            let kind = engine.model.type(named: parameter.type.name)?.title ?? parameter.title
            return ask(.disambiguation, parameter, text: "Which \(kind.lowercased()): \(SpokenFormat.list(said))?", options: offered,
                       offersMore: !candidatesLeft.isEmpty)
        case .confirmationRequired(let value):
            doubtfulValue = value
            return ask(.confirmationRequired, parameter, text: "Did you mean \(renderer.spoken(value.value, saidAs: value.text, type: parameter.type))?")
        case .unsupported(let reason):
            return finish(.unsupported, text: reason)
        }
    }

    /// Each resolved value by its parameter's title, as said.
    private func cardFields(_ intent: Intent) -> [SummaryCard.Field] {
        intent.parameters.compactMap { parameter in
            guard let resolved = values[parameter.name] else { return nil }
            return SummaryCard.Field(parameter: parameter.name, title: parameter.title,
                                     value: renderer.spoken(resolved.value, saidAs: resolved.text, type: parameter.type))
        }
    }

    /// A summary asked as a question: "Order a large latte?".
    static func question(_ summary: String) -> String {
        var text = summary
        while let last = text.last, ".!?".contains(last) { text.removeLast() }
        return text + "?"
    }

    private func settle(_ parameter: Parameter, _ value: ResolvedValue) {
        values[parameter.name] = value
        settled.insert(parameter.name)
    }

    /// Resolution of a parameter from the utterance (or the application's resolver).
    private nonisolated(nonsending) func resolve(_ parameter: Parameter) async throws -> ResolutionResult {
        guard let intent else { return .notRequired }
        let argument = match?.argument(parameter.name)
        if let custom = try await engine.resolver(for: intent)?.resolve(parameter, proposed: argument?.value, text: argument?.text ?? "", intent: intent) {
            return custom
        }
        guard let argument else {
            if let value = parameter.defaultValue { return .success(ResolvedValue(value: value, text: "")) }
            return parameter.isRequired ? .needsValue : .notRequired
        }
        if case .ambiguousEntities(let ids) = argument.value { return .disambiguation(ids) }
        if let reason = rangeProblem(argument.value, parameter) { return .unsupported(reason: reason) }
        let resolved = ResolvedValue(value: argument.value, text: argument.text)
        if case .custom = parameter.type, speechConfidence < engine.confirmValuesBelow { return .confirmationRequired(resolved) }
        return .success(resolved)
    }

    /// An answer to a parameter's prompt as a resolution result; nil when
    /// the answer could not be read as a value of its type. A name the
    /// answer language did not take is searched for (an entity query's
    /// search, part of a name) and tried as a near miss.
    private nonisolated(nonsending) func resolveAnswer(_ text: String, _ reading: Answer?, for parameter: Parameter) async throws -> ResolutionResult? {
        switch (parameter.type, reading) {
        case (.string, _):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : .success(ResolvedValue(value: .text(trimmed), text: trimmed))
        case (.custom, .value(let argument)?):
            switch argument.value {
            case .ambiguousEntities(let ids): return .disambiguation(ids)
            case .entity(let id): return .success(ResolvedValue(value: .entity(id), text: names(of: id, type: parameter.type).first ?? argument.text))
            default: return .success(ResolvedValue(value: argument.value, text: text))
            }
        case (.custom(let typeName), _):
            return try await resolveNamedAnswer(text, parameter: parameter, typeName: typeName)
        case (_, .value(let argument)?):
            if let reason = rangeProblem(argument.value, parameter) { return .unsupported(reason: reason) }
            return .success(ResolvedValue(value: argument.value, text: argument.text))
        default:
            return nil
        }
    }

    private nonisolated(nonsending) func resolveNamedAnswer(_ text: String, parameter: Parameter, typeName: String) async throws -> ResolutionResult? {
        guard let type = engine.model.type(named: typeName) else { return nil }
        let said = TextNormalizer.words(of: text).filter { !AnswerLanguage.leadIn.contains($0) }.joined(separator: " ")
        guard !said.isEmpty else { return nil }
        switch type.kind {
        case .enumeration(let cases):
            let found = cases.filter { ([$0.title] + $0.synonyms).contains { TextNormalizer.words(of: $0).joined(separator: " ") == said } }
            if let only = found.first { return .success(ResolvedValue(value: .enumCase(only.identifier), text: text)) }
            if let close = NameResolution.closest(said, among: cases.map { ($0.identifier, [$0.title] + $0.synonyms) }) {
                return .confirmationRequired(ResolvedValue(value: .enumCase(close), text: text))
            }
            return .unsupported(reason: "Sorry, \(text) isn't \(SpokenFormat.withIndefiniteArticle(type.title.lowercased())) I know.")
        case .entity:
            let found = try await engine.searchEntities(ofType: typeName, for: said)
            for entity in found { searchedEntities[entity.id] = entity }
            if found.count == 1 { return .success(ResolvedValue(value: .entity(found[0].id), text: found[0].name)) }
            if found.count > 1 { return .disambiguation(found.map(\.id)) }
            let known = engine.entities(ofType: typeName)
            if let close = NameResolution.closest(said, among: known.map { ($0.id, [$0.name] + $0.synonyms) }) {
                return .confirmationRequired(ResolvedValue(value: .entity(close), text: text))
            }
            return .unsupported(reason: "Sorry, I don't know \(SpokenFormat.withIndefiniteArticle(type.title.lowercased())) called \(SpokenFormat.plainText(text)).")
        }
    }

    private func rangeProblem(_ value: SlotValue, _ parameter: Parameter) -> String? {
        let number: Double
        switch value {
        case .integer(let integer), .ordinal(let integer): number = Double(integer)
        case .number(let decimal): number = decimal
        case .duration(let seconds): number = seconds
        case .currency(let amount, _): number = amount
        default: return nil
        }
        let low = parameter.minimum, high = parameter.maximum
        guard (low.map { number < $0 } ?? false) || (high.map { number > $0 } ?? false) else { return nil }
        let name = "the " + parameter.title.lowercased()
        let has = SpokenFormat.isPlural(parameter.title) ? "have" : "has"
        switch (low, high) {
        case (let low?, let high?): return "Sorry, \(name) \(has) to be between \(SpokenFormat.number(low)) and \(SpokenFormat.number(high))."
        case (let low?, nil): return "Sorry, \(name) \(has) to be at least \(SpokenFormat.number(low))."
        case (nil, let high?): return "Sorry, \(name) can be at most \(SpokenFormat.number(high))."
        case (nil, nil): return nil
        }
    }

    // MARK: Questions and replies

    private func valuePrompt(_ parameter: Parameter) -> String {
        parameter.prompt ?? "What is the \(parameter.title.lowercased())?"
    }

    private func ask(_ kind: Prompt.Kind, _ parameter: Parameter?, text: String, options: [String] = [], offersMore: Bool = false) -> State {
        let prompt = Prompt(kind: kind, parameter: parameter?.name, text: text, options: options, offersMore: offersMore)
        originalQuestion = text
        emit(.prompt(prompt))
        state = .waiting(prompt)
        return state!
    }

    private func askAgain(_ prompt: Prompt, because reason: String? = nil) -> State {
        misunderstood += 1
        guard misunderstood < engine.followUpAttempts else {
            if let reason { return finish(.unsupported, text: reason) }
            return finish(.failure, text: "Sorry, I still didn't understand, so I've stopped.")
        }
        // The question as first asked, without an earlier "Sorry…".
        let question = originalQuestion ?? prompt.text
        var again = prompt
        if let reason {
            again.text = reason + " " + question
        } else {
            switch prompt.kind {
            case .confirmation, .confirmationRequired: again.text = "Sorry, was that a yes or a no? " + question
            case .needsValue, .disambiguation, .application: again.text = "Sorry, I didn't get that. " + question
            }
        }
        emit(.prompt(again))
        state = .waiting(again)
        return state!
    }

    private func finish(_ code: ReplyCode, fields: [String: ReplyField] = [:], text: String? = nil) -> State {
        let reply = Reply(code: code, text: text ?? renderer.reply(code, intent: intent, values: values, fields: fields))
        emit(.reply(reply))
        state = .finished(reply)
        return state!
    }

    /// What each option offered by a prompt may be called: an application
    /// by its name and synonyms, a value by its names.
    func optionNames(_ prompt: Prompt) -> [[String]] {
        if prompt.kind == .application {
            return prompt.options.map { engine.model.application(named: $0)?.names ?? [$0] }
        }
        guard let type = prompt.parameter.flatMap({ intent?.parameter(named: $0) })?.type else { return prompt.options.map { [$0] } }
        return prompt.options.map { names(of: $0, type: type) }
    }

    func names(of id: String, type: ParameterType) -> [String] {
        switch engine.model.type(named: type.name)?.kind {
        case .entity(let entities)?:
            (entities.first { $0.id == id } ?? searchedEntities[id]).map { [$0.name] + $0.synonyms } ?? [id]
        case .enumeration(let cases)?: cases.first { $0.identifier == id }.map { [$0.title] + $0.synonyms } ?? [id]
        case nil: [id]
        }
    }

    private func value(_ id: String, type: ParameterType) -> SlotValue {
        if case .enumeration? = engine.model.type(named: type.name)?.kind { return .enumCase(id) }
        return .entity(id)
    }
}
