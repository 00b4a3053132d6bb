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
