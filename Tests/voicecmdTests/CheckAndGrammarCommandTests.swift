import Foundation
import Testing

struct CheckAndGrammarCommandTests {
    @Test func checkSummarisesTheDefaultModel() throws {
        let run = try ToolRunner.run(["check"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("intents:            11"))
        #expect(run.stdout.contains("errors: 0, warnings: 0"))
    }

    @Test func checkReportsWarningsWithPositions() throws {
        let run = try ToolRunner.run(["check", "Tests/voicecmdTests/Fixtures/overlap.json"])
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("Tests/voicecmdTests/Fixtures/overlap.json:"))
        #expect(run.stderr.contains("warning: intents Lights and Lamps can match the same words, for example \"turn on <Room>\""))
    }

    @Test func grammarIsJSGF() throws {
        let run = try ToolRunner.run(["grammar"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("#JSGF V1.0;\n"))
        #expect(run.stdout.contains("public <command> = <filler>*"))
    }
}

extension CheckAndGrammarCommandTests {
    /// 64 two-way groups inside an optional part: 2^64 phrases, counted
    /// without a trap; 3,700 nested groups: one error, no stack overflow.
    @Test func hugeAndDeepPhrasesAreCheckedSafely() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-huge-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let many = directory.appendingPathComponent("many.json").path
        try #"{"application": "A", "intents": {"Go": {"phrases": ["go [\#(String(repeating: "(a|b)", count: 64))]"]}}}"#
            .write(toFile: many, atomically: true, encoding: .utf8)
        let run = try ToolRunner.run(["check", many])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("phrases:            1 (more than 9e18 written out)"))
        let deep = directory.appendingPathComponent("deep.json").path
        try #"{"application": "A", "intents": {"Go": {"phrases": ["\#(String(repeating: "(", count: 3_700))go\#(String(repeating: ")", count: 3_700))"]}}}"#
            .write(toFile: deep, atomically: true, encoding: .utf8)
        let deepRun = try ToolRunner.run(["check", deep])
        #expect(deepRun.status == 1)
        #expect(deepRun.stderr.contains("groups nested more than 32 deep"), "\(deepRun.stderr.prefix(300))")
    }
}
