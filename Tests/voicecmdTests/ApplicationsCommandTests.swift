import Foundation
import Testing

/// Several applications through the command line: the built-in model and
/// Courier (Models/examples/courier.json), summary cards, and model packages.
struct ApplicationsCommandTests {
    static let both = ["--commands", "Models/default.json", "--commands", "Models/examples/courier.json"]

    /// Compares with the golden file, or rewrites it when VOICECMD_UPDATE_GOLDEN=1.
    static func expectGolden(_ name: String, _ text: String) throws {
        if ToolRunner.updatingGolden { try ToolRunner.writeGolden(name, text); return }
        #expect(text == (try ToolRunner.golden(name)), "\(name)")
    }

    @Test func resultsNameTheirApplication() throws {
        let courier = try ToolRunner.run(["match"] + Self.both + ["send a message to alex in courier"])
        #expect(courier.stdout.hasPrefix("send a message to alex in courier\n  Courier: SendMessage  confidence"))
        let open = try ToolRunner.run(["match", "--json"] + Self.both + ["send a message to alex"])
        #expect(open.stdout.contains(#""tiedApplications":["Assistant","Courier"]"#))
        let text = try ToolRunner.run(["match"] + Self.both + ["send a message to alex"])
        #expect(text.stdout.hasSuffix("  fits Assistant and Courier equally: the session asks which app\n"))
    }

    /// Summary-as-confirmation, its card, and the "Which app?" question, in text and JSON.
    @Test(arguments: [("which-app-run.txt", false), ("which-app-run.jsonl", true)])
    func theSessionAsksWhichAppAndShowsTheCard(_ golden: String, _ json: Bool) throws {
        let run = try ToolRunner.run(["run"] + (json ? ["--json"] : []) + Self.both + ["send a message to alex"], stdin: "courier\nyes\n")
        #expect(run.status == 0)
        try Self.expectGolden(golden, run.stdout)
    }

    /// A card before the intent's own confirmation, with an optional part of the summary said.
    @Test(arguments: [("summary-card.txt", false), ("summary-card.jsonl", true)])
    func aCardComesBeforeTheConfirmation(_ golden: String, _ json: Bool) throws {
        let run = try ToolRunner.run(["run", "--commands", "Tests/voicecmdTests/Fixtures/cafe.json"] + (json ? ["--json"] : [])
                                     + ["order a big mocha with two extra shots"], stdin: "yes\n")
        #expect(run.status == 0)
        try Self.expectGolden(golden, run.stdout)
    }

    @Test func aFolderIsEveryModelInIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-apps-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: ToolRunner.projectDirectory.path + "/Models/examples/courier.json", toPath: folder + "/courier.json")
        try FileManager.default.copyItem(atPath: ToolRunner.projectDirectory.path + "/Tests/voicecmdTests/Fixtures/cafe.json", toPath: folder + "/cafe.json")
        let check = try ToolRunner.run(["check", folder])
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("\(folder)/cafe.json, \(folder)/courier.json: Cafe, Courier\n"))
        #expect(try ToolRunner.run(["match", "--commands", folder, "order a small latte"]).stdout.contains("Cafe: Order"))
        // The same application twice is an error at the second, naming the first.
        try FileManager.default.copyItem(atPath: folder + "/courier.json", toPath: folder + "/courier-copy.json")
        let twice = try ToolRunner.run(["match", "--commands", folder, "hello"])
        #expect(twice.status == 1)
        #expect(twice.stderr.hasPrefix("Error: \(folder)/courier.json:2:18: application \"Courier\" is loaded twice; "
                                       + "the first is from \(folder)/courier-copy.json:2:18\n"))
    }

    @Test func everyBadModelOfABatchIsReported() throws {
        let run = try ToolRunner.run(["check", "Tests/voicecmdTests/Fixtures/cafe.json", "missing-one.json",
                                      "Tests/PhraseMatcherTests/Fixtures/Includes/cycle/model.json"])
        #expect(run.status == 1)
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("Error: ") }
        #expect(errors.count == 2)
        #expect(errors[0] == "Error: missing-one.json: cannot read the model file: no such file")
        #expect(errors[1].hasPrefix("Error: Tests/PhraseMatcherTests/Fixtures/Includes/cycle/packages/people.json:2:15: include cycle: "))
    }

    @Test func checkReportsASummaryThatNamesAnUnknownParameter() throws {
        let run = try ToolRunner.run(["check", "Tests/PhraseMatcherTests/Fixtures/Diagnostics/summary-unknown-parameter.json"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Error: Tests/PhraseMatcherTests/Fixtures/Diagnostics/summary-unknown-parameter.json:8:35: "
                                     + "the summary of intent Order names no parameter 'drink'; parameters are: size\n"))
    }
}
