import Foundation
import Synchronization
import PhraseMatcher
import SpeechFront

/// Typed answers to follow-up questions, one line at a time.
public protocol TypedAnswerSource: Sendable {
    /// The next answer; nil at the end of input or after `timeout` seconds.
    func next(timeout: Double) -> String?
}

extension StandardInputLines: TypedAnswerSource {}

/// The turn loop: an utterance comes in (typed, or heard in a stream),
/// is matched, resolved, confirmed and handled, and answered with a reply
/// or a follow-up question; the next utterance is the answer to that
/// question, or a new command. Typed text and speech go through the same
/// turn; `voicecmd run`, `voicecmd listen` and an embedding application
/// are wiring around it.
///
/// The session owns the engine (and so the matcher) and the recogniser,
/// which borrows the engine's matcher; both live on the session's own
/// thread. Audio is read and endpointed elsewhere, so a handler that takes
/// seconds does not stop the audio from being read and buffered.
public actor CommandSession {
    /// How a session waits for answers, holds utterances, wakes and stops.
    public struct Settings: Sendable {
        /// Seconds to wait for an answer (of typed input, or of stream time).
        public var answerTimeout: Double = 30
        /// Utterances (and notes) waiting for their turn; beyond this the
        /// reading is held back, and a live source drops audio in its
        /// bounded queue, counted and reported.
        public var pendingUtteranceLimit = 32
        /// With a wake phrase, only what follows it is a command: in the same
        /// breath, or the next utterance within `wakeWindow` seconds.
        /// Answers to a question need no wake phrase. Without one, every
        /// utterance is a command.
        public var wake: WakePhrase?
        /// How long after a wake phrase said alone the next command may start.
        public var wakeWindow: Double = 8
        /// After `stop()`, the utterance in progress ends at the first pause
        /// this long (seconds) …
        public var closingSilence: Double = 0.5
        /// … or after this many seconds of stream, whichever comes first.
        public var stopGrace: Double = 3

        /// The defaults.
        public init() {}
    }

    private let executor = ThreadExecutor(name: "voicecmd session")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// The settings it was made with.
    public let settings: Settings
    /// What the session is doing now (hearing, thinking) and the input
    /// level, for a live display.
    public nonisolated let status = ListeningStatus()
    private let engine: CommandEngine
    private let recognizer: CommandRecognizer?
    private let emit: @Sendable (SessionEvent) -> Void
    /// The stream of `events(from:)`, which also hears every event.
    nonisolated let subscriber: EventSubscriber
    private var conversation: Conversation?
    /// The utterance whose turn is running (nil for typed text).
    private let turn = Turn()
    /// Stream time of the question now waiting for an answer.
    private var askedAt: Double?
    private var reader: Task<Void, Never>?
    /// The listening in progress, for `stop()`, which is not isolated to
    /// the session: Ctrl-C must take effect while a turn is busy.
    private nonisolated let listening = Mutex<ListeningControl>(ListeningControl())
    /// The utterance that led to the question now waiting.
    private var questionSpan: SpeechSpan?
    /// The engine's model generation the recogniser's grammar was built for.
    private var recognizerGeneration = 0
    /// Stream time at which a wake phrase said alone ended: the next
    /// utterance (within the wake window) is a command. The status shows it.
    private var awakeAt: Double? {
        didSet { status.setAwake(awakeAt != nil) }
    }
    /// Whether the wake window has passed (for the status only: a command
    /// that began inside it may still be on its way).
    private func wakeWindowPassed(at position: Double) -> Bool {
        guard let awakeAt else { return false }
        return position - awakeAt > settings.wakeWindow
    }
    /// Wake phrases heard (and announced) in the last minute of the
    /// stream, for the utterances they are in: what follows one in the
    /// same breath is a command.
    private var heardWakes: [WakeDetection] = []
    /// Candidates the first check turned down, for a second look when
    /// their utterance has ended.
    private var doubtfulWakes: [WakeCandidate] = []

    /// `speech` (the recogniser's options) is needed for audio only: with
    /// it, the session builds a recogniser for the engine's model that
    /// borrows the engine's matcher. `modelPath` locates the model's
    /// pronunciation overrides. `events` hears every event as it happens;
    /// or leave it out and iterate `events(from:)`.
    public init(engine: CommandEngine, speech: CommandRecognizer.Options? = nil, modelPath: String? = nil,
                settings: Settings = Settings(), events: @escaping @Sendable (SessionEvent) -> Void = { _ in }) throws(SpeechError) {
        // Entity queries are asked before the first utterance is decoded
        // (an init cannot await them): a query's list costs that utterance
        // one rebuild of the grammar.
        if let speech {
            recognizer = try CommandRecognizer(model: engine.model, matcher: engine.matcher, modelPath: modelPath, options: speech)
            recognizerGeneration = engine.modelGeneration
            if let wake = settings.wake { try recognizer?.setWakePhrase(wake) }
        } else {
            recognizer = nil
        }
        self.engine = engine
        self.settings = settings
        let subscriber = EventSubscriber()
        self.subscriber = subscriber
        self.emit = { event in
            events(event)
            subscriber.yield(event)
        }
    }

    /// The question waiting for an answer, if any.
    public var pendingQuestion: Prompt? {
        if case .waiting(let prompt)? = conversation?.state { return prompt }
        return nil
    }

    /// How the last request ended, once it has.
    public var lastReply: Reply? {
        if case .finished(let reply)? = conversation?.state { return reply }
        return nil
    }

    // MARK: Typed text

    /// One typed utterance: a new command, or the answer to the pending question.
    @discardableResult
    public func hear(text: String) async -> Prompt? {
        await beginTurn()
        defer { endTurn() }
        // A command typed while a question waits is a new request, as one
        // said is: when it is a command and no answer the question takes.
        // Typed free text (a message) is always the answer: it may read as
        // a command ("turn off the light") and still be what to send.
        if let conversation, pendingQuestion != nil, let answers = conversation.answerMatcher(),
           engine.matcher.match(text).best != nil, answers.match(text).best == nil {
            withEvents(nil) { conversation.abandon() }
        }
        await take(text, confidence: 1, match: nil, span: nil)
        return pendingQuestion
    }

    /// A command and its follow-up answers, typed: answers come from
    /// `answers` until the request is finished; none in time gives up.
    /// Returns how the request ended.
    public func converse(_ text: String, answers: some TypedAnswerSource) async -> Reply? {
        await hear(text: text)
        while pendingQuestion != nil {
            guard let line = answers.next(timeout: settings.answerTimeout) else {
                await noAnswer()
                break
            }
            await hear(text: line)
        }
        return lastReply
    }

    /// No answer came: the pending question is given up.
    public func noAnswer(span: SpeechSpan? = nil) async {
        await beginTurn()
        defer { endTurn() }
        giveUp(span: span)
    }

    private func giveUp(span: SpeechSpan?) {
        guard let conversation, pendingQuestion != nil else { return }
        withEvents(span) { conversation.noAnswer() }
        askedAt = nil
        questionSpan = nil
    }

    // MARK: Speech

    /// Listens to `source` until it ends or `stop()` is called: utterances
    /// are cut by the one utterance path (`UtteranceCutter`, with the
    /// recogniser's `utterances` settings, as `transcribe` cuts a
    /// recording) and taken in turn, each decoded with the grammar of what
    /// it may be (a command, or an answer to the question just asked).
    /// Throws when the audio cannot be read, after the utterances heard
    /// before the failure have had their turns. One `listen` at a time;
    /// cancelling the calling task stops it too.
    public func listen(to source: any AudioSource) async throws(SpeechError) {
        guard let recognizer else { throw SpeechError("the session has no recogniser, so it cannot listen") }
        guard reader == nil else { throw SpeechError("the session is already listening") }
        // Stream time starts again at zero: nothing of an earlier stream holds,
        // in the session or in the decoder.
        awakeAt = nil
        heardWakes = []
        doubtfulWakes = []
        speculation = nil
        recognizer.startNewStream()
        let cutter = try UtteranceCutter(settings: recognizer.options.utterances)
        let spotter = settings.wake == nil ? nil : recognizer.wakeSpotter
        try spotter?.startStream()
        cutter.keepsHeard = spotter != nil
        let (heard, continuation) = AsyncStream<Heard>.makeStream()
        // Reading and endpointing run apart from the turns (on the shared
        // threads), so a slow turn never holds the audio up.
        let endpointing = EndpointingLoop(cutter: cutter, spotter: spotter, pendingLimit: settings.pendingUtteranceLimit, status: status,
                                           closingSilence: settings.closingSilence, stopGrace: settings.stopGrace)
        let task = Task.detached { await endpointing.run(source, into: continuation) }
        // The turns gone (the caller cancelled), the reading stops.
        continuation.onTermination = { _ in task.cancel() }
        reader = task
        let stoppedEarly = listening.withLock { control in
            control.reader = task
            control.endpointing = endpointing
            return control.stopRequested
        }
        // A stop that came before listening began (Ctrl-C while the model
        // loaded) ends it at once.
        if stoppedEarly { stop() }
        status.setActive(true)
        defer {
            awakeAt = nil
            reader = nil
            listening.withLock { $0 = ListeningControl() }
            status.setActive(false)
        }
        emit(SessionEvent(.listening(source: source.name)))
        var failure: (any Error)?
        await withTaskCancellationHandler {
            for await item in heard {
                endpointing.taken()
                switch item {
                case .tentative(let segment):
                    if !listening.withLock({ $0.stopRequested }) { await speculate(segment) }
                case .wakeCandidate(let candidate):
                    hear(candidate)
                case .utterance(let segment, let at):
                    // After a stop too: every utterance recorded has its turn.
                    await take(segment, span: SpeechSpan(start: segment.start, end: segment.end, endpointed: at))
                case .position(let seconds):
                    await beginTurn()
                    giveUpUnanswered(at: seconds)
                    endTurn()
                    if wakeWindowPassed(at: seconds) { status.setAwake(false) }
                case .dropped(let frames):
                    emit(SessionEvent(.dropped(frames: frames)))
                case .ignored(let segment, let at):
                    emit(SessionEvent(.ignored(reason: .speaking), utterance: SpeechSpan(start: segment.start, end: segment.end, endpointed: at)))
                case .failed(let error):
                    failure = error
                }
            }
        } onCancel: {
            task.cancel()
        }
        await beginTurn()
        giveUp(span: questionSpan)
        endTurn()
        // A source of the application's may fail with an error of its own.
        if let failure { throw (failure as? SpeechError) ?? SpeechError("cannot read \(source.name): \(failure)") }
    }

    /// Stops listening: the utterance in progress is finished (at its
    /// next short pause, or after `stopGrace` seconds of stream) and, with
    /// every utterance already recorded, has its turn. Called before
    /// `listen`, the next `listen` returns at once; a later one starts afresh.
    public nonisolated func stop() {
        let (reader, endpointing) = listening.withLock { control in
            control.stopRequested = true
            return (control.reader, control.endpointing)
        }
        guard let reader, let endpointing else { return }
        if !endpointing.requestStop() {
            reader.cancel()
            return
        }
        // A source that goes quiet (a pipe nobody writes to) is not waited
        // for beyond the grace period, in real time.
        let grace = settings.stopGrace + 1
        Task.detached {
            try? await Task.sleep(for: .seconds(grace))
            reader.cancel()
        }
    }

    /// A question left without an answer for `answerTimeout` seconds of
    /// the stream is given up, with the span of the utterance that asked it.
    private func giveUpUnanswered(at position: Double) {
        guard let askedAt, pendingQuestion != nil, position - askedAt > settings.answerTimeout else { return }
        giveUp(span: questionSpan)
    }

    /// An utterance decoded, before its turn.
    private struct Decoded {
        /// Nil when the utterance was not listened to (no wake phrase) or
        /// held only the wake phrase.
        var transcript: Transcript?
        /// Heard as the answer to the pending question (not a new command).
        var isAnswer = false
        /// The wake phrase it began with.
        var wake: WakeDetection?
        /// Whether that wake phrase was confirmed only now, with the whole
        /// utterance, and is still to be announced.
        var announcesWake = false
        var time: Duration
    }

    /// What an utterance's decoding depended on: the question pending, and
    /// whether a wake phrase had just been said.
    private struct DecodingContext: Equatable {
        var question: Prompt?
        var awake: Bool
    }

    private func context(at start: Double) -> DecodingContext {
        DecodingContext(question: pendingQuestion, awake: isAwake(at: start))
    }

    private func isAwake(at start: Double) -> Bool {
        guard let awakeAt else { return false }
        return start >= awakeAt && start - awakeAt <= settings.wakeWindow
    }

    /// A decode started at a tentative end, for the context then.
    private var speculation: (start: Double, count: Int, context: DecodingContext, decoded: Decoded)?

    /// Decodes at a tentative end, while the endpointer waits out the
    /// trailing silence: when the utterance ends there, its turn needs no
    /// decoding left.
    private func speculate(_ segment: SpeechSegment) async {
        // A turn typed meanwhile may change what the utterance could be:
        // a decode that straddled the change is not kept.
        let before = context(at: segment.start)
        guard let decoded = try? await decode(segment), context(at: segment.start) == before else { speculation = nil; return }
        speculation = (segment.start, segment.samples.count, before, decoded)
    }

    private func take(_ segment: SpeechSegment, span: SpeechSpan) async {
        await beginTurn()
        defer { endTurn() }
        status.startThinking()
        defer { status.stopThinking() }
        // A question left unanswered for too long is given up; this is a new command.
        giveUpUnanswered(at: segment.start)
        var span = span
        do {
            let decoded: Decoded
            if let speculation, speculation.start == segment.start, speculation.count == segment.samples.count,
               speculation.context == context(at: segment.start) {
                decoded = speculation.decoded
            } else {
                decoded = try await decode(segment)
            }
            speculation = nil
            span.decodingTime = decoded.time
            await turn(decoded, span: span)
        } catch {
            speculation = nil
            emit(SessionEvent(.conversation(.note("could not recognise the utterance at \(String(format: "%.2f", segment.start)) s: \(error)")),
                              utterance: span))
        }
    }

    /// What an utterance is: with a question pending, an answer (decoded
    /// with the grammar of the answers) or a new command; a command otherwise.
    private func decode(_ segment: SpeechSegment) async throws -> Decoded {
        guard let recognizer else { throw SpeechError("the session has no recogniser") }
        let started = ContinuousClock.now
        try await refreshRecognizer(recognizer)
        guard let conversation, pendingQuestion != nil else {
            guard settings.wake != nil else { return Decoded(transcript: try recognizer.recognize(segment), time: .now - started) }
            return try decodeAfterWake(segment, recognizer, started: started)
        }
        // An answer needs no wake phrase, but may come with one: what follows it is the answer.
        var segment = segment
        var wake: WakeDetection?
        var announceWake = false
        if let (spotted, isNew) = try self.wake(in: segment) {
            wake = spotted
            announceWake = isNew
            guard let rest = try recognizer.speech(after: spotted, in: segment) else {
                return Decoded(transcript: nil, wake: wake, announcesWake: announceWake, time: .now - started)
            }
            segment = rest
        }
        let answer = try recognizer.recognizeAnswer(segment, grammar: conversation.answerGrammar(), matcher: conversation.answerMatcher())
        // The next utterance may be a new command instead: it is when the
        // commands explain it clearly better than the answers do.
        let command = try recognizer.recognize(segment)
        // A free-text answer (the language model's, which has no
        // confidence of its own) gives way to a confident command.
        let isNewCommand = answer.mode == .lm
            ? command.confidence >= Self.confidentCommand
            : answer.match?.best == nil || command.confidence > answer.confidence + Self.newCommandMargin
        if command.match?.best != nil, isNewCommand {
            return Decoded(transcript: command, wake: wake, announcesWake: announceWake, time: .now - started)
        }
        return Decoded(transcript: answer, isAnswer: true, wake: wake, announcesWake: announceWake, time: .now - started)
    }

    /// With a wake phrase: an utterance that starts with it is a command
    /// after it (when something follows in the same breath); one that does
    /// not is a command only just after a wake phrase said alone.
    private func decodeAfterWake(_ segment: SpeechSegment, _ recognizer: CommandRecognizer,
                                 started: ContinuousClock.Instant) throws -> Decoded {
        if let (wake, isNew) = try wake(in: segment) {
            let command = try recognizer.recognizeCommand(after: wake, in: segment)
            return Decoded(transcript: command, wake: wake, announcesWake: isNew, time: .now - started)
        }
        guard isAwake(at: segment.start) else { return Decoded(transcript: nil, time: .now - started) }
        return Decoded(transcript: try recognizer.recognize(segment), time: .now - started)
    }

    /// A place where the keyphrase search proposed the wake phrase, as
    /// soon as it was heard (not when its utterance ends): when the second
    /// stage confirms it, the wake is announced at once.
    private func hear(_ candidate: WakeCandidate) {
        guard let recognizer else { return }
        do {
            guard let wake = try recognizer.verifyWake(candidate) else {
                doubtfulWakes.removeAll { $0.end < candidate.end - Self.wakeMemory }
                doubtfulWakes.append(candidate)
                return
            }
            announce(wake)
        } catch {
            emit(SessionEvent(.conversation(.note("could not check the wake phrase at \(String(format: "%.2f", candidate.start)) s: \(error)"))))
        }
    }

    /// A wake phrase heard: announced, and remembered for its utterance.
    private func announce(_ wake: WakeDetection) {
        heardWakes.removeAll { $0.end < wake.end - Self.wakeMemory }
        heardWakes.append(wake)
        // A decode made before the wake was known decided without it.
        speculation = nil
        if pendingQuestion == nil { awakeAt = wake.end }
        emit(SessionEvent(.wake(phrase: wake.phrase, confidence: wake.confidence),
                          utterance: SpeechSpan(start: wake.start, end: wake.end, endpointed: .now)))
    }

    /// How long a wake phrase heard is remembered for the utterance it is
    /// in, in seconds of the stream: longer than any utterance.
    static let wakeMemory = 60.0

    /// The last wake phrase heard that starts in `segment` (give or take
    /// its padding): the utterance it is in. Failing that, the last
    /// doubtful candidate in it that a second look, with the whole
    /// utterance, confirms (`isNew`: it is still to be announced).
    private func wake(in segment: SpeechSegment) throws -> (wake: WakeDetection, isNew: Bool)? {
        let inside = { (start: Double, end: Double) in start >= segment.start - 0.3 && start < segment.end && end > segment.start }
        if let heard = heardWakes.last(where: { inside($0.start, $0.end) }) { return (heard, false) }
        guard let recognizer, let doubtful = doubtfulWakes.last(where: { inside($0.start, $0.end) }),
              let wake = try recognizer.verifyWake(doubtful, in: segment) else { return nil }
        return (wake, true)
    }

    /// A decoded utterance through the conversation.
    private func turn(_ decoded: Decoded, span: SpeechSpan) async {
        if decoded.announcesWake, let wake = decoded.wake {
            doubtfulWakes.removeAll { $0.start == wake.start }
            announce(wake)
        }
        // Noise the recogniser found no words in is no turn at all (nor is
        // speech without the wake phrase).
        guard let transcript = decoded.transcript, !transcript.text.isEmpty else { return }
        let accepted = transcript.match?.best != nil || (decoded.isAnswer && transcript.mode == .lm)
        // The command the wake phrase was waiting for has come.
        if accepted && !decoded.isAnswer { awakeAt = nil }
        var span = span
        if decoded.wake != nil { span.start = transcript.start }
        emit(SessionEvent(.transcript(text: transcript.text, confidence: transcript.confidence, accepted: accepted), utterance: span))
        if decoded.isAnswer {
            // An answer heard too poorly to trust is not understood (a
            // doubtful "yes" must not confirm anything).
            // The answer grammar's match is the answer's reading (free text has none).
            await take(accepted ? transcript.text : "", confidence: transcript.confidence,
                 match: accepted && transcript.mode != .lm ? transcript.match : nil, span: span)
        } else if accepted {
            // A new command while a question waited: that request is canceled, and said so.
            if let conversation, pendingQuestion != nil { withEvents(span) { conversation.abandon() } }
            await take(transcript.text, confidence: transcript.confidence, match: transcript.match, span: span)
        }
    }

    /// How much better (in confidence) the command grammar must explain an
    /// utterance heard while a question waits, for it to be a new command
    /// (any command will do when the answers do not explain it at all).
    static let newCommandMargin = 0.1
    /// A command heard at least this well is not a free-text answer.
    static let confidentCommand = 0.7

    /// Entity lists as the queries give them now: when the engine rebuilt
    /// its matcher (now, or for typed text since), the recognition grammar
    /// follows before anything is decoded.
    private func refreshRecognizer(_ recognizer: CommandRecognizer) async throws {
        await refreshEntities()
        guard recognizerGeneration != engine.modelGeneration else { return }
        // Entities changed in place (`CommandEngine.changeEntities`) are
        // changed in place in the recogniser too; anything else rebuilds it.
        let (changes, matcher, generation) = engine.entityChanges(since: recognizerGeneration)
        // A change to a list spelt out in the grammar rebuilds it: once for all.
        if let changes, changes.allSatisfy({ recognizer.changesEntitiesInPlace(ofType: $0.type) }) {
            for change in changes {
                try recognizer.changeEntities(ofType: change.type, removing: change.removed, adding: change.added, matcher: matcher)
            }
        } else {
            try recognizer.update(model: matcher.model, matcher: matcher)
        }
        recognizerGeneration = generation
    }

    // MARK: The turn

    /// One utterance through the conversation: an answer when a question
    /// is pending, a new command otherwise.
    private func take(_ text: String, confidence: Double, match: MatchResult?, span: SpeechSpan?) async {
        // The conversation's events carry the span of the turn that caused them.
        turn.span = span
        defer { turn.span = nil }
        if let conversation, pendingQuestion != nil {
            await conversation.answer(text, heard: match)
        } else {
            let result: MatchResult
            if let match {
                result = match
            } else {
                await refreshEntities()
                result = engine.matcher.match(text)
            }
            let emit = self.emit, turn = self.turn
            let conversation = engine.conversation { event in emit(SessionEvent(.conversation(event), utterance: turn.span)) }
            self.conversation = conversation
            await conversation.start(result, confidence: confidence)
        }
        askedAt = pendingQuestion != nil ? (span?.end ?? 0) : nil
        questionSpan = pendingQuestion != nil ? span : nil
    }

    /// Runs a conversation step for the utterance of `span`.
    private func withEvents(_ span: SpeechSpan?, _ step: () -> Conversation.State) {
        guard conversation != nil else { return }
        turn.span = span
        defer { turn.span = nil }
        _ = step()
    }

    /// The engine's entity lists as the queries give them now; a query
    /// that failed is noted in the log, once until it recovers.
    private func refreshEntities() async {
        let failures = await engine.refreshEntities().failures
        for failure in failures where !notedQueryFailures.contains(failure) {
            emit(SessionEvent(.conversation(.note(failure))))
        }
        notedQueryFailures = Set(failures)
    }
    private var notedQueryFailures: Set<String> = []

    // MARK: One turn at a time

    /// A turn awaits the application's code (a handler that takes seconds),
    /// and the session, an actor, takes other calls meanwhile: those that
    /// start a turn wait for it, in the order they came.
    private var turnRunning = false
    private var turnsWaiting: [CheckedContinuation<Void, Never>] = []

    private func beginTurn() async {
        guard turnRunning else {
            turnRunning = true
            return
        }
        await withCheckedContinuation { turnsWaiting.append($0) }
    }

    private func endTurn() {
        if turnsWaiting.isEmpty {
            turnRunning = false
        } else {
            turnsWaiting.removeFirst().resume()
        }
    }
}

