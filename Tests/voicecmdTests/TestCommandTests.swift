import Foundation
import Testing

/// `voicecmd sample` writes test cases for every phrase; `voicecmd test`
/// checks sentences and recordings against them, for a model's own CI.
struct TestCommandTests {
    static func withCases(_ text: String, _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-cases-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clips = ToolRunner.projectDirectory.appendingPathComponent("Tests/SpeechFrontTests/Fixtures/clips").path
        for clip in ["timer-cancel-kal.flac", "out-of-grammar-fox.flac", "device-on-slt.flac"] {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + clip, withDestinationPath: clips + "/" + clip)
        }
        try text.write(toFile: folder + "/cases.tsv", atomically: false, encoding: .utf8)
        try body(folder + "/cases.tsv")
    }

    /// Every phrase of the built-in model, sampled, passes.
    @Test func theSamplesOfAModelPassItsTest() throws {
        let sample = try ToolRunner.run(["sample", "-n", "2"])
        #expect(sample.status == 0)
        #expect(sample.stdout.contains("set timer for five minutes\tSetTimer\tduration=300\n"), "\(sample.stdout.prefix(500))")
        try Self.withCases(sample.stdout) { cases in
            let run = try ToolRunner.run(["test", cases])
            #expect(run.status == 0, "\(run.stdout)")
            #expect(run.stdout.hasSuffix("passed, 0 failed\n"))
        }
    }

    /// Recordings beside the file, nothing expected, wrong values and a bad
    /// line: each failure on its own line with where it is.
    @Test func failuresAreListedWithTheirLines() throws {
        let text = "timer-cancel-kal.flac\tCancelTimer\nout-of-grammar-fox.flac\t-\ndevice-on-slt.flac\tSetTimer\n# a comment\n"
            + "turn on the kitchen light\tChangeDeviceState\tstate=false\nbroken line\n"
        try Self.withCases(text) { cases in
            let run = try ToolRunner.run(["test", cases])
            #expect(run.status == 1)
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains("\(cases):6: a case is what is said, a tab, and the intent expected (\"-\" for none)"))
            #expect(lines.contains("\(cases):5: \"turn on the kitchen light\": expected state=false, got state=true"))
            #expect(lines.contains { $0.hasPrefix("\(cases):3: \"device-on-slt.flac\": expected SetTimer, got ChangeDeviceState (heard \"") })
            #expect(lines.last == "4 cases: 2 passed, 2 failed; 1 line could not be read")
        }
    }
}
