import Foundation
import Testing

/// Manual pages and shell completions come from the same specs as
/// `--help`: golden files, and each shell reads its script.
struct DocumentationTests {
    func expectGolden(_ name: String, _ text: String) throws {
        if ToolRunner.updatingGolden { try ToolRunner.writeGolden(name, text); return }
        #expect(text == (try ToolRunner.golden(name)))
    }

    @Test(arguments: ["", "transcribe", "listen", "match", "run", "shortcut", "check", "grammar", "wake", "init", "sample", "test", "manual", "completions"])
    func manualPagesMatchGolden(_ subcommand: String) throws {
        let run = try ToolRunner.run(subcommand.isEmpty ? ["manual"] : ["manual", subcommand])
        #expect(run.status == 0)
        try expectGolden(subcommand.isEmpty ? "voicecmd.1" : "voicecmd-\(subcommand).1", run.stdout)
    }

    /// `man` renders each page without a warning.
    @Test func manRendersThePages() throws {
        let run = try ToolRunner.shell("\"$VOICECMD\" manual transcribe | MANWIDTH=80 man -l - 2>&1 >/dev/null | head -5")
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty, "\(run.stdout)")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsMatchGolden(_ shell: String) throws {
        let run = try ToolRunner.run(["completions", shell])
        #expect(run.status == 0)
        try expectGolden("completions.\(shell)", run.stdout)
    }

    /// bash loads the script and completes subcommands, options and their values.
    @Test func bashCompletesWithTheScript() throws {
        let run = try ToolRunner.shell(#"""
            bash -c 'source <("$VOICECMD" completions bash)
            COMP_WORDS=(voicecmd tra); COMP_CWORD=1; _voicecmd; echo "${COMPREPLY[*]}"
            COMP_WORDS=(voicecmd transcribe --js); COMP_CWORD=2; _voicecmd; echo "${COMPREPLY[*]}"
            COMP_WORDS=(voicecmd listen --mode); COMP_CWORD=2; _voicecmd; echo "[${COMPREPLY[*]}]"'
            """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "transcribe\n--json\n[]\n")
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let run = try ToolRunner.run(["completions", "tcsh"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: no completions for 'tcsh'; the shells are bash, zsh and fish\n"))
    }

    /// docs/cli.md is every subcommand's help, made from the specs: it
    /// cannot fall behind the tool (VOICECMD_UPDATE_GOLDEN=1 rewrites it).
    @Test func theCommandLineReferenceIsTheHelp() throws {
        let names = ["transcribe", "listen", "match", "run", "shortcut", "check", "grammar", "wake", "init", "sample", "test", "manual",
                     "completions"]
        var text = "# The voicecmd command line\n\nEvery subcommand's `--help`, as the tool prints it (made from the same specs; "
            + "`VOICECMD_UPDATE_GOLDEN=1 swift test --filter DocumentationTests` rewrites this file). "
            + "Exit codes: 0 done, 1 failure, 64 bad usage.\n\n```text\n" + (try ToolRunner.run(["--help"])).stdout + "```\n"
        for name in names {
            text += "\n## voicecmd \(name)\n\n```text\n" + (try ToolRunner.run(["help", name])).stdout + "```\n"
        }
        let url = ToolRunner.projectDirectory.appendingPathComponent("docs/cli.md")
        if ToolRunner.updatingGolden { try text.write(to: url, atomically: false, encoding: .utf8); return }
        #expect(text == (try String(contentsOf: url, encoding: .utf8)))
    }
}
