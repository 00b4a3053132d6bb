import Foundation
import Synchronization
import Testing
import VoiceCommands

/// The embedding API: an intent declared in Swift, entities from a query
/// that changes while the engine runs, a handler written in Swift.
struct EmbeddingTests {
    final class Changes: Sendable { let count = Atomic(0) }

    /// Contacts an application keeps, changed at run time.
    /// @unchecked Sendable: `entities` is guarded by `lock`.
    final class ContactBook: EntityQuery, @unchecked Sendable {
        private let lock = NSLock()
        private var entities: [Entity]

        init(_ entities: [Entity]) { self.entities = entities }

        func replace(with entities: [Entity]) { lock.withLock { self.entities = entities } }

        func suggestedEntities() -> [Entity] { lock.withLock { entities } }

        func entities(matching text: String) -> [Entity] {
            let said = text.lowercased()
            return suggestedEntities().filter { $0.name.lowercased().contains(said) }
        }
    }

    struct CallHandler: IntentHandler {
        func handle(_ request: HandlerRequest, progress: HandlerProgress) -> HandlerOutcome {
            guard case .entity(let id)? = request.values["person"]?.value else { return HandlerOutcome(code: .failure) }
            return HandlerOutcome(code: .success, fields: ["line": .text(id == "robin-hood" ? "Sherwood 1" : "Office 2")])
        }
    }

    static func makeEngine(_ book: ContactBook) throws -> CommandEngine {
        let call = try Intent(
            name: "Call", title: "Call someone",
            parameters: [Parameter(name: "person", type: .custom("Contact"), prompt: "Who should I call?")],
            phrases: ["call \\(person)", "(phone|ring) \\(person) [now]", "make a call"],
            replies: ["success": "Calling \\(person) on \\(line)."]
        )
        let model = CommandModel(application: "Phone",
                                 types: [CustomType(name: "Contact", title: "Contact", kind: .entity([]))],
                                 intents: [call])
        let engine = try CommandEngine(model: model)
        engine.register(book, forType: "Contact")
        engine.register(CallHandler(), forIntent: "Call")
        return engine
    }

    /// A parameter of a type the model does not declare is refused, as a
    /// model file's is, instead of never matching.
    @Test func anEngineRefusesAModelThatCouldNeverMatch() async throws {
        let call = try Intent(name: "Call", parameters: [Parameter(name: "person", type: .custom("Contacts"))], phrases: ["call \\(person)"])
        let model = CommandModel(application: "Phone", types: [CustomType(name: "Contact", title: "Contact", kind: .entity([]))], intents: [call])
        #expect(throws: ModelLoadError.self) { try CommandEngine(model: model) }
    }

    /// The engine is Sendable: tasks may share it while the application
    /// changes its entities.
    @Test func tasksShareTheEngine() async throws {
        let book = ContactBook([Entity(id: "robin-hood", name: "Robin Hood")])
        let engine = try Self.makeEngine(book)
        let intents = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<8 { group.addTask { await engine.match("call robin hood").best?.intent } }
            group.addTask {
                book.replace(with: [Entity(id: "robin-hood", name: "Robin Hood"), Entity(id: "kim", name: "Kim")])
                return await engine.match("call kim").best?.intent
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(intents == Array(repeating: "Call", count: 9))
    }

    @Test func entitiesFromAQueryChangeTheMatchWithoutReloading() async throws {
        let book = ContactBook([Entity(id: "robin-banks", name: "Robin Banks", synonyms: ["Robin"])])
        let engine = try Self.makeEngine(book)
        // The query's first list arrives (registering asks nothing).
        #expect(await engine.refreshEntities().changed)
        let changes = Changes()
        engine.onModelChange = { _ in changes.count.add(1, ordering: .sequentiallyConsistent) }

        let before = await engine.match("call robin")
        #expect(before.best?.argument("person")?.value == .entity("robin-banks"))
        #expect(await engine.match("call kim").best == nil)

        book.replace(with: [Entity(id: "robin-hood", name: "Robin Hood", synonyms: ["Robin"]), Entity(id: "kim", name: "Kim")])
        let after = await engine.match("call robin")
        #expect(after.best?.argument("person")?.value == .entity("robin-hood"))
        #expect(await engine.match("ring kim now").best?.argument("person")?.value == .entity("kim"))
        #expect(changes.count.load(ordering: .sequentiallyConsistent) == 1, "the matcher was rebuilt once, when the list changed")
    }

    @Test func aSwiftHandlerAnswersThroughTheReplyTemplate() async throws {
        let engine = try Self.makeEngine(ContactBook([Entity(id: "robin-hood", name: "Robin Hood")]))
        var replies: [Reply] = []
        let conversation = engine.conversation { event in if case .reply(let reply) = event { replies.append(reply) } }
        await conversation.start(await engine.match("call robin hood"))
        #expect(replies == [Reply(code: .success, text: "Calling Robin Hood on Sherwood one.")])
    }

    @Test func aFollowUpAnswerIsSearchedThroughTheQuery() async throws {
        let engine = try Self.makeEngine(ContactBook([Entity(id: "robin-hood", name: "Robin Hood"), Entity(id: "kim", name: "Kim Wu")]))
        var events: [ConversationEvent] = []
        let conversation = engine.conversation { events.append($0) }
        guard case .waiting(let prompt) = await conversation.start(await engine.match("make a call")) else {
            Issue.record("expected the person to be asked for")
            return
        }
        #expect(prompt.text == "Who should I call?")
        #expect(await conversation.answer("wu") == .finished(Reply(code: .success, text: "Calling Kim Wu on Office two.")))
    }

    /// An application's own resolution: out of stock is unsupported, a
    /// missing size gets the application's default.
    struct StockResolver: ParameterResolver {
        func resolve(_ parameter: Parameter, proposed: SlotValue?, text: String, intent: Intent) -> ResolutionResult? {
            switch (parameter.name, proposed) {
            case ("beverage", .enumCase("mocha")?): return .unsupported(reason: "Sorry, we're out of mocha today.")
            case ("size", nil): return .success(ResolvedValue(value: .enumCase("medium"), text: ""))
            default: return nil
            }
        }
    }

    @Test func aResolverDecidesForTheApplication() async throws {
        let engine = try CommandEngine(model: try ConversationScript.defaultModel())
        engine.register(StockResolver(), forIntent: "OrderCoffee")
        var replies: [Reply] = []
        let emit: (ConversationEvent) -> Void = { if case .reply(let reply) = $0 { replies.append(reply) } }
        await engine.conversation(emit: emit).start(await engine.match("order a large mocha"))
        await engine.conversation(emit: emit).start(await engine.match("order a latte"))
        #expect(replies == [Reply(code: .unsupported, text: "Sorry, we're out of mocha today."),
                            Reply(code: .success, text: "Your medium latte is on its way.")])
    }

    @Test func aPhraseNamingNoParameterIsRefusedWhenDeclared() async {
        #expect(throws: ModelLoadError.self) {
            try Intent(name: "Call", parameters: [], phrases: ["call \\(person)"])
        }
        do {
            _ = try Intent(name: "Call", parameters: [], phrases: ["call \\(person)"])
        } catch {
            #expect(error.description == "intent Call, phrase 1: error: names no parameter 'person'; parameters are: none\ncall \\(person)\n     ^~~~~~~~~")
        }
    }
}
