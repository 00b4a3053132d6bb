import Foundation
import Testing

/// `voicecmd run`: scripted conversations through the tool, answers on stdin.
struct RunCommandTests {
    @Test func aMissingValueIsAskedForOnStandardInput() throws {
        let run = try ToolRunner.run(["run", "set a timer"], stdin: "an hour and a half\n")
        #expect(run.status == 0)
        #expect(run.stdout == "? For how long?\nYour ninety minute timer is set.\n")
    }

    @Test func eventsAsJSONLines() throws {
        let run = try ToolRunner.run(["run", "--json", "send a message to alex"], stdin: "the second one\nhello\nyes\n")
        #expect(run.status == 0)
        #expect(run.stdout == """
            {"event":"intent","intent":"SendMessage","application":"Assistant","arguments":{"recipient":{"value":null,"text":"alex","candidates":["alex-smith","alex-jones"]}}}
            {"event":"prompt","kind":"disambiguation","parameter":"recipient","text":"Which contact: Alex Smith or Alex Jones?","options":["alex-smith","alex-jones"]}
            {"event":"answer","text":"the second one"}
            {"event":"prompt","kind":"needsValue","parameter":"content","text":"What do you want to say?"}
            {"event":"answer","text":"hello"}
            {"event":"prompt","kind":"confirmation","parameter":null,"text":"Send hello to Alex Jones?"}
            {"event":"answer","text":"yes"}
            {"event":"reply","code":"success","text":"Okay, I sent it to Alex Jones."}

            """)
    }

    /// As in a spoken session: a command typed while a question waits
    /// cancels that request, saying so, and is carried out.
    @Test func aNewCommandDuringAQuestionIsTaken() throws {
        let run = try ToolRunner.run(["run", "send a message to alex"], stdin: "set a timer for five minutes\n")
        #expect(run.status == 0)
        #expect(run.stdout == "? Which contact: Alex Smith or Alex Jones?\nOkay, I've canceled that.\nYour five minute timer is set.\n")
    }

    /// Typed free text is the answer even when it reads as a command: it is
    /// the message to send.
    @Test func aMessageThatReadsAsACommandIsStillTheMessage() throws {
        let run = try ToolRunner.run(["run", "send a message to alex"], stdin: "the second one\nturn off the kitchen light\nyes\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("? Send turn off the kitchen light to Alex Jones?"), "\(run.stdout)")
    }

    @Test func aDeclinedConfirmationExitsWithOne() throws {
        let run = try ToolRunner.run(["run", "text mom saying on my way"], stdin: "no\n")
        #expect(run.status == 1)
        #expect(run.stdout == "? Send on my way to Mom?\nOkay, I won't.\n")
    }

    @Test func theEndOfInputIsNoAnswer() throws {
        let run = try ToolRunner.run(["run", "set a timer"], stdin: "")
        #expect(run.status == 1)
        #expect(run.stdout == "? For how long?\nI didn't hear an answer, so I've stopped.\n")
    }

    @Test func noAnswerWithinTheTimeoutGivesUp() throws {
        let started = Date()
        let run = try ToolRunner.run(["run", "--answer-timeout", "0.3", "set a timer"], stdin: nil, keepInputOpen: 3)
        #expect(Date().timeIntervalSince(started) < 2.5)
        #expect(run.stdout.hasSuffix("I didn't hear an answer, so I've stopped.\n"))
    }

    @Test func aHandlerRunsWithItsOutputInTheReply() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("orders.json")
        try #"""
            {"application": "Orders",
             "intents": {"Order": {
               "parameters": {"count": {"type": "integer", "max": 5}},
               "phrases": ["order \(count) pizzas"],
               "handler": {"run": ["/bin/echo", "{\"orderNumber\": 17}"], "timeout": 5},
               "replies": {"success": "Order \(orderNumber): \(count) pizzas."}}}}
            """#.write(to: model, atomically: false, encoding: .utf8)
        let ok = try ToolRunner.run(["run", "--commands", model.path, "order 3 pizzas"])
        #expect(ok.status == 0)
        #expect(ok.stdout == "Order seventeen: three pizzas.\n")
        let tooMany = try ToolRunner.run(["run", "--commands", model.path, "order twelve pizzas"])
        #expect(tooMany.status == 1)
        #expect(tooMany.stdout == "Sorry, the count can be at most five.\n")
    }

    @Test func aHandlerPathIsFoundBesideTheModel() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("handlers"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("handlers/count.sh")
        try "#!/bin/sh\necho '{\"n\": 3}'\n".write(to: script, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let model = directory.appendingPathComponent("model.json")
        try #"{"application": "A", "intents": {"Count": {"phrases": ["count"], "handler": {"run": ["./handlers/count.sh"]}, "replies": {"success": "\(n)."}}}}"#
            .write(to: model, atomically: false, encoding: .utf8)
        let run = try ToolRunner.run(["run", "--commands", model.path, "count"])
        #expect(run.stdout == "three.\n")
        #expect(run.status == 0)
    }

    @Test func nothingMatchedIsAnIntentEventWithNoIntent() throws {
        let run = try ToolRunner.run(["run", "--json", "what is the meaning of life"])
        #expect(run.status == 1)
        #expect(run.stdout == #"{"event":"intent","intent":null,"text":"what is the meaning of life"}"# + "\n"
                + #"{"event":"reply","code":"failure","text":"Sorry, I don't know how to help with that."}"# + "\n")
    }

    @Test func aClosedStandardInputIsNoAnswer() throws {
        // Only a shell can start a program with stdin closed (`<&-`).
        let tool = ToolRunner.productsDirectory.appendingPathComponent("voicecmd").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" run 'set a timer' <&-", tool]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(printed == "? For how long?\nI didn't hear an answer, so I've stopped.\n")
    }

    @Test func aBadTimeoutIsAUsageError() throws {
        let run = try ToolRunner.run(["run", "--answer-timeout", "soon", "set a timer"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --answer-timeout needs a positive number of seconds, not 'soon'"))
    }

    /// 1e10 s made a deadline that trapped; infinities and NaN are no better.
    @Test(arguments: ["1e10", "inf", "nan", "0"])
    func aTimeoutOutOfRangeIsAUsageError(_ value: String) throws {
        let run = try ToolRunner.run(["run", "--answer-timeout", value, "set a timer"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --answer-timeout needs a positive number of seconds, not '\(value)' (at most 86400, a day)"))
    }
}
