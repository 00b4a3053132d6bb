import Foundation
import Testing

/// `voicecmd shortcut` as a person uses it, each test with its own
/// configuration folder ($XDG_CONFIG_HOME).
struct ShortcutCommandTests {
    /// A fresh configuration folder and the environment that points at it.
    static func configuration() throws -> (folder: String, environment: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-shortcuts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder
        return (folder, environment)
    }

    @Test func addListUseAndRemove() throws {
        let (folder, environment) = try Self.configuration()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let add = try ToolRunner.run(["shortcut", "add", "coffee time", "--", "order a large latte"], environment: environment)
        #expect(add.status == 0)
        #expect(add.stdout == "Added \"coffee time\": OrderCoffee with beverage latte, size large.\n")
        #expect(FileManager.default.fileExists(atPath: folder + "/voicecmd/shortcuts.json"))

        let list = try ToolRunner.run(["shortcut", "list", "--json"], environment: environment)
        #expect(list.stdout == #"{"phrase":"coffee time","application":"Assistant","intent":"OrderCoffee","sentence":"order a large latte","ask":[]}"# + "\n")

        let match = try ToolRunner.run(["match", "--json", "coffee time"], environment: environment)
        #expect(match.stdout.contains(#""intent":"OrderCoffee","application":"Assistant""#))
        #expect(match.stdout.contains(#""beverage":{"value":"latte","text":"latte"},"size":{"value":"large","text":"large"}"#))
        let run = try ToolRunner.run(["run", "coffee time"], environment: environment)
        #expect(run.stdout == "Your large latte is on its way.\n")
        let grammar = try ToolRunner.run(["grammar"], environment: environment)
        #expect(grammar.stdout.contains("coffee time"))
        #expect(try ToolRunner.run(["check"], environment: environment).stdout.contains(", 1 of them shortcuts\n"))

        let remove = try ToolRunner.run(["shortcut", "remove", "Coffee Time"], environment: environment)
        #expect(remove.status == 0)
        #expect(remove.stdout == "Removed \"coffee time\".\n")
        #expect(try ToolRunner.run(["match", "coffee time"], environment: environment).status == 1)
        let again = try ToolRunner.run(["shortcut", "remove", "coffee time"], environment: environment)
        #expect(again.status == 1)
        #expect(again.stderr == "Error: there is no shortcut \"coffee time\"\n")
    }

    @Test(arguments: [
        (["set a timer", "--", "order a large latte"], "Error: \"set a timer\" already means SetTimer; choose another phrase\n"),
        (["coffee time", "--", "sing me a song"],
         "Error: the sentence \"sing me a song\" matches no intent; a shortcut stands for a sentence voicecmd understands\n"),
        (["morning", "--", "order a latte"],
         "Error: \"morning\" cannot stand for \"order a latte\": the sentence leaves the size open; say it in the sentence, "
            + "put \\(size) in the phrase, or leave it to be asked with --ask size\n"),
        (["my usual \\(flavour)", "--", "order a large latte"],
         "Error: \"my usual \\(flavour)\" cannot stand for \"order a large latte\": the phrase names no parameter 'flavour' of "
            + "OrderCoffee; parameters are: beverage, size, quantity\n"),
    ])
    func aSentenceOrPhraseThatCannotBeAShortcutIsRefusedWithTheReason(_ words: [String], _ error: String) throws {
        let (folder, environment) = try Self.configuration()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let add = try ToolRunner.run(["shortcut", "add"] + words, environment: environment)
        #expect(add.status == 1)
        #expect(add.stderr == error)
        #expect(!FileManager.default.fileExists(atPath: folder + "/voicecmd/shortcuts.json"), "nothing is written")
    }

    @Test func anOpenParameterIsAskedForEachTime() throws {
        let (folder, environment) = try Self.configuration()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let add = try ToolRunner.run(["shortcut", "add", "remind me", "--ask", "duration", "--", "set a timer"], environment: environment)
        #expect(add.stdout == "Added \"remind me\": SetTimer; asks for duration.\n")
        let run = try ToolRunner.run(["run", "remind me"], stdin: "ten minutes\n", environment: environment)
        #expect(run.stdout == "? For how long?\nYour ten minute timer is set.\n")
        #expect(run.status == 0)
    }

    @Test func aShortcutOnlyJoinsTheApplicationItWasMadeFor() throws {
        let (folder, environment) = try Self.configuration()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let courier = ["--commands", "Models/examples/courier.json"]
        let add = try ToolRunner.run(["shortcut", "add", "ping alex"] + courier + ["--", "send a message to alex"], environment: environment)
        #expect(add.stdout == "Added \"ping alex\": SendMessage with recipient alex.\n")
        #expect(try ToolRunner.run(["match", "--json", "ping alex"] + courier, environment: environment).stdout.contains(#""value":"alex-kim""#))
        // The built-in model alone: Courier is not loaded, its shortcut not heard.
        let builtIn = try ToolRunner.run(["match", "ping alex"], environment: environment)
        #expect(builtIn.status == 1)
        #expect(builtIn.stderr.isEmpty)
    }

