import Foundation
import Testing
import DefaultModels
@testable import PhraseMatcher

/// The built-in model and Courier (Models/examples/courier.json), which both
/// send messages, heard together.
struct ModelCombinationTests {
    static let courierPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Models/examples/courier.json").path

    static func combined() throws -> CommandModel {
        let builtIn = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        return try CommandModel.combining([builtIn, try ModelLoader.load(path: courierPath)])
    }

    @Test func everyIntentKeepsItsApplication() throws {
        let model = try Self.combined()
        #expect(model.applications.map(\.name) == ["Assistant", "Courier"])
        #expect(model.intent(named: "SendMessage", in: "Courier")?.summary != nil)
        #expect(model.intent(named: "SendMessage", in: "Assistant")?.summary == nil)
        #expect(model.intents.filter { $0.name == "SendMessage" }.map { model.application(of: $0).name } == ["Assistant", "Courier"])
    }

    @Test func aTypeBothDeclareIsKeptApartAndEachAppResolvesItsOwn() throws {
        let model = try Self.combined()
        #expect(model.type(named: "Contact") != nil)
        #expect(model.type(named: "Courier.Contact") != nil)
        let matcher = Matcher(model: model)
        let courier = try #require(matcher.match("in courier send a message to alex").best)
        #expect(courier.application == "Courier")
        #expect(courier.argument("recipient")?.value == .entity("alex-kim"))
        let assistant = try #require(matcher.match("text mom saying hello").best)
        #expect(assistant.application == "Assistant")
        #expect(assistant.argument("recipient")?.value == .entity("mom"))
    }

    @Test func anUtteranceBothFitEquallyLeavesTheApplicationOpen() throws {
        let result = Matcher(model: try Self.combined()).match("send a message to alex")
        #expect(result.tiedApplications == ["Assistant", "Courier"])
        #expect(Matcher(model: try Self.combined()).match("send a message to alex in courier").tiedApplications.isEmpty)
        #expect(Matcher(model: try Self.combined()).match("set a timer for five minutes").tiedApplications.isEmpty)
    }

    @Test func theGrammarHoldsEveryApplicationsPhrases() throws {
        let grammar = JSGFGrammar(model: try Self.combined())
        #expect(grammar.text.contains("<intent_SendMessage> ="))
        #expect(grammar.text.contains("<intent_Courier_SendMessage> ="))
        #expect(grammar.text.contains("<application_name_Courier> = courier | courier app;"))
        let automaton = try RecognitionGrammar.automaton(for: grammar)
        #expect(automaton.accepts(["in", "courier", "send", "a", "message", "to", "alex"]))
    }

    @Test func twoModelsOfOneApplicationAreAnErrorAtTheSecond() throws {
        let first = try ModelLoader.load(text: #"{ "application": "Courier", "intents": { "A": { "phrases": ["do a"] } } }"#, name: "first.json")
        let second = try ModelLoader.load(text: "{\n  \"application\": \"courier\",\n  \"intents\": { \"B\": { \"phrases\": [\"do b\"] } }\n}",
                                          name: "second.json")
        let error = try #require(throws: ModelLoadError.self) { try CommandModel.combining([first, second]) }
        #expect(error.description == """
            second.json:2:18: error: application "courier" is loaded twice; the first is from first.json:1:18
              "application": "courier",
                             ^~~~~~~~~
            """)
    }
}
