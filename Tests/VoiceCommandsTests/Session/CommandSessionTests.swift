import DefaultModels
import Foundation
import Testing
import VoiceCommands

/// The voice session with real PocketSphinx on recordings made by
/// Fixtures/sessions/make-sessions.sh.
struct CommandSessionTests {
    static let sessions = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/sessions")

    /// Events of a session, collected from its callback.
    /// @unchecked Sendable: `events` is guarded by `lock`.
    final class EventLog: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [SessionEvent] = []
        var onEvent: (@Sendable (SessionEvent) -> Void)?
        func add(_ event: SessionEvent) {
            lock.withLock { events.append(event) }
            onEvent?(event)
        }
        var all: [SessionEvent] { lock.withLock { events } }
        var intents: [Match] {
            all.compactMap { if case .conversation(.intent(let match)) = $0.kind { match } else { nil } }
        }
        var replies: [Reply] {
            all.compactMap { if case .conversation(.reply(let reply)) = $0.kind { reply } else { nil } }
        }
    }

    /// Contacts the application changes at run time.
    /// @unchecked Sendable: `entities` is guarded by `lock`.
    final class ContactBook: EntityQuery, @unchecked Sendable {
        private let lock = NSLock()
        private var entities: [Entity]
        private(set) var asked = 0
        init(_ entities: [Entity]) { self.entities = entities }
        func replace(with entities: [Entity]) { lock.withLock { self.entities = entities } }
        func suggestedEntities() -> [Entity] { lock.withLock { asked += 1; return entities } }
        func entities(matching text: String) -> [Entity] {
            suggestedEntities().filter { $0.name.lowercased().contains(text.lowercased()) }
        }
    }

    static func speechOptions() throws -> CommandRecognizer.Options {
        var options = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        options.pronunciations = try Pronunciations.parseDictionary(DefaultModels.defaultDictionaryText,
                                                                     name: DefaultModels.defaultDictionaryName)
        return options
    }

    /// A contact added by the application between two utterances of one
    /// session is heard in the second: the matcher and the recognition
    /// grammar are rebuilt before it is decoded.
    @Test func anEntityAddedBetweenUtterancesIsHeard() async throws {
        var model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        // Each message is sent without a confirmation question, so the
        // second utterance is a command, not an answer.
        for index in model.intents.indices { model.intents[index].confirmation = nil }
        let engine = try CommandEngine(model: model)
        let alex = Entity(id: "alex-smith", name: "Alex Smith", synonyms: ["Alex"])
        let book = ContactBook([alex])
        engine.register(book, forType: "Contact")
        let log = EventLog()
        // When the first request is done, the application learns a new contact.
        log.onEvent = { event in
            if case .conversation(.reply) = event.kind { book.replace(with: [alex, Entity(id: "robin-banks", name: "Robin Banks", synonyms: ["Robin"])]) }
        }
        let session = try CommandSession(engine: engine, speech: try Self.speechOptions()) { log.add($0) }
        let source = try ReaderAudioSource.file(Self.sessions.appendingPathComponent("entity-session.flac").path, pacing: .asFastAsConsumed)
        try await session.listen(to: source)
        let recipients = log.intents.compactMap { $0.argument("recipient")?.value }
        #expect(recipients == [.entity("alex-smith"), .entity("robin-banks")])
        #expect(log.replies.first?.code == .success)
    }

    /// The same, with the contact pushed to the engine
    /// (`CommandEngine.changeEntities`) instead of asked of a query: the
    /// recogniser follows the journal of changes (a long list's class
    /// search is changed in place: `ClassSearchTests`).
    @Test func anEntityPushedBetweenUtterancesIsHeard() async throws {
        var model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        for index in model.intents.indices { model.intents[index].confirmation = nil }
        let contact = try #require(model.types.firstIndex { $0.name == "Contact" })
        model.types[contact].kind = .entity([Entity(id: "alex-smith", name: "Alex Smith", synonyms: ["Alex"])])
        let engine = try CommandEngine(model: model)
        let log = EventLog()
        log.onEvent = { event in
            if case .conversation(.reply) = event.kind {
                engine.changeEntities(CommandEngine.EntityChange(type: "Contact", added: [Entity(id: "robin-banks", name: "Robin Banks", synonyms: ["Robin"])]))
            }
        }
        let session = try CommandSession(engine: engine, speech: try Self.speechOptions()) { log.add($0) }
        let source = try ReaderAudioSource.file(Self.sessions.appendingPathComponent("entity-session.flac").path, pacing: .asFastAsConsumed)
        try await session.listen(to: source)
        let recipients = log.intents.compactMap { $0.argument("recipient")?.value }
        #expect(recipients == [.entity("alex-smith"), .entity("robin-banks")])
    }

    /// Typed text and speech share the turn: a typed command's question
    /// is answered by typed text through the same session.
    @Test func typedTurnsGoThroughTheSameSession() async throws {
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        let log = EventLog()
        let session = try CommandSession(engine: try CommandEngine(model: model)) { log.add($0) }
        let question = await session.hear(text: "set a timer")
        #expect(question?.kind == .needsValue)
        #expect(await session.hear(text: "five minutes") == nil)
        #expect(log.replies.map(\.text) == ["Your five minute timer is set."])
        #expect(log.all.allSatisfy { $0.utterance == nil })
    }

    /// A source that cannot be read ends the listening with its reason.
    @Test func aSessionWithoutSpeechCannotListen() async throws {
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        let session = try CommandSession(engine: try CommandEngine(model: model)) { _ in }
        await #expect(throws: SpeechError.self) {
            try await session.listen(to: ReaderAudioSource.file(Self.sessions.appendingPathComponent("conversation.flac").path, pacing: .asFastAsConsumed))
        }
    }
}

