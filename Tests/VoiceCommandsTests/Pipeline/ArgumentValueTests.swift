import Testing
import VoiceCommands

/// Typed access to a handler's arguments.
struct ArgumentValueTests {
    enum Size: String, ArgumentValue { case small, large }

    static func request() throws -> HandlerRequest {
        let intent = try Intent(name: "Order", parameters: [
            Parameter(name: "size", type: .custom("Size")), Parameter(name: "count", type: .integer),
            Parameter(name: "wait", type: .duration), Parameter(name: "tip", type: .currency),
            Parameter(name: "to", type: .custom("Contact")), Parameter(name: "note", type: .string, isRequired: false),
            Parameter(name: "urgent", type: .boolean), Parameter(name: "strength", type: .number),
        ], phrases: ["order \\(count) \\(size)"])
        return HandlerRequest(intent: intent, values: [
            "size": ResolvedValue(value: .enumCase("large"), text: "big"),
            "count": ResolvedValue(value: .integer(2), text: "two"),
            "wait": ResolvedValue(value: .duration(seconds: 90), text: "a minute and a half"),
            "tip": ResolvedValue(value: .currency(amount: 1.5, code: "USD"), text: "a dollar fifty"),
            "to": ResolvedValue(value: .entity("alex-smith"), text: "alex"),
            "urgent": ResolvedValue(value: .boolean(true), text: "urgent"),
            "strength": ResolvedValue(value: .number(2.5), text: "two and a half"),
        ], text: "order two big lattes")
    }

    @Test func eachValueReadsAsItsSwiftType() throws {
        let request = try Self.request()
        #expect(try request.value("size", as: Size.self) == .large)
        #expect(try request.value("size", as: String.self) == "large")
        #expect(try request.value("count", as: Int.self) == 2)
        #expect(try request.value("count", as: Double.self) == 2)
        #expect(try request.duration("wait") == .seconds(90))
        #expect(try request.value("tip", as: Money.self) == Money(amount: 1.5, currency: "USD"))
        #expect(try request.value("to", as: EntityID.self) == EntityID(rawValue: "alex-smith"))
        #expect(try request.value("urgent", as: Bool.self) == true)
        #expect(try request.value("strength", as: Double.self) == 2.5)
        #expect(try request.value("note", as: String.self) == nil, "an optional parameter not said")
    }

    @Test func aMistakeInTheHandlerIsNamed() throws {
        let request = try Self.request()
        #expect(throws: VoiceCommandError("intent Order has no parameter 'sizes'; parameters are: size, count, wait, tip, to, note, urgent, strength")) {
            try request.value("sizes", as: Size.self)
        }
        #expect(throws: VoiceCommandError("parameter count of intent Order is of type integer, which is not read as Duration")) {
            try request.duration("count")
        }
    }
}
