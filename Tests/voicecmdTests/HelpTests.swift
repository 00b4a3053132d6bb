import Testing

/// Help text and usage errors, golden-tested in swift-argument-parser's layout.
struct HelpTests {
    func expectGolden(_ name: String, _ text: String) throws {
        if ToolRunner.updatingGolden { try ToolRunner.writeGolden(name, text); return }
        #expect(text == (try ToolRunner.golden(name)))
    }

    @Test func rootHelpIsTheSameEveryWayItIsAsked() throws {
        let help = try ToolRunner.run(["--help"])
        #expect(help.status == 0)
        try expectGolden("root-help.txt", help.stdout)
        for arguments in [["-h"], ["help"], []] {
            #expect(try ToolRunner.run(arguments).stdout == help.stdout)
        }
    }

    @Test(arguments: ["transcribe", "listen", "match", "run", "shortcut", "check", "grammar", "wake", "init", "sample", "test", "manual", "completions"])
    func subcommandHelpIsTheSameEveryWayItIsAsked(_ name: String) throws {
        let help = try ToolRunner.run(["help", name])
        #expect(help.status == 0)
        try expectGolden("\(name)-help.txt", help.stdout)
        #expect(try ToolRunner.run([name, "--help"]).stdout == help.stdout)
        #expect(try ToolRunner.run([name, "-h"]).stdout == help.stdout)
    }

    @Test(arguments: [
        ("unknown-option.txt", ["match", "--frobnicate", "hello"]),
        ("missing-value.txt", ["match", "--commands"]),
        ("unknown-subcommand.txt", ["frobnicate"]),
        ("extra-argument.txt", ["listen", "a.wav"]),
        ("flag-with-value.txt", ["match", "--json=yes", "hi"]),
        ("wake-unknown-action.txt", ["wake", "forget", "alexa"]),
        ("wake-bad-clips.txt", ["wake", "train", "alexa", "--clips", "ten"]),
        // A value that starts with "-" is the value, judged as one; an option after an option is a forgotten value.
        ("negative-value.txt", ["listen", "--answer-timeout", "-1"]),
        ("option-as-value.txt", ["listen", "--answer-timeout", "--json"]),
        ("wake-word-too-long.txt", ["listen", "--wake", "hey " + String(repeating: "a", count: 10_000)]),
        ("long-value.txt", ["transcribe", "--min-confidence", String(repeating: "9", count: 10_000), "clip.wav"]),
    ])
    func usageErrorsExitWith64(_ golden: String, _ arguments: [String]) throws {
        let run = try ToolRunner.run(arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        try expectGolden(golden, run.stderr)
    }

    @Test func versionPrintsAVersion() throws {
        let run = try ToolRunner.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: ".").count == 3)
    }
}
