import Foundation
import Testing
@testable import VoiceCommands
import PhraseMatcher

/// Scripted conversations on the built-in model, one per kind of result.
struct ConversationTests {
    @Test func aMissingDurationIsAskedForAndSupplied() async throws {
        let script = try ConversationScript()
        let reply = await script.run("set a timer", answers: ["five minutes"])
        #expect(script.prompts.map(\.kind) == [.needsValue])
        #expect(script.prompts.first?.text == "For how long?")
        #expect(reply == Reply(code: .success, text: "Your five minute timer is set."))
    }

    @Test func anAnswerThatIsNoValueIsAskedAgainThenGivenUp() async throws {
        let script = try ConversationScript()
        let reply = await script.run("set a timer", answers: ["banana", "purple"])
        #expect(script.prompts.map(\.text) == ["For how long?", "Sorry, I didn't get that. For how long?"])
        #expect(reply?.code == .failure)
    }

    @Test(arguments: ["the second one", "Jones", "Alex Jones", "number two", "2nd"])
    func severalContactsAreDisambiguated(_ answer: String) async throws {
        let script = try ConversationScript()
        let reply = await script.run("send a message to Alex", answers: [answer, "running late", "yes"])
        let which = try #require(script.prompts.first)
        #expect(which.kind == .disambiguation)
        #expect(which.text == "Which contact: Alex Smith or Alex Jones?")
        #expect(which.options == ["alex-smith", "alex-jones"])
        #expect(script.prompts.map(\.kind) == [.disambiguation, .needsValue, .confirmation])
        #expect(script.prompts.last?.text == "Send running late to Alex Jones?")
        #expect(reply == Reply(code: .success, text: "Okay, I sent it to Alex Jones."))
    }

