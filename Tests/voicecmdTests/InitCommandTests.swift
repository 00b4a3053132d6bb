import Foundation
import Testing

/// `voicecmd init`: each template is a working model at once, checked clean,
/// its cases passing, its handler runnable; nothing already there is replaced.
struct InitCommandTests {
    static func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-init-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test(arguments: [("lights", "smart-home"), ("timer", "timers-alarms"), ("music", "music-player"), ("messages", "messaging"),
                      ("coffee", "coffee-maker")])
    func eachTemplateWorksAtOnce(_ template: String, _ model: String) throws {
        try Self.withFolder { folder in
            let created = try ToolRunner.run(["init", "--template", template, folder])
            #expect(created.status == 0, "\(created.stderr)")
            #expect(FileManager.default.isExecutableFile(atPath: folder + "/handler.sh"))
            #expect(FileManager.default.fileExists(atPath: folder + "/README.md"))
            let check = try ToolRunner.run(["check", "\(folder)/\(model).json"])
            #expect(check.stdout.contains("errors: 0, warnings: 0"), "\(check.stdout)\(check.stderr)")
            let test = try ToolRunner.run(["test", "--commands", "\(folder)/\(model).json", "\(folder)/\(model).cases.tsv"])
            #expect(test.status == 0, "\(test.stdout)")
        }
    }

    /// The handler runs from wherever voicecmd is started: a relative path is the model's folder's.
    @Test func theHandlerRuns() throws {
        try Self.withFolder { folder in
            _ = try ToolRunner.run(["init", folder])
            let run = try ToolRunner.shell("cd / && \"$VOICECMD\" run --commands '\(folder)/smart-home.json' turn off the kitchen fan")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == "The fan is off.\n")
            #expect(run.stderr.contains("handled TurnOff DEVICE=fan ROOM=kitchen"), "\(run.stderr)")
        }
    }

    @Test func filesAlreadyThereAreNeverReplaced() throws {
        try Self.withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "mine".write(toFile: folder + "/README.md", atomically: false, encoding: .utf8)
            let run = try ToolRunner.run(["init", folder])
            #expect(run.status == 1)
            #expect(run.stderr == "Error: \(folder) already holds README.md; nothing was written\n")
            #expect(try String(contentsOfFile: folder + "/README.md", encoding: .utf8) == "mine")
            #expect(!FileManager.default.fileExists(atPath: folder + "/smart-home.json"))
        }
    }
}
