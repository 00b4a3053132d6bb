import Foundation
import Testing
@testable import VoiceCommands
import PhraseMatcher

/// Spoken words are data: whatever a value holds, the handler's program gets
/// it as one literal argument, and nothing else runs.
struct ProgramHandlerTests {
    static let hostile = [
        "; rm -rf /", "$(reboot)", "$(touch CANARY)", "`touch CANARY`", "--help", "\"quoted\" and 'single'",
        "line one\nline two", "&& touch CANARY", "| touch CANARY", "${HOME}", "*", "> CANARY",
    ]

    private func request(_ content: String) throws -> (HandlerRequest, Intent) {
        let model = try ConversationScript.defaultModel()
        let intent = try #require(model.intent(named: "SendMessage"))
        let values = ["content": ResolvedValue(value: .text(content), text: content),
                      "recipient": ResolvedValue(value: .entity("mom"), text: "mom")]
        return (HandlerRequest(intent: intent, values: values, text: "text mom saying \(content)"), intent)
    }

    @Test(arguments: hostile)
    func aHostileValueArrivesAsOneLiteralArgument(_ content: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-handler-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("arguments").path
        let handler = ConversationScript.script("record-arguments.sh", [out, "--", "${content}", "to:${recipient}"])
        let (request, _) = try request(content)
        let outcome = ProgramHandler(handler).handle(request)
        #expect(outcome.code == .success, "\(outcome.detail ?? "")")
        let recorded = try Data(contentsOf: URL(fileURLWithPath: out))
        let arguments = recorded.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        #expect(arguments == ["--", content, "to:mom"])
        // A shell would have run `touch CANARY` in the handler's working directory, ours.
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/CANARY"))
        let stdin = try String(contentsOfFile: out + ".stdin", encoding: .utf8)
        #expect(stdin.contains("\"intent\":\"SendMessage\""))
        let environment = try String(contentsOfFile: out + ".env", encoding: .utf8)
        #expect(environment.contains("VOICECMD_INTENT=SendMessage"))
        #expect(environment.contains("VOICECMD_ARG_RECIPIENT=mom"))
    }

    @Test func aValueThatWouldBeAnOptionIsRefusedWithoutDoubleDash() throws {
        let out = ConversationScript.temporaryPath("arguments")
        let handler = ConversationScript.script("record-arguments.sh", [out, "${content}"])
        let (request, _) = try request("--help")
        let outcome = ProgramHandler(handler).handle(request)
        #expect(outcome.code == .failure)
        #expect(outcome.detail?.contains("would be read as an option") == true)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(arguments: [
        ("/srv/notes/${content}.txt", "../../etc/passwd"), ("${content}.txt", "../../etc/passwd"),
        ("--out=${content}", "/etc/passwd"), ("notes-${content}", ".."), ("/srv/${content}", "a/b"),
    ])
    func aValueCannotLeaveAPathOrName(_ element: String, _ content: String) throws {
        let handler = Handler(arguments: ["/bin/cat", element])
        let (request, _) = try request(content)
        let outcome = ProgramHandler(handler).handle(request)
        #expect(outcome.code == .failure)
        #expect(outcome.detail?.contains("would leave the path or name") == true)
    }

    @Test func theProgramNeverComesFromAValue() throws {
        let (request, _) = try request("touch")
        let outcome = ProgramHandler(Handler(arguments: ["${content}", "CANARY"])).handle(request)
        #expect(outcome.code == .failure)
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/CANARY"))
    }

    @Test func numbersReachTheProgramInFullWithoutExponents() {
        #expect(ProgramHandler.argumentText(.number(1_234_567.89)) == "1234567.89")
        #expect(ProgramHandler.argumentText(.duration(seconds: 1_080_000)) == "1080000")
        #expect(ProgramHandler.argumentText(.currency(amount: 3.5, code: "USD")) == "3.5 USD")
        #expect(ProgramHandler.argumentText(.number(0.00001)) == "0.00001")
    }

    @Test func aHandlerThatLeavesABackgroundJobIsDoneWhenItExits() throws {
        let (request, _) = try request("hi")
        let started = Date()
        let handler = Handler(arguments: ["/bin/sh", "-c", "sleep 30 & echo '{\"n\": 1}'"], timeout: 5)
        let outcome = ProgramHandler(handler).handle(request)
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(outcome.code == .success)
        #expect(outcome.fields["n"] == .number(1))
    }

    @Test func aFloodOfOutputDoesNotStretchTheTimeout() throws {
        let (request, _) = try request("hi")
        let started = Date()
        let outcome = ProgramHandler(Handler(arguments: ["/usr/bin/yes", "{\"x\": 1}"], timeout: 0.5)).handle(request)
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(outcome.code == .failure)
        #expect(outcome.detail?.contains("timed out") == true)
    }

    @Test func environmentNamesSplitCamelCase() {
        #expect(ProgramHandler.environmentName("partySize") == "PARTY_SIZE")
        #expect(ProgramHandler.environmentName("content") == "CONTENT")
        #expect(ProgramHandler.environmentName("room2Light") == "ROOM2_LIGHT")
    }

    @Test func aMissingProgramIsAFailureThatSaysWhich() throws {
        let (request, _) = try request("hi")
        let outcome = ProgramHandler(Handler(arguments: ["voicecmd-no-such-program"])).handle(request)
        #expect(outcome.code == .failure)
        #expect(outcome.detail == "voicecmd-no-such-program: no such program on PATH")
    }
}

extension ProgramHandler {
    /// Handles `request` on this thread (a test that times it must not
    /// wait for a shared thread to resume it), its progress reports unheard.
    func handle(_ request: HandlerRequest) -> HandlerOutcome {
        let (_, progress) = AsyncStream.makeStream(of: [String: ReplyField].self)
        return handleBlocking(request, progress: HandlerProgress(progress))
    }
}
