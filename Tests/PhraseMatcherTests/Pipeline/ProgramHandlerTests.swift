import Foundation
import Testing
@testable import PhraseMatcher

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
        let outcome = ProgramHandler(handler).handle(request) { _ in }
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
        let outcome = ProgramHandler(handler).handle(request) { _ in }
        #expect(outcome.code == .failure)
        #expect(outcome.detail?.contains("would be read as an option") == true)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(arguments: ["../../etc/passwd", "..", "a/b"])
    func aValueCannotLeaveAPath(_ content: String) throws {
        let handler = Handler(arguments: ["/bin/cat", "/srv/notes/${content}.txt"])
        let (request, _) = try request(content)
        let outcome = ProgramHandler(handler).handle(request) { _ in }
        #expect(outcome.code == .failure)
        #expect(outcome.detail?.contains("would leave the path") == true)
    }

    @Test func environmentNamesSplitCamelCase() {
        #expect(ProgramHandler.environmentName("partySize") == "PARTY_SIZE")
        #expect(ProgramHandler.environmentName("content") == "CONTENT")
        #expect(ProgramHandler.environmentName("room2Light") == "ROOM2_LIGHT")
    }

    @Test func aMissingProgramIsAFailureThatSaysWhich() throws {
        let (request, _) = try request("hi")
        let outcome = ProgramHandler(Handler(arguments: ["voicecmd-no-such-program"])).handle(request) { _ in }
        #expect(outcome.code == .failure)
        #expect(outcome.detail == "voicecmd-no-such-program: no such program (not found on PATH)")
    }
}
