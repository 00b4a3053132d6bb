import Foundation
import Testing
import VoiceCommands

/// Entities pushed to the engine change its matcher in place, and the
/// changes are kept for whoever compiled something from an older model.
struct EntityChangeTests {
    static func engine() throws -> CommandEngine {
        let who = [Parameter(name: "who", type: .custom("Contact"))]
        let model = CommandModel(application: "Phone", types: [CustomType(name: "Contact", title: "contact", kind: .entity([Entity(id: "ann", name: "Ann Lee")]))],
                                 intents: [Intent(name: "Call", parameters: who, phrases: [try Phrase("call \\(who)")])])
        return try CommandEngine(model: model)
    }

    @Test func aPushedContactIsMatched() async throws {
        let engine = try Self.engine()
        #expect(engine.changeEntities(CommandEngine.EntityChange(type: "Contact", added: [Entity(id: "bo", name: "Bo Diaz")])))
        #expect(await engine.match("call bo diaz").best?.argument("who")?.value == .entity("bo"))
        #expect(engine.changeEntities(CommandEngine.EntityChange(type: "Contact", removed: ["ann"])))
        #expect(await engine.match("call ann lee").best == nil)
        #expect(!engine.changeEntities(CommandEngine.EntityChange(type: "Song", added: [])))
        #expect(engine.modelGeneration == 2)
    }

    @Test func theChangesSinceAGenerationAreKept() throws {
        let engine = try Self.engine()
        let first = CommandEngine.EntityChange(type: "Contact", added: [Entity(id: "bo", name: "Bo Diaz")])
        let second = CommandEngine.EntityChange(type: "Contact", removed: ["ann"])
        engine.changeEntities(first)
        engine.changeEntities(second)
        #expect(engine.entityChanges(since: 0).changes == [first, second])
        #expect(engine.entityChanges(since: 1).changes == [second])
        #expect(engine.entityChanges(since: 2).changes == [])
        #expect(engine.entityChanges(since: 2).generation == 2)
    }

    /// A list a query replaced is known only as the whole model.
    @Test func aQuerysNewListBreaksTheChain() async throws {
        struct Book: EntityQuery {
            func suggestedEntities() async throws -> [Entity] { [Entity(id: "cy", name: "Cy Moss")] }
            func entities(matching text: String) async throws -> [Entity] { [] }
        }
        let engine = try Self.engine()
        engine.changeEntities(CommandEngine.EntityChange(type: "Contact", added: [Entity(id: "bo", name: "Bo Diaz")]))
        engine.register(Book(), forType: "Contact")
        await engine.refreshEntities()
        #expect(engine.entityChanges(since: 0).changes == nil)
        #expect(engine.entityChanges(since: 1).changes == nil)
        #expect(engine.entityChanges(since: 2).changes == [])
    }
}