extension CommandSessionTests {
    /// A question left unanswered for the answer timeout (of stream time) is
    /// given up, reported with the utterance that asked it; what follows is
    /// heard as a new command.
    @Test func anUnansweredQuestionIsGivenUpAfterTheTimeout() async throws {
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        var settings = CommandSession.Settings()
        settings.answerTimeout = 1
        let log = EventLog()
        let session = try CommandSession(engine: try CommandEngine(model: model), speech: try Self.speechOptions(), settings: settings) { log.add($0) }
        let source = try ReaderAudioSource.file(Self.sessions.appendingPathComponent("conversation.flac").path, pacing: .asFastAsConsumed)
        try await session.listen(to: source)
        let noAnswer = try #require(log.all.first { if case .conversation(.reply(let reply)) = $0.kind { reply.code == .noAnswer } else { false } })
        #expect(noAnswer.utterance.map { $0.start < 1 } == true)
        #expect(log.intents.first?.intent == "SendMessage")
    }
}

extension CommandSessionTests {
    /// Two applications by voice: "send a message to alex" fits the built-in
    /// model and Courier, so the session asks which app and hears the answer;
    /// "in courier send a message to priya" names its app and is not asked about.
    @Test func theSessionAsksWhichAppByVoice() async throws {
        let courier = try ModelLoader.load(path: ApplicationChoiceTests.courierPath)
        let model = try CommandModel.combining([try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName),
                                                courier])
        let log = EventLog()
        let session = try CommandSession(engine: try CommandEngine(model: model), speech: try Self.speechOptions()) { log.add($0) }
        try await session.listen(to: ReaderAudioSource.file(Self.sessions.appendingPathComponent("applications.flac").path, pacing: .asFastAsConsumed))
        let prompts = log.all.compactMap { if case .conversation(.prompt(let prompt)) = $0.kind { prompt } else { nil } }
        #expect(prompts.map(\.text) == ["Which app: Assistant or Courier?", "Send a message to Alex Kim?", "Send a message to Priya Shah?"])
        #expect(log.intents.map(\.application) == ["Courier", "Courier"])
        #expect(log.replies.map(\.text) == ["Sent to Alex Kim with Courier.", "Sent to Priya Shah with Courier."])
    }
}

extension CommandSessionTests {
    /// The same two applications typed through the session: the question,
    /// its answer by name, and a command that names Courier.
    @Test func theSessionAsksWhichAppForTypedText() async throws {
        let model = try ApplicationChoiceTests.twoApplications()
        let log = EventLog()
        let session = try CommandSession(engine: try CommandEngine(model: model)) { log.add($0) }
        #expect(await session.hear(text: "send a message to alex")?.text == "Which app: Assistant or Courier?")
        #expect(await session.hear(text: "Courier")?.text == "Send a message to Alex Kim?")
        #expect(await session.hear(text: "yes") == nil)
        #expect(await session.hear(text: "in courier send a message to alex")?.kind == .confirmation)
        #expect(await session.hear(text: "no") == nil)
        #expect(log.replies.map(\.text) == ["Sent to Alex Kim with Courier.", "Okay, I won't."])
        #expect(log.intents.map(\.application) == ["Courier", "Courier"])
    }
}