    /// Many people of one name: the question names the first five and
    /// "another"; "another" asks about the next five; a choice among them
    /// is taken. (All 100,000 named took minutes, and could not be heard.)
    @Test func manyCandidatesAreOfferedFiveAtATime() async throws {
        let call = try Intent(name: "Call", parameters: [Parameter(name: "who", type: .custom("Contact"))], phrases: ["call \\(who)"])
        let people = (0..<12).map { Entity(id: "amy-\($0)", name: "Amy Ng") }
        let model = CommandModel(application: "Phone", types: [CustomType(name: "Contact", title: "Contact", kind: .entity(people))],
                                 intents: [call])
        let script = ConversationScript(engine: try CommandEngine(model: model))
        let reply = await script.run("call amy ng", answers: ["another", "none of them", "the second one"])
        #expect(script.prompts.map(\.text) == Array(repeating: "Which contact: Amy Ng, Amy Ng, Amy Ng, Amy Ng, Amy Ng or another?", count: 2)
                + ["Which contact: Amy Ng or Amy Ng?"])
        #expect(script.prompts.map(\.options) == [(0..<5).map { "amy-\($0)" }, (5..<10).map { "amy-\($0)" }, ["amy-10", "amy-11"]])
        #expect(script.prompts.map(\.offersMore) == [true, true, false])
        #expect(reply?.code == .success)
    }

    @Test func aNeedsValueAnswerCanItselfNeedDisambiguation() async throws {
        let script = try ConversationScript()
        let reply = await script.run("send a message saying hello", answers: ["Alex", "the first one", "yes"])
        #expect(script.prompts.map(\.kind) == [.needsValue, .disambiguation, .confirmation])
        #expect(reply?.text == "Okay, I sent it to Alex Smith.")
    }

    @Test func theConfirmationCanBeDeclined() async throws {
        let script = try ConversationScript()
        let reply = await script.run("text mom saying I'll be late", answers: ["no thanks"])
        #expect(script.prompts.map(\.text) == ["Send I'll be late to Mom?"])
        #expect(reply?.code == .canceled)
    }

    @Test(arguments: ["yes", "yeah sure", "go ahead", "okay", "that's right"])
    func theConfirmationCanBeAccepted(_ answer: String) async throws {
        let script = try ConversationScript()
        let reply = await script.run("text mom saying I'll be late", answers: [answer])
        #expect(reply?.code == .success)
    }

    @Test func aMisheardNameIsConfirmedBeforeUse() async throws {
        let script = try ConversationScript()
        let reply = await script.run("send a message saying hello", answers: ["Jordan Tailor", "yes", "yes"])
        #expect(script.prompts.map(\.kind) == [.needsValue, .confirmationRequired, .confirmation])
        #expect(script.prompts[1].text == "Did you mean Jordan Taylor?")
        #expect(reply?.text == "Okay, I sent it to Jordan Taylor.")
    }

    @Test func aDoubtedValueThatIsDeniedIsAskedFor() async throws {
        let script = try ConversationScript()
        await script.run("send a message saying hello", answers: ["Jordan Tailor", "no", "Maria", "yes"])
        #expect(script.prompts.map(\.kind) == [.needsValue, .confirmationRequired, .needsValue, .confirmation])
        #expect(script.replies.last?.text == "Okay, I sent it to Maria Garcia.")
    }

    @Test func lowSpeechConfidenceConfirmsNamedValues() async throws {
        let script = try ConversationScript()
        let conversation = script.engine.conversation { _ in }
        let state = await conversation.start(await script.engine.match("turn on the kitchen light"), confidence: 0.3)
        guard case .waiting(let prompt) = state else { Issue.record("expected a question, got \(state)"); return }
        #expect(prompt.kind == .confirmationRequired)
        #expect(prompt.text == "Did you mean kitchen light?")
    }

    @Test func anOutOfRangeValueIsRefusedWithTheReason() async throws {
        let script = try ConversationScript()
        let reply = await script.run("get me a ride to the airport for eight people")
        #expect(reply == Reply(code: .unsupported, text: "Sorry, the party size has to be between one and six."))
        #expect(script.prompts.isEmpty)
    }

    @Test func anUnknownAnswerIsExplainedAndAskedAgain() async throws {
        let script = try ConversationScript()
        let reply = await script.run("send a message saying hi", answers: ["Bartholomew", "Bartholomew"])
        #expect(script.prompts.map(\.text) == ["Who do you want to message?",
                                              "Sorry, I don't know a contact called Bartholomew. Who do you want to message?"])
        #expect(reply == Reply(code: .unsupported, text: "Sorry, I don't know a contact called Bartholomew."))
    }

    @Test func anOutOfRangeAnswerIsExplainedAndAskedAgain() async throws {
        let order = try Intent(name: "OrderPizza",
                               parameters: [Parameter(name: "count", type: .integer, title: "Number of pizzas", prompt: "How many?", maximum: 5)],
                               phrases: ["order pizzas", "order \\(count) pizzas"],
                               replies: ["success": "Ordering \\(count) pizzas."])
        let script = try ConversationScript(model: CommandModel(application: "Pizza", intents: [order]))
        let reply = await script.run("order pizzas", answers: ["twelve", "three"])
        #expect(script.prompts.map(\.text) == ["How many?", "Sorry, the number of pizzas can be at most five. How many?"])
        #expect(reply == Reply(code: .success, text: "Ordering three pizzas."))
    }

    @Test func theConfirmationIsAskedBeforeAuthenticating() async throws {
        let counter = CountingAuthenticator()
        var model = try ConversationScript.defaultModel()
        model = model.changing("RequestRide") { $0.confirmation = "Book a ride to \\(destination)?" }
        let script = try ConversationScript(model: model)
        script.engine.register(counter)
        #expect(await script.run("get me a ride to the airport", answers: ["no"])?.code == .canceled)
        #expect(counter.count == 0, "no sign-in for a request declined")
        #expect(await script.run("get me a ride to the airport", answers: ["yes"])?.code == .success)
        #expect(counter.count == 1)
    }

    /// @unchecked Sendable: `count` is guarded by `lock`.
    final class CountingAuthenticator: Authenticator, @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        var count: Int { lock.withLock { calls } }
        func authenticate() -> Authentication { lock.withLock { calls += 1 }; return .succeeded }
    }

    @Test func anIntentNeedingAuthenticationIsRefusedWithoutAnAuthenticator() async throws {
        let script = try ConversationScript()
        let reply = await script.run("get me a ride to the airport")
        #expect(reply == Reply(code: .requiresAuthentication, text: "Please sign in first so I can book your ride."))
    }

    @Test func authenticationIsRefusedThenAllowedOnceTheProgramSucceeds() async throws {
        let token = ConversationScript.temporaryPath("token")
        var model = try ConversationScript.defaultModel()
        model.authenticate = ConversationScript.script("authenticate.sh", [token])
        let script = try ConversationScript(model: model)
        #expect(await script.run("get me a ride to the airport")?.code == .requiresAuthentication)
        #expect(FileManager.default.createFile(atPath: token, contents: Data()))
        #expect(await script.run("get me a ride to the airport") == Reply(code: .success, text: "Your ride to the airport is on its way."))
        // Remembered for the authentication timeout: the program is not asked again.
        try FileManager.default.removeItem(atPath: token)
        #expect(await script.run("book me a taxi to work")?.code == .success)
    }

    @Test func aFailingHandlerGivesTheFailureReply() async throws {
        let model = try ConversationScript.defaultModel().changing("SetTimer") { $0.handler = ConversationScript.script("fail.sh") }
        let script = try ConversationScript(model: model)
        let reply = await script.run("set a timer for ten minutes")
        #expect(reply == Reply(code: .failure, text: "Sorry, I couldn't set the timer."))
        #expect(script.notes.contains { $0.contains("exited with status 3") })
    }

    @Test func aHandlerThatTimesOutIsKilledWithEverythingItStarted() async throws {
        let childFile = ConversationScript.temporaryPath("child")
        defer { try? FileManager.default.removeItem(atPath: childFile) }
        let model = try ConversationScript.defaultModel().changing("SetTimer") {
            $0.handler = ConversationScript.script("hang.sh", [childFile], timeout: 0.5)
        }
        let script = try ConversationScript(model: model)
        let reply = await script.run("set a timer for ten minutes")
        #expect(reply?.code == .failure)
        #expect(script.notes.contains { $0.contains("timed out") })
        let child = try #require(Int32(String(contentsOfFile: childFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        try await Task.sleep(for: .milliseconds(200))
        #expect(!Self.isRunning(child))
    }

    /// Running, not gone or a zombie waiting for a parent to reap it.
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    @Test func aHandlerInProgressGivesAReplyNowAndTheFinalOneWhenItEnds() async throws {
        let model = try ConversationScript.defaultModel().changing("SetTimer") {
            $0.handler = ConversationScript.script("in-progress.sh")
            $0.replies["inProgress"] = "Setting it up with \\(driver)."
            $0.replies["success"] = "Your \\(duration) timer is set, \\(eta) seconds late."
        }
        let script = try ConversationScript(model: model)
        await script.run("set a timer for ten minutes")
        #expect(script.replies == [Reply(code: .inProgress, text: "Setting it up with Sam."),
                                   Reply(code: .success, text: "Your ten minute timer is set, four seconds late.")])
    }

    @Test func cancelEndsEveryKindOfPrompt() async throws {
        let cases: [(String, [String], Prompt.Kind)] = [
            ("set a timer", [], .needsValue),
            ("send a message to alex", [], .disambiguation),
            ("send a message saying hi", ["Jordan Tailor"], .confirmationRequired),
            ("text mom saying hi", [], .confirmation),
        ]
        for (utterance, before, kind) in cases {
            for cancel in ["cancel", "never mind", "stop", "forget it"] {
                let script = try ConversationScript()
                let reply = await script.run(utterance, answers: before + [cancel])
                #expect(script.prompts.last?.kind == kind, "\(utterance)")
                #expect(reply == Reply(code: .canceled, text: "Okay, I've canceled that."), "\(utterance) / \(cancel)")
            }
        }
    }

    @Test func noAnswerInTimeGivesUpSayingSo() async throws {
        let script = try ConversationScript()
        let reply = await script.run("set a timer", answers: [nil])
        #expect(reply == Reply(code: .noAnswer, text: "I didn't hear an answer, so I've stopped."))
    }

    @Test func somethingNoIntentFitsGetsAPlainFailure() async throws {
        let script = try ConversationScript()
        #expect(await script.run("what is the meaning of life")?.code == .failure)
    }
}