    @Test func anExplicitShortcutsFileIsUsedAndABrokenOneNeverStopsASubcommand() throws {
        let (folder, environment) = try Self.configuration()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/mine.json"
        #expect(try ToolRunner.run(["shortcut", "add", "--shortcuts", file, "lights out", "--", "turn off the kitchen light"],
                                   environment: environment).status == 0)
        #expect(try ToolRunner.run(["match", "--shortcuts", file, "lights out"], environment: environment).status == 0)
        try "{\n  \"shortcuts\": [ {\"phrase\": 1} ]\n}\n".write(toFile: file, atomically: false, encoding: .utf8)
        let match = try ToolRunner.run(["match", "--shortcuts", file, "set a timer for five minutes"], environment: environment)
        #expect(match.status == 0)
        #expect(match.stderr == "voicecmd: shortcuts are not used: \(file):2:29: error: \"phrase\" must be a non-empty string\n")
        let add = try ToolRunner.run(["shortcut", "add", "--shortcuts", file, "bed time", "--", "turn off the porch light"],
                                     environment: environment)
        #expect(add.status == 1, "a file that cannot be read is not overwritten")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"phrase\": 1"))
    }

    /// A crash in the middle of writing: the process is killed by the file
    /// size limit (SIGXFSZ) while it writes the new file. What is left is
    /// the old file, whole.
    @Test func aCrashMidWriteLeavesTheOldFile() throws {
        let (folder, environment) = try Self.configuration()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/voicecmd/shortcuts.json"
        #expect(try ToolRunner.run(["shortcut", "add", "coffee time", "--", "order a large latte"], environment: environment).status == 0)
        let old = try String(contentsOfFile: file, encoding: .utf8)
        // A long phrase makes the new file larger than the 1 KiB limit; the old one is under it.
        let long = Array(repeating: "coffee", count: 40).joined(separator: " ") + " now"
        let crash = try ToolRunner.shell("export XDG_CONFIG_HOME='\(folder)'; ulimit -f 1; "
                                         + "\"$VOICECMD\" shortcut add '\(long)' -- 'order a small mocha'; echo \"status $?\"")
        #expect(crash.stdout.hasSuffix("status \(128 + SIGXFSZ)\n"), "killed by SIGXFSZ while writing")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == old)
        let list = try ToolRunner.run(["shortcut", "list"], environment: environment)
        #expect(list.stdout == "coffee time  →  Assistant: OrderCoffee  \"order a large latte\"\n")
        // The next change writes the new file whole.
        #expect(try ToolRunner.run(["shortcut", "add", "tea time", "--", "order a small tea"], environment: environment).status == 0)
        #expect(try ToolRunner.run(["shortcut", "list"], environment: environment).stdout.split(separator: "\n").count == 2)
    }
}

extension ShortcutCommandTests {
    /// A shortcuts file kept elsewhere and linked in is read, but never
    /// written through the link (a link planted there would have another
    /// file replaced): the file itself is named instead, and what an
    /// earlier crash left behind is cleared by the next write.
    @Test func aLinkedFileIsReadNotWrittenThroughAndLeftoversAreCleared() throws {
        let (folder, environment) = try Self.configuration()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dotfiles = folder + "/dotfiles"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/voicecmd", withIntermediateDirectories: true)
        try "{\"shortcuts\": []}\n".write(toFile: dotfiles + "/shortcuts.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/voicecmd/shortcuts.json", withDestinationPath: dotfiles + "/shortcuts.json")
        try "half a file".write(toFile: dotfiles + "/shortcuts.json.99999.tmp", atomically: false, encoding: .utf8)
        let linked = try ToolRunner.run(["shortcut", "add", "coffee time", "--", "order a large latte"], environment: environment)
        #expect(linked.status == 1)
        #expect(linked.stderr.contains("it is a symbolic link; voicecmd writes only regular files and never through a link; "
                                       + "the shortcuts are unchanged (name the file the link points to instead)"), "\(linked.stderr)")
        #expect(try String(contentsOfFile: dotfiles + "/shortcuts.json", encoding: .utf8) == "{\"shortcuts\": []}\n")
        let named = try ToolRunner.run(["shortcut", "add", "coffee time", "--shortcuts", dotfiles + "/shortcuts.json", "--", "order a large latte"],
                                       environment: environment)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/voicecmd/shortcuts.json") == dotfiles + "/shortcuts.json")
        #expect(try ToolRunner.run(["match", "coffee time"], environment: environment).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles).sorted() == ["shortcuts.json", "shortcuts.json.lock"])
    }
}

@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us/en-us/mdef"), "pocketsphinx-en-us is not installed"))
struct ShortcutRecognitionTests {
    /// The shortcut joins the recognition grammar: "coffee time", spoken, is heard.
    @Test func aShortcutIsHeardFromARecording() throws {
        let (folder, environment) = try ShortcutCommandTests.configuration()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try ToolRunner.run(["shortcut", "add", "coffee time", "--", "order a large latte"], environment: environment).status == 0)
        let run = try ToolRunner.run(["transcribe", "--json", "Tests/SpeechFrontTests/Fixtures/clips/shortcut-coffee-time.flac"],
                                     environment: environment)
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""text":"coffee time""#))
        #expect(run.stdout.contains(#""intent":"OrderCoffee""#))
        #expect(run.stdout.contains(#""beverage":{"value":"latte","text":"latte"},"size":{"value":"large","text":"large"}"#))
    }
}
