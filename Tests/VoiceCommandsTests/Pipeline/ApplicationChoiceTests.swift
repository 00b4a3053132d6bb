import Foundation
import Testing
@testable import VoiceCommands
import PhraseMatcher

/// The built-in model and Courier (Models/examples/courier.json) heard
/// together: both send messages, so a request that names neither is asked
/// about ("Which app…?"), and one that names Courier is not.
struct ApplicationChoiceTests {
    static let courierPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Models/examples/courier.json").path

    static func twoApplications() throws -> CommandModel {
        try CommandModel.combining([try ConversationScript.defaultModel(), try ModelLoader.load(path: courierPath)])
    }

    @Test(arguments: ["courier", "Courier please", "the second one", "the courier app", "number two"])
    func theApplicationIsAskedForAndTakenByNameOrPlace(_ answer: String) async throws {
        let script = try ConversationScript(model: Self.twoApplications())
        let reply = await script.run("send a message to alex", answers: [answer, "yes"])
        let which = try #require(script.prompts.first)
        #expect(which.kind == .application)
        #expect(which.text == "Which app: Assistant or Courier?")
        #expect(which.options == ["Assistant", "Courier"])
        #expect(script.prompts.map(\.kind) == [.application, .confirmation])
        #expect(reply == Reply(code: .success, text: "Sent to Alex Kim with Courier."))
    }

    @Test func theFirstOneGoesOnWithThatApplicationsQuestions() async throws {
        let script = try ConversationScript(model: Self.twoApplications())
        let reply = await script.run("send a message to alex", answers: ["the first one", "Alex Jones", "running late", "yes"])
        #expect(script.prompts.map(\.kind) == [.application, .disambiguation, .needsValue, .confirmation])
        #expect(reply == Reply(code: .success, text: "Okay, I sent it to Alex Jones."))
    }

    @Test(arguments: ["in courier send a message to alex", "send a message to alex with courier", "message alex on courier",
                      "ask courier to send a message to alex", "send a message to alex using the courier app"])
    func namingTheApplicationAsksNothing(_ utterance: String) async throws {
        let script = try ConversationScript(model: Self.twoApplications())
        let reply = await script.run(utterance, answers: ["yes"])
        #expect(script.prompts.map(\.kind) == [.confirmation])
        #expect(reply?.text == "Sent to Alex Kim with Courier.")
    }

    @Test func cancelAndNonsenseEndTheQuestion() async throws {
        let canceled = try ConversationScript(model: Self.twoApplications())
        #expect(await canceled.run("send a message to alex", answers: ["cancel"])?.code == .canceled)
        let confused = try ConversationScript(model: Self.twoApplications())
        let reply = await confused.run("send a message to alex", answers: ["banana", "purple"])
        #expect(confused.prompts.map(\.text) == ["Which app: Assistant or Courier?", "Sorry, I didn't get that. Which app: Assistant or Courier?"])
        #expect(reply?.code == .failure)
    }

    @Test func anIntentOnlyOneApplicationHasIsNotAskedAbout() async throws {
        let script = try ConversationScript(model: Self.twoApplications())
        #expect(await script.run("set a timer for five minutes")?.text == "Your five minute timer is set.")
        #expect(script.prompts.isEmpty)
    }

    @Test func theSpokenAnswerGrammarHoldsTheApplicationsNames() async throws {
        let engine = try CommandEngine(model: try Self.twoApplications())
        let conversation = engine.conversation { _ in }
        await conversation.start(await engine.match("send a message to alex"))
        let grammar = try #require(conversation.answerGrammar())
        let matcher = Matcher(model: grammar)
        for answer in ["courier", "the courier app", "assistant", "the second one", "cancel"] {
            #expect(matcher.match(answer).best != nil, "\(answer)")
        }
    }
}

extension ApplicationChoiceTests {
    /// A handler registered for one application's SendMessage leaves the other's alone.
    @Test func aHandlerRegisteredForOneApplicationIsOnlyItsOwn() async throws {
        final class Recorder: IntentHandler, @unchecked Sendable {
            // @unchecked: used from the test's one thread.
            var handled: [String] = []
            func handle(_ request: HandlerRequest, progress: HandlerProgress) -> HandlerOutcome {
                handled.append(request.intent.name)
                return HandlerOutcome(code: .success)
            }
        }
        let engine = try CommandEngine(model: try Self.twoApplications())
        let recorder = Recorder()
        engine.register(recorder, forIntent: "SendMessage", in: "Courier")
        let assistant = ConversationScript(engine: engine)
        #expect(await assistant.run("text mom saying hello", answers: ["yes"])?.text == "Okay, I sent it to Mom.")
        #expect(recorder.handled.isEmpty)
        let courier = ConversationScript(engine: engine)
        #expect(await courier.run("in courier send a message to priya", answers: ["yes"])?.text == "Sent to Priya Shah with Courier.")
        #expect(recorder.handled == ["SendMessage"])
    }

    /// Each application's ids are said with its own titles.
    @Test func valuesAreSaidWithTheirApplicationsNames() async throws {
        let first = CommandModel(application: "Cafe", types: [CustomType(name: "Size", title: "Size", kind: .enumeration([EnumCase(identifier: "large", title: "large")]))],
                                 intents: [try Intent(name: "Order", parameters: [Parameter(name: "size", type: .custom("Size"))],
                                                      phrases: ["order a \\(size) coffee"], replies: ["success": "Your \\(size) coffee is coming."])])
        let second = CommandModel(application: "Pizza", types: [CustomType(name: "Size", title: "Size", kind: .enumeration([EnumCase(identifier: "large", title: "family size")]))],
                                  intents: [try Intent(name: "Bake", parameters: [Parameter(name: "size", type: .custom("Size"))],
                                                       phrases: ["bake a \\(size) pizza"], replies: ["success": "Your \\(size) pizza is in the oven."])])
        let script = try ConversationScript(model: CommandModel.combining([first, second]))
        #expect(await script.run("bake a family size pizza")?.text == "Your family size pizza is in the oven.")
        #expect(await script.run("order a large coffee")?.text == "Your large coffee is coming.")
    }
}
