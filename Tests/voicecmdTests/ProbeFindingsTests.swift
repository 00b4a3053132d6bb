import Foundation
import Testing

/// What the third hostile-input probe found unclear, each said plainly now.
struct ProbeFindingsTests {
    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-probe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    static func timed(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ToolRun {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { $1 }
        return try ToolRunner.run(arguments, environment: environment, timeout: 30)
    }

    /// Refused before any training, with the reason `listen --wake` gives.
    @Test func aWakePhraseOutsideAToZIsRefusedAtOnce() throws {
        for arguments in [["wake", "train", "电脑"], ["listen", "--wake", "hey 电脑", "--input", "README.md"]] {
            let run = try Self.timed(arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("can hold only English words of the letters a–z (accents aside), not \"电脑\""), "\(run.stderr)")
            #expect(!run.stderr.contains(".dict"), "\(run.stderr)")
        }
    }

    @Test func aWakeDetectorOutputInAMissingFolderIsRefusedBeforeTraining() throws {
        let run = try Self.timed(["wake", "train", "hey computer", "-o", "missing/dir/x"])
        #expect(run.status == 1)
        #expect(run.stderr == "Error: cannot write the detector to missing/dir/x: its folder missing/dir: No such file or directory\n", "\(run.stderr)")
    }

    /// The damaged detector is set aside with a remedy; listening goes on.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: ToolRunner.projectDirectory.path + "/.build/vendor/share/voicecmd/speech-embedding"),
                   "the speech embedding is not installed"))
    func aDamagedCachedDetectorIsSetAside() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("VOICECMD-WAKE-1\n{broken".utf8).write(to: URL(fileURLWithPath: folder + "/hey_computer.wakenet"))
        let run = try Self.timed(["listen", "--wake", "hey computer", "--input", "Tests/SpeechFrontTests/Fixtures/clips/timer-flite-slt.flac"],
                                 environment: ["VOICECMD_WAKE_CACHE": folder])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("voicecmd: the wake detector \(folder)/hey_computer.wakenet cannot be used ("), "\(run.stderr)")
        #expect(run.stderr.contains("it was set aside as \(folder)/hey_computer.wakenet.damaged; listening without it. "
                                    + "Make it again with: voicecmd wake train hey computer"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/hey_computer.wakenet.damaged"))
    }

    @Test func aTestFileWithCRLFLinesIsReadLineByLine() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "turn on the kitchen light\tChangeDeviceState\r\nwhat a lovely day\t-\r\n".write(toFile: folder + "/cases.tsv", atomically: false, encoding: .utf8)
        let run = try ToolRunner.run(["test", folder + "/cases.tsv"])
        #expect(run.stdout == "2 cases: 2 passed, 0 failed\n", "\(run.stdout) \(run.stderr)")
        #expect(run.status == 0)
    }

    @Test func aTestWithoutCasesOrWithNoJobsIsAnError() throws {
        let empty = try ToolRunner.run(["test", "-"], stdin: "# nothing yet\n")
        #expect(empty.status == 1)
        #expect(empty.stderr == "Error: standard input holds no test cases\n", "\(empty.stderr)")
        let jobs = try ToolRunner.run(["test", "-j", "0", "-"], stdin: "hello\t-\n")
        #expect(jobs.status == 64, "\(jobs.stderr)")
        #expect(jobs.stderr.hasPrefix("Error: --jobs"), "\(jobs.stderr)")
    }

    /// Ids holding a tab or a newline are written escaped and read back.
    @Test func sampledCasesWithTabsInIdsReadBack() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"[{"id": "amy\tng\\x\ny", "name": "Amy Ng"}]"#
            .write(toFile: folder + "/people.json", atomically: false, encoding: .utf8)
        let model = #"{"application": "Phone", "types": {"Contact": {"kind": "entity", "entities": {"file": "people.json"}}}, "#
            + #""intents": {"Call": {"parameters": {"who": {"type": "Contact"}}, "phrases": ["call \\(who)"]}}}"#
        try model.write(toFile: folder + "/phone.json", atomically: false, encoding: .utf8)
        let sample = try ToolRunner.run(["sample", folder + "/phone.json"])
        #expect(sample.status == 0, "\(sample.stderr)")
        #expect(sample.stdout == "call amy ng\tCall\t" + #"who=amy\tng\\x\ny"# + "\n", "\(sample.stdout)")
        let test = try ToolRunner.run(["test", "--commands", folder + "/phone.json", "-"], stdin: sample.stdout)
        #expect(test.stdout == "1 case: 1 passed, 0 failed\n", "\(test.stdout)")
    }

    /// An empty or relative HOME never puts files in the current folder.
    @Test func anEmptyHomeWritesNothingHere() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = ""
        environment["XDG_CONFIG_HOME"] = nil
        let run = try ToolRunner.shell("cd '\(folder)' && HOME= XDG_CONFIG_HOME= \"$VOICECMD\" shortcut list; echo \"status $?\"")
        #expect(run.stdout.hasSuffix("status 0\n"), "\(run.stdout) \(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func anEmptyManualFolderIsAUsageError() throws {
        let run = try ToolRunner.run(["manual", "--folder", ""])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: the folder to write the pages into is empty; name one\n"), "\(run.stderr)")
    }

    /// A shortcut whose sentence begins with dashes is an argument.
    @Test func aSentenceOfDashesIsNotAnOption() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ToolRunner.run(["shortcut", "add", "-- --", "--", "order a large latte"], environment: ["XDG_CONFIG_HOME": folder])
        #expect(!run.stderr.contains("Unknown option"), "\(run.stderr)")
        #expect(run.status == 1, "\(run.stderr)")
    }

    /// A value after "=" may hold spaces: only an option's name may not.
    @Test func anOptionsValueAfterEqualsMayHoldSpaces() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ToolRunner.run(["manual", "--folder=\(folder)/my pages"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("Error: cannot write \(folder)/my pages/voicecmd.1: "), "\(run.stderr)")
    }

    /// Foundation's wrapper texts never reach the user.
    @Test func errorsGiveTheSystemsReason() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
        for arguments in [["init", folder + "/file/model"], ["manual", "--folder", folder + "/absent"], ["check", "--commands", folder + "/file/x"]] {
            let run = try ToolRunner.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("could not be completed"), "\(run.stderr)")
        }
    }

    /// On a full disk `init` writes nothing, and runs again once there is room.
    @Test func initOnAFullDiskLeavesNothingHalfMade() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A private mount namespace with a 8 KiB tmpfs: skipped where the system allows none.
        let run = try ToolRunner.shell("""
            unshare --user --map-root-user --mount sh -c 'mount -t tmpfs -o size=8k tmpfs "\(folder)" || exit 77
            "$VOICECMD" init "\(folder)/m"; echo "status $?"; ls -A "\(folder)"; echo listed'
            """)
        guard !run.stdout.isEmpty else { return }
        #expect(run.stdout.hasPrefix("status 1\nlisted\n"), "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("No space left on device; nothing was written"), "\(run.stderr)")
    }
}
