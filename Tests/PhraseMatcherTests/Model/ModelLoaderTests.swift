import Foundation
import Testing
@testable import PhraseMatcher

struct ModelLoaderTests {
    @Test func keepsTheOrderOfParametersCasesAndEntities() throws {
        let model = try ModelLoader.load(text: #"""
            {"application": "A",
             "types": {"Size": {"kind": "enum", "cases": {"small": {}, "large": {}, "medium": {}}}},
             "intents": {"Z": {"parameters": {"b": {"type": "Size"}, "a": {"type": "integer"}}, "phrases": ["z \(b) \(a)"]},
                         "Y": {"phrases": ["y"]}}}
            """#, name: "m.json")
        #expect(model.intents.map(\.name) == ["Z", "Y"])
        #expect(model.intents[0].parameters.map(\.name) == ["b", "a"])
        guard case .enumeration(let cases) = model.types[0].kind else { Issue.record("not an enum"); return }
        #expect(cases.map(\.identifier) == ["small", "large", "medium"])
    }

    @Test func readsEntitiesFromAFileBesideTheModel() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-entities-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"[{"id": "c1", "name": "Alex Smith"}, {"id": "c2", "name": "Sam Lee", "synonyms": ["Sam"]}]"#
            .write(to: directory.appendingPathComponent("contacts.json"), atomically: false, encoding: .utf8)
        let modelURL = directory.appendingPathComponent("model.json")
        try #"""
            {"application": "A", "types": {"Contact": {"kind": "entity", "entities": {"file": "contacts.json"}}},
             "intents": {"Call": {"parameters": {"who": {"type": "Contact"}}, "phrases": ["call \(who)"]}}}
            """#.write(to: modelURL, atomically: false, encoding: .utf8)
        let model = try ModelLoader.load(path: modelURL.path)
        #expect(Matcher(model: model).match("call sam").best?.argument("who")?.value == .entity("c2"))
    }

    @Test func errorsInsideAnEntityFilePointIntoThatFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-entities-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "[{\"id\": \"c1\"}]".write(to: directory.appendingPathComponent("contacts.json"), atomically: false, encoding: .utf8)
        let modelURL = directory.appendingPathComponent("model.json")
        try #"""
            {"application": "A", "types": {"Contact": {"kind": "entity", "entities": {"file": "contacts.json"}},
                                           "Other": {"kind": "entity", "entities": {"file": "missing.json"}}},
             "intents": {"Call": {"parameters": {"who": {"type": "Contact"}}, "phrases": ["call \(who)"]}}}
            """#.write(to: modelURL, atomically: false, encoding: .utf8)
        do {
            _ = try ModelLoader.load(path: modelURL.path)
            Issue.record("loaded a broken model")
        } catch {
            #expect(error.diagnostics.count == 2)
            #expect(error.diagnostics[0].summary == "\(directory.path)/contacts.json:1:2: error: an entity of Contact needs both \"id\" and \"name\"")
            #expect(error.diagnostics[1].message.hasPrefix("cannot read the entity file \"missing.json\" of Other"))
            #expect(error.diagnostics[1].file == modelURL.path)
        }
    }

    @Test func warnsAboutIntentsWithMoreThanFiveParameters() throws {
        let parameters = (1...6).map { "\"p\($0)\": {\"type\": \"integer\", \"required\": false}" }.joined(separator: ", ")
        let model = try ModelLoader.load(text: "{\"application\": \"A\", \"intents\": {\"Big\": {\"parameters\": {\(parameters)}, \"phrases\": [\"big\"]}}}",
                                         name: "m.json")
        #expect(model.warnings.map(\.summary) == ["m.json:1:34: warning: intent Big has 6 parameters; more than 5 is hard to say in one breath"])
    }

    @Test func reportsEveryErrorAndLoadsNothing() {
        do {
            _ = try ModelLoader.load(text: #"""
                {"application": "A", "intents": {
                  "A": {"phrases": ["(x"]},
                  "B": {"parameters": {"n": {"type": "integer", "min": 5, "max": 1}}, "phrases": ["b \(m)"]}}}
                """#, name: "m.json")
            Issue.record("loaded a broken model")
        } catch {
            #expect(error.diagnostics.map(\.line) == [2, 3, 3])
        }
    }

    @Test func overlappingIntentsAreFound() throws {
        let model = try ModelLoader.load(text: #"""
            {"application": "A", "types": {"Room": {"kind": "enum", "cases": {"hall": {}}}},
             "intents": {"A": {"parameters": {"r": {"type": "Room"}}, "phrases": ["light [the] \(r)"]},
                         "B": {"parameters": {"s": {"type": "Room"}}, "phrases": ["lamp", "light the \(s)"]}}}
            """#, name: "m.json")
        let warnings = OverlapCheck.warnings(for: model)
        #expect(warnings.map(\.summary) == [#"m.json:3:79: warning: intents A and B can match the same words, for example "light the <Room>""#])
    }
}
