import Foundation
import Testing

/// Every kind of result, as a scripted conversation through `voicecmd run`
/// with the answers on stdin: the built-in model, or the built-in model with
/// a handler or an authenticate program added.
struct RunConversationTests {
    static let handlers = ToolRunner.projectDirectory.appendingPathComponent("Tests/VoiceCommandsTests/Fixtures/Handlers")

    /// Writes the built-in model with `insert` spliced in after `anchor`, returns its path.
    static func model(_ directory: URL, after anchor: String, insert: String) throws -> String {
        let text = try String(contentsOf: ToolRunner.projectDirectory.appendingPathComponent("Models/default.json"), encoding: .utf8)
        guard let range = text.range(of: anchor) else { throw CocoaError(.fileReadCorruptFile) }
        let path = directory.appendingPathComponent("model-\(UUID().uuidString).json").path
        try text.replacingCharacters(in: range, with: anchor + insert).write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    static func script(_ name: String, _ arguments: [String] = []) -> String {
        (["/bin/sh", handlers.appendingPathComponent(name).path] + arguments).map { "\"\($0)\"" }.joined(separator: ", ")
    }

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(arguments: [
        // (what is said, stdin, printed, exit status)
        ("set a timer", "five minutes\n", "? For how long?\nYour five minute timer is set.\n", Int32(0)),
        ("send a message to alex", "the second one\nhi\nyes\n",
         "? Which contact: Alex Smith or Alex Jones?\n? What do you want to say?\n? Send hi to Alex Jones?\nOkay, I sent it to Alex Jones.\n", 0),
        ("send a message to alex", "Jones\nhi\nyes\n",
         "? Which contact: Alex Smith or Alex Jones?\n? What do you want to say?\n? Send hi to Alex Jones?\nOkay, I sent it to Alex Jones.\n", 0),
        ("text dad saying hello", "yes\n", "? Send hello to Dad?\nOkay, I sent it to Dad.\n", 0),
        ("text dad saying hello", "no\n", "? Send hello to Dad?\nOkay, I won't.\n", 1),
        ("send a message saying hi", "Jordan Tailor\nyes\nyes\n",
         "? Who do you want to message?\n? Did you mean Jordan Taylor?\n? Send hi to Jordan Taylor?\nOkay, I sent it to Jordan Taylor.\n", 0),
        ("order eleven small espressos", "", "Sorry, the quantity has to be between one and ten.\n", 1),
        ("get me a ride to the airport", "", "Please sign in first so I can book your ride.\n", 1),
        ("set a timer", "never mind\n", "? For how long?\nOkay, I've canceled that.\n", 1),
        ("send a message to alex", "cancel\n", "? Which contact: Alex Smith or Alex Jones?\nOkay, I've canceled that.\n", 1),
        ("send a message saying hi", "Jordan Tailor\nstop\n", "? Who do you want to message?\n? Did you mean Jordan Taylor?\nOkay, I've canceled that.\n", 1),
        ("text dad saying hello", "forget it\n", "? Send hello to Dad?\nOkay, I've canceled that.\n", 1),
    ])
    func aConversationOnTheBuiltInModel(_ said: String, _ stdin: String, _ printed: String, _ status: Int32) throws {
        let run = try ToolRunner.run(["run", said], stdin: stdin)
        #expect(run.stdout == printed)
        #expect(run.status == status)
    }

    @Test func authenticationIsRefusedThenAllowedOnceTheProgramSucceeds() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = directory.appendingPathComponent("token").path
        let model = try Self.model(directory, after: "{", insert: "\n  \"authenticate\": {\"run\": [\(Self.script("authenticate.sh", [token]))]},")
        let refused = try ToolRunner.run(["run", "--commands", model, "get me a ride to the airport"])
        #expect(refused.stdout == "Please sign in first so I can book your ride.\n")
        #expect(refused.status == 1)
        #expect(FileManager.default.createFile(atPath: token, contents: Data()))
        let allowed = try ToolRunner.run(["run", "--commands", model, "get me a ride to the airport"])
        #expect(allowed.stdout == "Your ride to the airport is on its way.\n")
        #expect(allowed.status == 0)
    }

    @Test func handlersThatFailTimeOutOrReportProgress() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let failing = try Self.model(directory, after: "\"SetTimer\": {", insert: "\"handler\": {\"run\": [\(Self.script("fail.sh"))]},")
        let failed = try ToolRunner.run(["run", "--commands", failing, "set a timer for ten minutes"])
        #expect(failed.stdout == "Sorry, I couldn't set the timer.\n")
        #expect(failed.stderr.contains("the printer is out of paper"), "the handler's stderr is passed through")
        #expect(failed.stderr.contains("exited with status 3"))
        #expect(failed.status == 1)

        let child = directory.appendingPathComponent("child").path
        let hanging = try Self.model(directory, after: "\"SetTimer\": {",
                                     insert: "\"handler\": {\"run\": [\(Self.script("hang.sh", [child]))], \"timeout\": 0.5},")
        let started = Date()
        let timedOut = try ToolRunner.run(["run", "--commands", hanging, "set a timer for ten minutes"])
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(timedOut.stdout == "Sorry, I couldn't set the timer.\n")
        #expect(timedOut.stderr.contains("timed out after 0.5 s"))

        let progressing = try Self.model(directory, after: "\"SetTimer\": {", insert: """
            "handler": {"run": [\(Self.script("in-progress.sh"))]},
            """)
        let progress = try ToolRunner.run(["run", "--json", "--commands", progressing, "set a timer for ten minutes"])
        #expect(progress.status == 0)
        let replies = progress.stdout.split(separator: "\n").filter { $0.contains("\"event\":\"reply\"") }
        #expect(replies == [#"{"event":"reply","code":"inProgress","text":"Working on it."}"#,
                            #"{"event":"reply","code":"success","text":"Your ten minute timer is set."}"#])
    }
}
