import PhraseMatcher

/// One request, turn by turn: SiriKit's resolve → confirm → handle, asking
/// follow-up questions when a value is missing, ambiguous or doubtful.
///
/// Where answers come from is the caller's business (typed text, a voice
/// session): `start` with what was understood, then `answer` each prompt
/// until the state is `finished`. Events report everything said, in order.
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


    init(engine: CommandEngine, emit: @escaping (ConversationEvent) -> Void) {
        self.engine = engine
        self.emit = emit
    }

    private var renderer: ReplyRenderer { ReplyRenderer(model: engine.model, intent: intent) }

    /// Starts with what the matcher found. `confidence` is how sure speech
    /// recognition was (1 for typed text): below the engine's threshold,
    /// enum and entity values are confirmed first.
    @discardableResult
    public func start(_ result: MatchResult, confidence: Double = 1) -> State {
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
        return begin(best)
    }

    private func begin(_ match: Match) -> State {
        applicationCandidates = []
        self.intent = engine.model.intent(named: match.intent, in: match.application)
        self.match = match
        emit(.intent(match))
        return advance()
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
    public func answer(_ text: String, heard: MatchResult? = nil) -> State {
        guard case .waiting(let prompt)? = state else { return state ?? finish(.failure) }
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
            return begin(applicationCandidates[index])
        }
        guard let intent else { return state ?? finish(.failure) }
        let parameter = prompt.parameter.flatMap(intent.parameter(named:))
        switch prompt.kind {
        case .needsValue:
            guard let parameter, let result = resolveAnswer(text, reading, for: parameter) else { return askAgain(prompt) }
            // An answer out of range or unknown: say why and ask again.
            if case .unsupported(let reason) = result { return askAgain(prompt, because: reason) }
            misunderstood = 0
            if let asked = apply(result, to: parameter) { return asked }
        case .application:
            return askAgain(prompt)  // answered above
        case .disambiguation:
            guard let parameter else { return askAgain(prompt) }
            let offered = optionNames(prompt)
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
        return advance()
    }

    /// A new request came instead of an answer: this one is canceled, saying so.
    @discardableResult
    public func abandon() -> State {
        guard case .waiting? = state else { return state ?? finish(.canceled) }
        return finish(.canceled)
    }

    /// No answer came in time: gives up, saying so.
    @discardableResult
    public func noAnswer() -> State {
        guard case .waiting? = state else { return state ?? finish(.noAnswer) }
        return finish(.noAnswer)
    }

    // MARK: Stages

    private func advance() -> State {
        guard let intent else { return finish(.failure) }
        // 1. Resolve, in declaration order.
        for parameter in intent.parameters where !settled.contains(parameter.name) {
            if let asked = apply(resolve(parameter), to: parameter) { return asked }
        }
        // 2. Confirm: the summary card and the intent's question (the
        // summary asked when there is none), then authentication right
        // before handling (no sign-in for a request the user then declines).
        if !confirmed, let summary = intent.summary.flatMap({ try? SummaryTemplate($0) }) {
            let card = SummaryCard(title: intent.title, summary: renderer.render(summary, values: values), fields: cardFields(intent))
            emit(.card(card))
            let question = intent.confirmation.map { renderer.render($0, values: values) } ?? Self.question(card.summary)
            return ask(.confirmation, nil, text: question)
        }
        if let question = intent.confirmation, !confirmed {
            return ask(.confirmation, nil, text: renderer.render(question, values: values))
        }
        if intent.requiresAuthentication, case .refused(let reason) = engine.ensureAuthenticated(for: intent) {
            if let reason { emit(.note(reason)) }
            return finish(.requiresAuthentication)
        }
        // 3. Handle.
        guard let handler = engine.handler(for: intent) else { return finish(.success) }
        let request = HandlerRequest(intent: intent, values: values, text: utterance)
        let outcome = handler.handle(request) { fields in
            emit(.reply(Reply(code: .inProgress, text: renderer.reply(.inProgress, intent: intent, values: values, fields: fields))))
        }
        if let detail = outcome.detail { emit(.note(detail)) }
        return finish(outcome.code, fields: outcome.fields)
    }

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
            let offered = ids.map { names(of: $0, type: parameter.type).first ?? $0 }
            let kind = engine.model.type(named: parameter.type.name)?.title ?? parameter.title
            return ask(.disambiguation, parameter, text: "Which \(kind.lowercased()): \(SpokenFormat.list(offered))?", options: ids)
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
    private func resolve(_ parameter: Parameter) -> ResolutionResult {
        guard let intent else { return .notRequired }
        let argument = match?.argument(parameter.name)
        if let custom = engine.resolver(for: intent)?.resolve(parameter, proposed: argument?.value, text: argument?.text ?? "", intent: intent) {
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
    private func resolveAnswer(_ text: String, _ reading: Answer?, for parameter: Parameter) -> ResolutionResult? {
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
            return resolveNamedAnswer(text, parameter: parameter, typeName: typeName)
        case (_, .value(let argument)?):
            if let reason = rangeProblem(argument.value, parameter) { return .unsupported(reason: reason) }
            return .success(ResolvedValue(value: argument.value, text: argument.text))
        default:
            return nil
        }
    }

    private func resolveNamedAnswer(_ text: String, parameter: Parameter, typeName: String) -> ResolutionResult? {
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
            return .unsupported(reason: "Sorry, \(text) isn't a \(type.title.lowercased()) I know.")
        case .entity:
            let found = engine.searchEntities(ofType: typeName, for: said)
            for entity in found { searchedEntities[entity.id] = entity }
            if found.count == 1 { return .success(ResolvedValue(value: .entity(found[0].id), text: found[0].name)) }
            if found.count > 1 { return .disambiguation(found.map(\.id)) }
            let known = engine.entities(ofType: typeName)
            if let close = NameResolution.closest(said, among: known.map { ($0.id, [$0.name] + $0.synonyms) }) {
                return .confirmationRequired(ResolvedValue(value: .entity(close), text: text))
            }
            return .unsupported(reason: "Sorry, I don't know a \(type.title.lowercased()) called \(SpokenFormat.plainText(text)).")
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
        switch (low, high) {
        case (let low?, let high?): return "Sorry, \(name) has to be between \(SpokenFormat.number(low)) and \(SpokenFormat.number(high))."
        case (let low?, nil): return "Sorry, \(name) has to be at least \(SpokenFormat.number(low))."
        case (nil, let high?): return "Sorry, \(name) can be at most \(SpokenFormat.number(high))."
        case (nil, nil): return nil
        }
    }

    // MARK: Questions and replies

    private func valuePrompt(_ parameter: Parameter) -> String {
        parameter.prompt ?? "What is the \(parameter.title.lowercased())?"
    }

    private func ask(_ kind: Prompt.Kind, _ parameter: Parameter?, text: String, options: [String] = []) -> State {
        let prompt = Prompt(kind: kind, parameter: parameter?.name, text: text, options: options)
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