extension CommandSessionTests {
    /// A source muted from `from` seconds on, as the speaking gate mutes a
    /// microphone while voicecmd speaks.
    struct MutedFrom: AudioSource {
        var source: any AudioSource
        var from: Double
        var name: String { source.name }
        func buffers() -> AsyncThrowingStream<AudioBuffer, any Error> {
            let from = Int(self.from * 16_000)
            let position = Position()
            return source.buffers().mapped { buffer in
                var buffer = buffer
                buffer.isMuted = position.advance(by: buffer.samples.count) > from
                return buffer
            }
        }
        /// @unchecked Sendable: a mapped stream calls its transform once at a time.
        final class Position: @unchecked Sendable {
            var samples = 0
            func advance(by count: Int) -> Int { samples += count; return samples }
        }
    }

    /// Speech cut off because voicecmd began speaking is not carried out,
    /// and not lost without a word: it is reported as ignored, with its span.
    @Test func speechCutOffBySpeakingIsReportedAsIgnored() async throws {
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        let log = EventLog()
        let session = try CommandSession(engine: try CommandEngine(model: model), speech: try Self.speechOptions()) { log.add($0) }
        // "send a message to alex" is said from 0.5 to 2.05 s; muting comes at 1.5 s.
        let file = try ReaderAudioSource.file(Self.sessions.appendingPathComponent("conversation-cancel.flac").path, pacing: .asFastAsConsumed)
        try await session.listen(to: MutedFrom(source: file, from: 1.5))
        let ignored = log.all.filter { if case .ignored(.speaking) = $0.kind { true } else { false } }
        #expect(ignored.count == 1)
        let span = try #require(ignored.first?.utterance)
        #expect(span.start < 0.6 && span.end >= 1.4 && span.end <= 1.6, "\(span)")
        #expect(log.intents.isEmpty)
    }
}

/// A command or answer the neural recogniser heard whole wins over a
/// different one the grammar heard, in espeak-ng's voice: "ten minutes" is
/// "two minutes" to PocketSphinx's answer grammar (at 0.6), and "turn off
/// the kitchen light" at 130 words a minute is "turn on" to its command
/// grammar. Each test also checks that the grammar alone hears otherwise,
/// which is what makes it a test of the neural recogniser's part.
@Suite(.enabled(if: CommandRecognizer.secondOpinionUnavailableReason == nil, "Moonshine is not installed (scripts/install-asr)"))
struct NeuralRecognizerTests {
    func listen(to clip: String, secondOpinion: Bool) async throws -> CommandSessionTests.EventLog {
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        var speech = try CommandSessionTests.speechOptions()
        speech.asksSecondOpinion = secondOpinion
        let log = CommandSessionTests.EventLog()
        let session = try CommandSession(engine: try CommandEngine(model: model), speech: speech) { log.add($0) }
        let path = CommandSessionTests.sessions.appendingPathComponent(clip).path
        try await session.listen(to: ReaderAudioSource.file(path, pacing: .asFastAsConsumed))
        return log
    }

    @Test func theNeuralRecognisersWholeAnswerWins() async throws {
        #expect(try await listen(to: "espeak-timer.flac", secondOpinion: true).replies.last?.text == "Your ten minute timer is set.")
        #expect(try await listen(to: "espeak-timer.flac", secondOpinion: false).replies.last?.text != "Your ten minute timer is set.")
    }

    @Test func theNeuralRecognisersWholeCommandWins() async throws {
        let heard = try await listen(to: "espeak-light.flac", secondOpinion: true).intents
        #expect(heard.map { $0.argument("state")?.value } == [.boolean(false)])
        #expect(heard.map { $0.argument("device")?.value } == [.entity("kitchen-light")])
        let grammarAlone = try await listen(to: "espeak-light.flac", secondOpinion: false).intents
        #expect(grammarAlone.map { $0.argument("state")?.value } != [.boolean(false)])
    }
}
