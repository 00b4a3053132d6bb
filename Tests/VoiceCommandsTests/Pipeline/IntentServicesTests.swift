import Foundation
import Synchronization
import Testing
@testable import VoiceCommands
import PhraseMatcher

/// The application's services are async and may throw, as App Intents' are:
/// what a handler, resolver, query or authenticator does with that reaches
/// the user as a reply, and the reason as a note.
struct IntentServicesTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the timer service is down" }
    }

    /// Awaits other work (as a handler calling a service does), reports
    /// progress from another task, then ends as told.
    struct AwaitingHandler: IntentHandler {
        var ending: @Sendable () throws -> HandlerOutcome
        func handle(_ request: HandlerRequest, progress: HandlerProgress) async throws -> HandlerOutcome {
            await Task.detached { progress(["driver": .text("Sam")]) }.value
            try await Task.sleep(for: .milliseconds(30))
            return try ending()
        }
    }

    static func timerScript(_ ending: @escaping @Sendable () throws -> HandlerOutcome) throws -> ConversationScript {
        let model = try ConversationScript.defaultModel().changing("SetTimer") {
            $0.replies["inProgress"] = "Setting it up with \\(driver)."
        }
        let script = try ConversationScript(model: model)
        script.engine.register(AwaitingHandler(ending: ending), forIntent: "SetTimer")
        return script
    }

    @Test func anAsyncHandlersProgressComesBeforeItsOutcome() async throws {
        let script = try Self.timerScript { .success() }
        let reply = await script.run("set a timer for ten minutes")
        #expect(script.replies == [Reply(code: .inProgress, text: "Setting it up with Sam."),
                                   Reply(code: .success, text: "Your ten minute timer is set.")])
        #expect(reply?.code == .success)
    }

    @Test func aHandlersDialogIsSaidInsteadOfTheModelsReply() async throws {
        let script = try Self.timerScript { .success(dialog: "Done, and I'll ring twice.") }
        #expect(await script.run("set a timer for ten minutes") == Reply(code: .success, text: "Done, and I'll ring twice."))
    }

    @Test func aHandlerThatThrowsGivesTheFailureReplyAndNotesWhy() async throws {
        let script = try Self.timerScript { throw Broken() }
        let reply = await script.run("set a timer for ten minutes")
        #expect(reply?.code == .failure)
        #expect(script.notes == ["SetTimer failed: the timer service is down"])
    }

    struct ThrowingResolver: ParameterResolver {
        func resolve(_ parameter: Parameter, proposed: SlotValue?, text: String, intent: Intent) async throws -> ResolutionResult? {
            try await Task.sleep(for: .milliseconds(5))
            throw Broken()
        }
    }

    @Test func aResolverThatThrowsEndsTheRequest() async throws {
        let script = try ConversationScript()
        script.engine.register(ThrowingResolver(), forIntent: "SetTimer")
        #expect(await script.run("set a timer for ten minutes")?.code == .failure)
        #expect(script.notes == ["SetTimer failed: the timer service is down"])
    }

    /// Contacts from a service that goes down after the first answer.
    actor FlakyContacts: EntityQuery {
        private var calls = 0
        func suggestedEntities() throws -> [Entity] {
            calls += 1
            if calls > 1 { throw Broken() }
            return [Entity(id: "robin", name: "Robin Hood")]
        }
        func entities(matching text: String) throws -> [Entity] { throw Broken() }
    }

    @Test func aQueryThatThrowsKeepsTheEntitiesItGaveLast() async throws {
        let call = try Intent(name: "Call", parameters: [Parameter(name: "person", type: .custom("Contact"), prompt: "Who?")],
                              phrases: ["call \\(person)", "make a call"], replies: ["success": "Calling \\(person)."])
        let model = CommandModel(application: "Phone", types: [CustomType(name: "Contact", title: "Contact", kind: .entity([]))],
                                 intents: [call])
        let engine = try CommandEngine(model: model)
        engine.register(FlakyContacts(), forType: "Contact")
        #expect(await engine.refreshEntities() == CommandEngine.EntityRefresh(changed: true))
        #expect(await engine.refreshEntities() == CommandEngine.EntityRefresh(failures: ["the entity query for Contact failed: the timer service is down"]))
        #expect(await engine.match("call robin hood").best?.argument("person")?.value == .entity("robin"))
        // A search that throws during a follow-up question ends the request, saying why.
        let script = ConversationScript(engine: engine)
        #expect(await script.run("make a call", answers: ["Maid Marian"])?.code == .failure)
        #expect(script.notes == ["Call failed: the timer service is down"])
    }

    struct ThrowingAuthenticator: Authenticator {
        func authenticate() async throws -> Authentication { throw Broken() }
    }

    @Test func anAuthenticatorThatThrowsRefusesWithTheErrorAsReason() async throws {
        let script = try ConversationScript()
        script.engine.register(ThrowingAuthenticator())
        #expect(await script.run("get me a ride to the airport", answers: ["yes"])?.code == .requiresAuthentication)
        #expect(script.notes == ["authentication failed: the timer service is down"])
    }

    /// Typed utterances sent to a session at once, while a handler awaits:
    /// each turn runs whole before the next, in the order they came.
    @Test func aSessionTakesOneTurnAtATimeWhileHandlersAwait() async throws {
        let events = Mutex<[SessionEvent]>([])
        let script = try Self.timerScript { .success() }
        let session = try CommandSession(engine: script.engine) { event in events.withLock { $0.append(event) } }
        await session.hear(text: "set a timer for ten minutes")
        await withTaskGroup(of: Void.self) { group in
            group.addTask { _ = await session.hear(text: "set a timer for five minutes") }
            group.addTask { _ = await session.hear(text: "set a timer for two minutes") }
        }
        let replies = events.withLock { $0 }.compactMap { event -> ReplyCode? in
            if case .conversation(.reply(let reply)) = event.kind { reply.code } else { nil }
        }
        #expect(replies == [.inProgress, .success, .inProgress, .success, .inProgress, .success])
    }

    /// Gives one list slowly, then another at once; says when each call begins.
    actor SlowThenFast: EntityQuery {
        private var calls = 0
        let began: AsyncStream<Int>.Continuation
        init(began: AsyncStream<Int>.Continuation) { self.began = began }
        func suggestedEntities() async throws -> [Entity] {
            calls += 1
            let call = calls
            began.yield(call)
            if call == 1 {
                try await Task.sleep(for: .milliseconds(300))
                return [Entity(id: "old", name: "Old Friend")]
            }
            return [Entity(id: "new", name: "New Friend")]
        }
        func entities(matching text: String) -> [Entity] { [] }
    }

    /// Two refreshes overlap: the one that started last holds the newer
    /// list, and it stays though the older one finishes after it.
    @Test func theRefreshThatStartedLastWins() async throws {
        let call = try Intent(name: "Call", parameters: [Parameter(name: "person", type: .custom("Contact"))], phrases: ["call \\(person)"])
        let model = CommandModel(application: "Phone", types: [CustomType(name: "Contact", title: "Contact", kind: .entity([]))],
                                 intents: [call])
        let engine = try CommandEngine(model: model)
        let (began, beginning) = AsyncStream.makeStream(of: Int.self)
        engine.register(SlowThenFast(began: beginning), forType: "Contact")
        var calls = began.makeAsyncIterator()
        async let first = engine.refreshEntities()
        _ = await calls.next()
        let second = await engine.refreshEntities()
        #expect(second.changed)
        #expect(await first == CommandEngine.EntityRefresh())
        #expect(engine.matcher.match("call new friend").best?.argument("person")?.value == .entity("new"))
        #expect(engine.matcher.match("call old friend").best == nil)
    }

    final class Replies: Sendable {
        let said = Mutex<[Reply]>([])
    }

    /// Holds a conversation, as a session does.
    actor ConversationHolder {
        let conversation: Conversation
        init(engine: CommandEngine, replies: Replies) {
            conversation = engine.conversation { event in if case .reply(let reply) = event { replies.said.withLock { $0.append(reply) } } }
        }
        func start(_ result: MatchResult) async -> Conversation.State { await conversation.start(result) }
        func noAnswer() -> Conversation.State { conversation.noAnswer() }
        func abandon() -> Conversation.State { conversation.abandon() }
    }

    /// Waits until it is let go.
    struct HeldHandler: IntentHandler {
        let began: AsyncStream<Void>.Continuation
        let release: AsyncStream<Void>
        func handle(_ request: HandlerRequest, progress: HandlerProgress) async -> HandlerOutcome {
            began.yield()
            for await _ in release { break }
            return .success()
        }
    }

    /// The actor holding a conversation is reentered while its handler
    /// works: a step called then changes nothing, and one reply ends it.
    @Test func aStepCalledWhileAnotherAwaitsChangesNothing() async throws {
        let engine = try CommandEngine(model: try ConversationScript.defaultModel())
        let (began, beginning) = AsyncStream.makeStream(of: Void.self)
        let (release, releasing) = AsyncStream.makeStream(of: Void.self)
        engine.register(HeldHandler(began: beginning, release: release), forIntent: "SetTimer")
        let replies = Replies()
        let holder = ConversationHolder(engine: engine, replies: replies)
        let heard = await engine.match("set a timer for ten minutes")
        async let ended = holder.start(heard)
        var handling = began.makeAsyncIterator()
        _ = await handling.next()
        #expect(await holder.noAnswer() == .finished(Reply(code: .inProgress, text: "")))
        #expect(await holder.abandon() == .finished(Reply(code: .inProgress, text: "")))
        releasing.yield()
        #expect(await ended == .finished(Reply(code: .success, text: "Your ten minute timer is set.")))
        #expect(replies.said.withLock { $0 } == [Reply(code: .success, text: "Your ten minute timer is set.")])
    }
}
