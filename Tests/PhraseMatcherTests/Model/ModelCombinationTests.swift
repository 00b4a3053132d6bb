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

extension ModelCombinationTests {
    static func model(_ application: String, synonyms: [String] = [], range: ClosedRange<Double>) throws -> CommandModel {
        let degrees = Parameter(name: "degrees", type: .integer, minimum: range.lowerBound, maximum: range.upperBound)
        return CommandModel(application: application, applicationSynonyms: synonyms,
                            intents: [try Intent(name: "SetTemperature", parameters: [degrees], phrases: ["set the temperature to \\(degrees)"])])
    }

    /// Thermostat (10–30) and Oven (50–250) both set temperatures: 200 is
    /// for the oven, 20 could be either.
    @Test func aReadingOutOfRangeIsNoAlternative() throws {
        let matcher = Matcher(model: try CommandModel.combining([try Self.model("Thermostat", range: 10...30), try Self.model("Oven", range: 50...250)]))
        let oven = matcher.match("set the temperature to 200")
        #expect(oven.best?.application == "Oven")
        #expect(oven.tiedApplications.isEmpty)
        let neither = matcher.match("set the temperature to 400")
        #expect(neither.tiedApplications == ["Thermostat", "Oven"], "both out of range: still a question of which")
    }

    @Test func aSynonymThatSoundsLikeAnotherApplicationIsAnError() throws {
        let error = try #require(throws: ModelLoadError.self) {
            try CommandModel.combining([try Self.model("Messages", range: 0...1), try Self.model("Mail", synonyms: ["messages"], range: 0...1)])
        }
        #expect(error.diagnostics.map(\.message) == [#"application "Mail" has a name that sounds like application "Messages"; "Which app?" could not tell them apart"#])
    }

    @Test func aTypeDeclaredAlikeByTwoApplicationsIsShared() throws {
        let contact = CustomType(name: "Contact", title: "Contact", kind: .entity([Entity(id: "a", name: "Alex")]))
        var first = try Self.model("One", range: 0...1), second = try Self.model("Two", range: 0...1)
        first.types = [contact]
        var elsewhere = contact
        elsewhere.location = Diagnostic(severity: .error, message: "", file: "other.json", line: 3, column: 5)
        second.types = [elsewhere]
        #expect(try CommandModel.combining([first, second]).types.map(\.name) == ["Contact"])
    }
}

extension ModelCombinationTests {
    /// Any command may name its application first or last, as with Siri.
    @Test(arguments: [
        ("send a message to alex with the assistant", "Assistant"), ("ask courier to send a message to alex", "Courier"),
        ("please send a message to priya using the courier app", "Courier"), ("in the assistant set a timer for five minutes", "Assistant"),
        ("courier send a message to alex", "Courier"), ("send a message to alex on courier please", "Courier"),
    ])
    func namingTheApplicationAroundACommandSelectsIt(_ utterance: String, _ application: String) throws {
        let model = try Self.combined()
        let result = Matcher(model: model).match(utterance)
        #expect(result.best?.application == application)
        #expect(result.tiedApplications.isEmpty)
        #expect(result.best?.confidence ?? 0 > 0.9)
        #expect(try RecognitionGrammar.automaton(for: JSGFGrammar(model: model)).accepts(TextNormalizer.words(of: utterance)))
    }

    @Test func valuesKeepTheirPlaceInTheWholeUtterance() throws {
        let match = try #require(Matcher(model: try Self.combined()).match("ask courier to send a message to priya").best)
        #expect(match.argument("recipient")?.wordRange == 7..<8)
        #expect(match.argument("recipient")?.text == "priya")
    }

    @Test func anApplicationNamedForACommandItCannotDoMatchesNothing() throws {
        #expect(Matcher(model: try Self.combined()).match("set a timer for five minutes in courier").best == nil)
    }

    @Test func withOneApplicationNothingChanges() throws {
        let builtIn = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        #expect(!JSGFGrammar(model: builtIn).text.contains("application_prefix"))
    }
}