/// The listening in progress, as `stop()` needs it.
private struct ListeningControl {
    var reader: Task<Void, Never>?
    var endpointing: EndpointingLoop?
    var stopRequested = false
}

/// What the endpointing loop hands to the turns.
private enum Heard: Sendable {
    case tentative(SpeechSegment)
    /// A place the wake spotter proposed, ready for the second stage.
    case wakeCandidate(WakeCandidate)
    case utterance(SpeechSegment, endpointed: ContinuousClock.Instant)
    /// Speech cut off because voicecmd began speaking (not listened to).
    case ignored(SpeechSegment, at: ContinuousClock.Instant)
    /// How far the stream has been read, now and then (question timeouts).
    case position(Double)
    case dropped(Int)
    case failed(any Error)
}

/// Reads a source and cuts it into utterances (`UtteranceCutter`), away
/// from the session's thread: the live pacing of the one utterance path.
/// At most `pendingLimit` items wait for their turn: beyond that the loop
/// stops reading, so a source that can wait (a file read fast, a pipe) is
/// held back, and a live one drops audio in its bounded queue, counted.
/// @unchecked Sendable: the cutter and the spotter are used by `run` alone,
/// on one task; everything else is a `Mutex` or immutable.
private final class EndpointingLoop: @unchecked Sendable {
    private let cutter: UtteranceCutter
    /// The wake phrase's first stage, hearing the whole stream.
    private let spotter: WakeSpotter?
    private let pending: PendingItems
    private let status: ListeningStatus
    private let closingSilence: Double
    private let stopGrace: Double
    private struct Stopping {
        var hearing = false
        var requested = false
    }
    private let stopping = Mutex(Stopping())

