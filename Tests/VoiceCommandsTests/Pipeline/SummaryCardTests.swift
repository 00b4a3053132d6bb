import Testing
@testable import VoiceCommands
import PhraseMatcher

/// An intent's summary: shown as a card before the confirmation, with the
/// resolved values, and asked as the confirmation when there is none.
struct SummaryCardTests {
    static func coffeeModel(confirmation: String?) throws -> CommandModel {
        let model = try ConversationScript.defaultModel()
        return model.changing("OrderCoffee") { intent in
            // An optional value left unsaid drops its part of the summary.
            intent.parameters.append(Parameter(name: "place", type: .string, isRequired: false))
            intent.summary = #"Order \(quantity) \(size) \(beverage)[ to go to \(place)]"#
            intent.confirmation = confirmation
        }
    }

    var cards: (ConversationScript) -> [SummaryCard] = { script in
        script.events.compactMap { if case .card(let card) = $0 { card } else { nil } }
    }

    @Test func theSummaryIsTheConfirmationWhenThereIsNone() async throws {
        let script = try ConversationScript(model: Self.coffeeModel(confirmation: nil))
        let reply = await script.run("order a large latte", answers: ["yes"])
        #expect(cards(script) == [SummaryCard(title: "Order a coffee", summary: "Order one large latte", fields: [
            .init(parameter: "beverage", title: "Drink", value: "latte"),
            .init(parameter: "size", title: "Size", value: "large"),
            .init(parameter: "quantity", title: "Quantity", value: "one"),
        ])])
        #expect(script.prompts.map(\.text) == ["Order one large latte?"])
        #expect(reply?.code == .success)
    }

    /// A card shows the summary's own text as written; only the question,
    /// which is said, puts it into words.
    @Test func aCardKeepsTheSummarysTextAsWritten() async throws {
        let model = try ConversationScript.defaultModel().changing("OrderCoffee") { intent in
            intent.summary = #"%s%n%x: \(size) \(beverage) & co."#
            intent.confirmation = nil
        }
        let script = try ConversationScript(model: model)
        await script.run("order a large latte", answers: ["no"])
        #expect(cards(script).map(\.summary) == ["%s%n%x: large latte & co."])
        #expect(script.prompts.first?.text.contains("percent") == true)
    }

    @Test func theCardComesBeforeTheIntentsOwnQuestionAfterEveryValueIsKnown() async throws {
        let script = try ConversationScript(model: Self.coffeeModel(confirmation: #"Shall I order your \(beverage)?"#))
        let reply = await script.run("order a latte", answers: ["medium", "no"])
        #expect(script.prompts.map(\.text) == ["What size?", "Shall I order your latte?"])
        let kinds = script.events.map { event -> String in
            switch event {
            case .prompt(let prompt): "prompt \(prompt.kind)"
            case .card: "card"
            case .reply: "reply"
            case .answer: "answer"
            case .intent: "intent"
            default: "other"
            }
        }
        #expect(kinds == ["intent", "prompt needsValue", "answer", "card", "prompt confirmation", "answer", "reply"])
        #expect(cards(script).first?.summary == "Order one medium latte")
        #expect(reply?.code == .canceled)
    }
}
