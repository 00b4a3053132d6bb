import Foundation
import Testing

/// The sample models of Models/examples: each checks clean and passes its
/// own test cases (every phrase sampled, and cases written by hand,
/// things that must not be understood among them).
struct ExampleModelsTests {
    @Test(arguments: ["music-player", "smart-home", "timers-alarms", "messaging", "coffee-maker"])
    func eachSampleModelChecksCleanAndPassesItsCases(_ name: String) throws {
        let model = "Models/examples/\(name).json"
        let check = try ToolRunner.run(["check", model])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("errors: 0, warnings: 0"), "\(check.stdout)\(check.stderr)")
        let test = try ToolRunner.run(["test", "--commands", model, "Models/examples/\(name).cases.tsv"])
        #expect(test.status == 0, "\(test.stdout)")
        #expect(test.stdout.hasSuffix("passed, 0 failed\n"))
    }

    /// The folder loads as one set of applications: the song list beside
    /// them is an entity file, and the cases files are not JSON.
    @Test func theFolderLoadsWhole() throws {
        let check = try ToolRunner.run(["check", "Models/examples"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains(": Coffee Maker, Courier, Messages, Music, Home, Clock\n"), "\(check.stdout)")
    }
}