    init(cutter: UtteranceCutter, spotter: WakeSpotter?, pendingLimit: Int, status: ListeningStatus, closingSilence: Double,
         stopGrace: Double) {
        self.cutter = cutter
        self.spotter = spotter
        self.pending = PendingItems(limit: pendingLimit)
        self.status = status
        self.closingSilence = closingSilence
        self.stopGrace = stopGrace
    }

    /// The turn loop took one item.
    func taken() { pending.taken() }

    /// Asks the loop to end once the utterance in progress is over; false
    /// when none is (the reading can stop at once).
    func requestStop() -> Bool {
        stopping.withLock { stopping in
            stopping.requested = true
            return stopping.hearing
        }
    }

    func run(_ source: any AudioSource, into output: AsyncStream<Heard>.Continuation) async {
        defer { output.finish() }
        var ended = false
        func send(_ item: Heard) {
            guard !ended else { return }
            pending.added()
            if case .terminated = output.yield(item) { ended = true }
        }
        func hand(_ segments: [SpeechSegment]) {
            for segment in segments { send(.utterance(segment, endpointed: .now)) }
        }
        func handEndpoints(_ endpoints: [Endpointer.Endpoint]) {
            for endpoint in endpoints {
                switch endpoint {
                case .tentative(let segment): send(.tentative(segment))
                case .final(let segment): hand([segment])
                }
            }
        }
        /// The utterances still in the cutter, at the end (a failure to
        /// finish is the stream's failure, after them).
        /// The spotter hears what the endpointer heard (denoised as the
        /// utterances are decoded), then the gap of `gap` samples; its
        /// candidates go before the utterances they may be in.
        func spot(thenSkip gap: Int = 0) throws(SpeechError) {
            guard let spotter else { return }
            let heard = cutter.takeHeard()
            for candidate in try spotter.feed(heard.heard, original: heard.original, hearingSpeech: cutter.isHearingSpeech) {
                send(.wakeCandidate(candidate))
            }
            if gap > 0 { for candidate in try spotter.skip(gap) { send(.wakeCandidate(candidate)) } }
        }
        func finish() -> (any Error)? {
            do throws(SpeechError) {
                let ended = try cutter.finish()
                try spot()
                for candidate in try spotter?.finish() ?? [] { send(.wakeCandidate(candidate)) }
                hand(ended)
                return nil
            } catch {
                return error
            }
        }
        var lastPosition = 0.0
        var closing = false
        do {
            for try await buffer in source.buffers() {
                if !ended { try await pending.waitForRoom() }
                if ended { return }
                if buffer.droppedBefore > 0 {
                    let ended = try cutter.skip(buffer.droppedBefore)
                    try spot(thenSkip: buffer.droppedBefore)
                    hand(ended)
                    send(.dropped(buffer.droppedBefore))
                }
                // Heard while voicecmd spoke: a gap (the detector must not
                // learn the reply's voice as the room), and speech it cut
                // into is dropped.
                if buffer.isMuted {
                    let discarded = try cutter.discard(buffer.samples.count)
                    try spot(thenSkip: buffer.samples.count)
                    hand(discarded.utterances)
                    if let cut = discarded.cut { send(.ignored(cut, at: .now)) }
                    status.heard([], hearing: false)
                } else {
                    let endpoints = try cutter.feed(buffer.samples)
                    // The wake phrase is checked as soon as it is heard,
                    // before the utterance it is in has ended.
                    try spot()
                    handEndpoints(endpoints)
                    status.heard(buffer.samples, hearing: cutter.isHearingSpeech)
                }
                if cutter.position - lastPosition >= 1 {
                    lastPosition = cutter.position
                    send(.position(lastPosition))
                }
                let hearing = cutter.isHearingSpeech
                let stopRequested = stopping.withLock { stopping in
                    stopping.hearing = hearing
                    return stopping.requested
                }
                if stopRequested {
                    if !closing { cutter.close(silence: closingSilence, within: stopGrace) }
                    closing = true
                    if cutter.isClosed { break }
                }
            }
        } catch is CancellationError {
        } catch {
            if let failure = finish() { send(.failed(failure)) }
            send(.failed(error))
            return
        }
        // The end of the audio, or a stop: the utterance in progress is finished.
        if let failure = finish() { send(.failed(failure)) }
    }
}

/// The utterance of the turn running, read by the conversation's event
/// sink; used on the session's executor only.
private final class Turn {
    var span: SpeechSpan?
}
