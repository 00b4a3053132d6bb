import Foundation
import Testing
@testable import PhraseMatcher

/// Golden tests: each malformed model in Fixtures/Diagnostics gives exactly
/// the diagnostics in the `.expected` file beside it. Set
/// VOICECMD_UPDATE_GOLDEN=1 to rewrite the expected files after a reviewed change.
struct ModelDiagnosticsTests {
    static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/Diagnostics")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func thereAreAtLeastFifteenCases() {
        #expect(Self.cases.count >= 15)
    }

    @Test(arguments: cases)
    func diagnosticsMatchGolden(_ name: String) throws {
        let model = Self.directory.appendingPathComponent(name + ".json")
        let text = try String(contentsOf: model, encoding: .utf8)
        let rendered: String
        do {
            _ = try ModelLoader.load(text: text, name: name + ".json")
            rendered = "(no error)\n"
        } catch {
            rendered = error.description + "\n"
        }
        let expectedURL = Self.directory.appendingPathComponent(name + ".expected")
        if ProcessInfo.processInfo.environment["VOICECMD_UPDATE_GOLDEN"] == "1" {
            let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/Diagnostics")
            try rendered.write(to: sourceDirectory.appendingPathComponent(name + ".expected"), atomically: false, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(rendered == expected)
        // Every error names file:line:column on its first line.
        #expect(rendered.hasPrefix("\(name).json:"))
    }
}
