import Foundation
import Testing
@testable import PhraseMatcher

/// Golden tests of model packages: each folder of Fixtures/Includes holds a
/// `model.json` (or `app/model.json`) that includes others, and the
/// diagnostics loading it gives in `expected.txt`. Set
/// VOICECMD_UPDATE_GOLDEN=1 to rewrite them after a reviewed change.
struct ModelIncludeTests {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/Includes")

    static let cases = ["included-diagnostic", "cycle", "clash", "outside-folder"]

    @Test(arguments: cases)
    func diagnosticsMatchGolden(_ name: String) throws {
        let folder = Self.directory.appendingPathComponent(name)
        let nested = folder.appendingPathComponent("app/model.json")
        let model = FileManager.default.fileExists(atPath: nested.path) ? nested : folder.appendingPathComponent("model.json")
        let rendered: String
        do {
            _ = try ModelLoader.load(path: model.path)
            rendered = "(no error)\n"
        } catch {
            // Paths as the fixtures folder names them, wherever the bundle is.
            rendered = error.description.replacingOccurrences(of: folder.path + "/", with: "") + "\n"
        }
        if ProcessInfo.processInfo.environment["VOICECMD_UPDATE_GOLDEN"] == "1" {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/Includes/\(name)/expected.txt")
            try rendered.write(to: source, atomically: false, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
        #expect(rendered == expected)
    }

    /// A model file in a fresh folder beside `files`, loaded.
    static func load(_ model: String, files: [String: String] = [:]) throws -> Result<CommandModel, ModelLoadError> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-includes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files.merging(["model.json": model], uniquingKeysWith: { $1 }) {
            try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
        }
        do {
            return .success(try ModelLoader.load(path: folder + "/model.json"))
        } catch {
            return .failure(error)
        }
    }

    /// A name listed again (200,000 times here; a probe's 1,500,000 took
    /// seven minutes) is read once and said once.
    @Test func anIncludeListedAgainIsReadOnceWithOneWarning() throws {
        let list = Array(repeating: "\"shared.json\"", count: 200_000).joined(separator: ",")
        let result = try Self.load(#"{"application": "A", "include": [\#(list)], "intents": {"Hi": {"phrases": ["hello"]}}}"#,
                                   files: ["shared.json": #"{"fillers": ["please"]}"#])
        let model = try result.get()
        #expect(model.warnings.map(\.message) == [#""shared.json" is listed more than once in "include"; it is read once"#])
    }

    /// Spelt another way, a file listed again is still the same file.
    @Test func anIncludeSpeltAnotherWayIsTheSameFile() throws {
        let result = try Self.load(#"{"application": "A", "include": ["shared.json", "./shared.json", "x/../shared.json"], "#
                                   + #""intents": {"Hi": {"phrases": ["hello"]}}}"#,
                                   files: ["shared.json": #"{"fillers": ["please"]}"#])
        #expect(try result.get().warnings.map(\.message) == [#""./shared.json" is listed more than once in "include"; it is read once"#])
    }

    /// A reply naming something that is no parameter is said with a hole
    /// ("Volume set to percent."): a warning, as a handler registered in
    /// Swift may print the field.
    @Test func aReplyNamingNoParameterIsAWarning() throws {
        let result = try Self.load(#"{"application": "Speaker", "intents": {"SetVolume": {"#
                                   + #""parameters": {"volume": {"type": "integer"}}, "phrases": ["volume \\(volume)"], "#
                                   + #""replies": {"success": "Volume set to \\(level) percent."}}}}"#)
        let warnings = try result.get().warnings
        #expect(warnings.map(\.message) == ["reply \"success\" of intent SetVolume names 'level', which is no parameter, "
                                            + "and no handler in the model gives it; parameters are: volume"])
        #expect(warnings.first?.line == 1)
    }

    @Test func atMostAThousandFilesAreIncluded() throws {
        let list = (0...1_000).map { "\"missing-\($0).json\"" }.joined(separator: ",")
        let result = try Self.load(#"{"application": "A", "include": [\#(list)], "intents": {"Hi": {"phrases": ["hello"]}}}"#)
        guard case .failure(let error) = result else { Issue.record("loaded"); return }
        #expect(error.diagnostics.count == 1_001)
        #expect(error.diagnostics.last?.message == "more than 1000 files are included; at most 1000 are read")
    }

    @Test func aDiagnosticInAnIncludedFilePointsIntoIt() throws {
        let model = Self.directory.appendingPathComponent("included-diagnostic/model.json")
        let error = try #require(throws: ModelLoadError.self) { try ModelLoader.load(path: model.path) }
        #expect(error.diagnostics.map(\.file) == [Self.directory.appendingPathComponent("included-diagnostic/shared/contacts.json").path])
        #expect(error.diagnostics.first?.line == 5)
    }

    @Test func aCycleNamesEveryFileOnItWithWhereItIsIncluded() throws {
        let model = Self.directory.appendingPathComponent("cycle/model.json")
        let error = try #require(throws: ModelLoadError.self) { try ModelLoader.load(path: model.path) }
        #expect(error.diagnostics.count == 1)
        let message = try #require(error.diagnostics.first?.message)
        #expect(message.hasPrefix("include cycle: "))
        #expect(message.contains("people.json:2:15"))
        #expect(message.contains("contacts.json:2:15"))
    }

    @Test func includedTypesAndIntentsJoinTheModel() throws {
        let folder = Self.directory.appendingPathComponent("shared-by-two")
        let model = try ModelLoader.load(path: folder.appendingPathComponent("mail.json").path)
        #expect(model.types.map(\.name) == ["Contact"])
        #expect(model.fillers == ["please"])
        let match = try #require(Matcher(model: model).match("please email sam").best)
        #expect(match.intent == "Email")
        #expect(match.argument("to")?.value == .entity("sam"))
    }

    @Test func twoApplicationsIncludingOneFileShareItsType() throws {
        let folder = Self.directory.appendingPathComponent("shared-by-two")
        let (model, files) = try ModelLoader.load(paths: [folder.path])
        #expect(files.map { ($0 as NSString).lastPathComponent } == ["mail.json", "phone.json"])
        #expect(model.applications.map(\.name) == ["Mail", "Phone"])
        #expect(model.types.map(\.name) == ["Contact"], "one type from one file, kept once")
        let result = Matcher(model: model).match("write to alex")
        #expect(result.tiedApplications == ["Mail", "Phone"])
    }

    @Test func aModelWithoutAFileCannotInclude() {
        let text = #"{ "application": "A", "include": ["x.json"], "intents": { "X": { "phrases": ["do x"] } } }"#
        let error = #expect(throws: ModelLoadError.self) { try ModelLoader.load(text: text, name: "inline.json") }
        #expect(error?.diagnostics.first?.message.contains("only a model read from a file can include others") == true)
    }

    @Test func includesNestAtMostSixteenDeep() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-includes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for level in 0..<40 {
            try #"{ "include": ["p\#(level + 1).json"] }"#.write(to: folder.appendingPathComponent("p\(level).json"), atomically: false, encoding: .utf8)
        }
        try #"{ "application": "A", "include": ["p0.json"], "intents": { "X": { "phrases": ["do x"] } } }"#
            .write(to: folder.appendingPathComponent("model.json"), atomically: false, encoding: .utf8)
        let error = #expect(throws: ModelLoadError.self) { try ModelLoader.load(path: folder.appendingPathComponent("model.json").path) }
        #expect(error?.diagnostics.count == 1)
        #expect(error?.diagnostics.first?.message.contains("at most 16 levels") == true)
    }
}
