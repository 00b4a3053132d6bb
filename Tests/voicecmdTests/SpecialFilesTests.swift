import Foundation
import Testing

/// Every file voicecmd reads may be a FIFO nobody writes to, a device that
/// never ends, a socket: each is refused at once with what it is, never
/// waited on or read without end. Each command runs under `timeout`, so a
/// hang fails the test (status 124) instead of stopping the run.
struct SpecialFilesTests {
    /// A folder holding `fifo` (a FIFO with no writer) and the files given.
    static func withFolder(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-special-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }
        try body(folder)
    }

    static func run(_ arguments: String) throws -> ToolRun {
        try ToolRunner.shell("timeout 30 \"$VOICECMD\" " + arguments + " </dev/null")
    }

    /// The command fails (status 1, not a hang's 124) and stderr says `message`.
    static func expectRefused(_ arguments: String, saying message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try run(arguments)
        #expect(run.status == 1, sourceLocation: sourceLocation)
        #expect(run.stderr.contains(message), "\(run.stderr)", sourceLocation: sourceLocation)
    }

    static let clip = "Tests/SpeechFrontTests/Fixtures/clips/timer-flite-slt.flac"
    static let calls = #"{"application": "Phone", "types": {"Contact": {"kind": "entity", "entities": {"file": "fifo"}}}, "#
        + #""intents": {"Call": {"parameters": {"who": {"type": "Contact"}}, "phrases": ["call \\(who)"]}}}"#
    static let including = #"{"application": "Phone", "include": ["fifo"], "intents": {"Hi": {"phrases": ["hello"]}}}"#
    static let greeting = #"{"application": "Greeter", "intents": {"Hi": {"phrases": ["hello"]}}}"#

    @Test func aModelEntityFileOrIncludeThatIsAFIFOIsAnError() throws {
        try Self.withFolder(["calls.json": Self.calls, "including.json": Self.including]) { folder in
            for model in ["fifo", "calls.json", "including.json"] {
                let run = try Self.run("match --commands '\(folder)/\(model)' 'hello'")
                #expect(run.status == 1, "\(model): \(run.stderr)")
                #expect(run.stderr.contains("it is a FIFO (named pipe), not a file"), "\(model): \(run.stderr)")
            }
        }
    }

    /// A folder of models is read file by file: the FIFO among them is named.
    @Test func aFIFOInAFolderOfModelsIsNamed() throws {
        try Self.withFolder(["a.json": Self.greeting]) { folder in
            try FileManager.default.moveItem(atPath: folder + "/fifo", toPath: folder + "/b.json")
            let run = try Self.run("match --commands '\(folder)' 'hello'")
            #expect(run.status == 1)
            #expect(run.stderr.contains("b.json") && run.stderr.contains("FIFO"), "\(run.stderr)")
        }
    }

    /// Shortcuts never stop the commands: the file is left out, saying why.
    @Test func aShortcutsFileThatIsAFIFOIsLeftOut() throws {
        try Self.withFolder([:]) { folder in
            let run = try Self.run("match --shortcuts '\(folder)/fifo' 'turn on the kitchen light'")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("ChangeDeviceState"), "\(run.stdout)")
            #expect(run.stderr.contains("FIFO"), "\(run.stderr)")
        }
    }

    @Test func audioThatIsAFIFOOrADeviceIsRefused() throws {
        try Self.withFolder([:]) { folder in
            try Self.expectRefused("listen --fast --input '\(folder)/fifo'", saying: "it is a FIFO (named pipe), not a file; a stream is read from standard input")
        }
        // A descriptor already open may be a pipe (bash's <(…), /dev/stdin) but not a device.
        try Self.expectRefused("listen --fast --input /dev/fd/3 3</dev/zero", saying: "/dev/fd/3: it is a device, not a file")
        let stdin = try ToolRunner.shell("sox \(Self.clip) -t wav - | timeout 30 \"$VOICECMD\" transcribe /dev/stdin")
        #expect(stdin.status == 0, "\(stdin.stderr)")
        #expect(stdin.stdout.contains("SetTimer"), "\(stdin.stdout)")
        try Self.expectRefused("transcribe /dev/zero", saying: "/dev/zero: it is a device, not a file")
    }

    /// PocketSphinx reads its files to the end itself: /dev/zero would never end.
    @Test func speechModelFilesThatAreDevicesAreRefused() throws {
        try Self.expectRefused("transcribe --dict /dev/zero \(Self.clip)", saying: "cannot use the pronunciation dictionary /dev/zero: it is a device, not a file")
        try Self.expectRefused("transcribe --mode lm --lm /dev/zero \(Self.clip)", saying: "cannot use the language model /dev/zero: it is a device, not a file")
        try Self.withFolder([:]) { folder in
            let installed = "/usr/share/pocketsphinx/model/en-us/en-us"
            for name in try FileManager.default.contentsOfDirectory(atPath: installed) where name != "noisedict" {
                try FileManager.default.createSymbolicLink(atPath: folder + "/" + name, withDestinationPath: installed + "/" + name)
            }
            try FileManager.default.createSymbolicLink(atPath: folder + "/noisedict", withDestinationPath: "/dev/zero")
            let acoustic = try Self.run("transcribe --hmm '\(folder)' \(Self.clip)")
            #expect(acoustic.status == 1)
            #expect(acoustic.stderr.contains("noisedict") && acoustic.stderr.contains("it is a device, not a file"), "\(acoustic.stderr)")
        }
    }

    /// A copy of the installed acoustic model in a fresh folder, with one
    /// file cut to half its length.
    static func withTruncatedModelFile(_ name: String, _ body: (String) throws -> Void) throws {
        try withFolder([:]) { folder in
            let installed = "/usr/share/pocketsphinx/model/en-us/en-us"
            for file in try FileManager.default.contentsOfDirectory(atPath: installed) {
                try FileManager.default.copyItem(atPath: installed + "/" + file, toPath: folder + "/" + file)
            }
            let whole = try Data(contentsOf: URL(fileURLWithPath: installed + "/" + name))
            try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: folder + "/" + name))
            try body(folder)
        }
    }

    /// PocketSphinx trusts a binary mdef's counts and read past a cut one
    /// (SIGSEGV); other damage it meets with a fatal error and exit(1),
    /// which said nothing.
    @Test func aDamagedAcousticModelSaysWhatIsWrong() throws {
        try Self.withTruncatedModelFile("mdef") { folder in
            try Self.expectRefused("transcribe --hmm '\(folder)' \(Self.clip)", saying: "cannot use the acoustic model's mdef \(folder)/mdef: it is truncated or damaged")
        }
        try Self.withTruncatedModelFile("transition_matrices") { folder in
            try Self.expectRefused("transcribe --hmm '\(folder)' \(Self.clip)", saying: "Failed to read transition matrix")
        }
    }

    /// An mdef of neither format is refused before PocketSphinx reads it
    /// (its fatal error printed the file's raw bytes); a fatal error that
    /// quotes bytes shows them escaped.
    @Test func aCorruptModelDefinitionIsRefusedWithoutItsBytes() throws {
        try Self.withTruncatedModelFile("mdef") { folder in
            try Data([0x1B, 0x5B, 0x32, 0x4A, 0x07, 0xFF, 0x00, 0x0A] + Array("garbage".utf8)).write(to: URL(fileURLWithPath: folder + "/mdef"))
            let run = try Self.run("transcribe --hmm '\(folder)' \(Self.clip) \(Self.clip)")
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix("Error: cannot use the acoustic model's mdef \(folder)/mdef: it is not a PocketSphinx model "
                    + "definition (neither the binary nor the text format)"), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
        try Self.withTruncatedModelFile("mdef") { folder in
            // The text format's version, then a bad count line: PocketSphinx's own fatal error.
            try Data(Array("0.3\n".utf8) + [0x1B, 0x5B, 0x32, 0x4A, 0xFF] + Array(" n_base\n".utf8)).write(to: URL(fileURLWithPath: folder + "/mdef"))
            let run = try Self.run("transcribe --hmm '\(folder)' \(Self.clip)")
            #expect(run.status == 1)
            #expect(!run.stderr.contains("\u{1B}") && !run.stderr.unicodeScalars.contains { $0.value == 0xFFFD || $0.value == 7 }, "\(run.stderr)")
        }
    }
}
