import Foundation
import Testing
@testable import PhraseMatcher

/// Model and entity files that are not what they claim: endless, not text,
/// or outside the model's folder.
struct ModelFileTextTests {
    private func folder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func loadErrors(_ path: String) -> [String] {
        do {
            _ = try ModelLoader.load(path: path)
            return []
        } catch {
            return error.diagnostics.map(\.summary)
        }
    }

    private func model(entityFile: String) -> String {
        #"""
        {"application": "A", "types": {"Contact": {"kind": "entity", "entities": {"file": "\#(entityFile)"}}},
         "intents": {"Call": {"parameters": {"who": {"type": "Contact"}}, "phrases": ["call \(who)"]}}}
        """#
    }

    /// Entity files have their own bound, above the models' 16 MiB, read
    /// element by element when they are a list.
    @Test func anEntityListPastTheModelBoundLoads() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let padding = String(repeating: " ", count: ModelFileText.maximumBytes + 1024)
        let list = "[\n" + #"{"id": "ann", "name": "Ann Lee"},"# + padding + #"{"id": "bo", "name": "Bo Diaz"}]"#
        try list.write(to: directory.appendingPathComponent("contacts.json"), atomically: false, encoding: .utf8)
        let modelPath = directory.appendingPathComponent("phone.json").path
        try model(entityFile: "contacts.json").write(toFile: modelPath, atomically: false, encoding: .utf8)
        let loaded = try ModelLoader.load(path: modelPath)
        guard case .entity(let entities)? = loaded.type(named: "Contact")?.kind else { Issue.record("no contacts"); return }
        #expect(entities.map(\.id) == ["ann", "bo"])

        // The same size as an object is refused, saying what to do.
        try ("{\"entities\": " + list + "}").write(to: directory.appendingPathComponent("contacts.json"), atomically: false, encoding: .utf8)
        #expect(loadErrors(modelPath) == ["\(modelPath):1:83: error: cannot read the entity file \"contacts.json\" of Contact "
                                          + "(\(directory.path)/contacts.json): an entity file larger than 16 MiB must be a list of entities"])
    }

    /// An entity read on its own still has its errors where they are in its file.
    @Test func aStreamedEntityErrorPointsIntoItsFile() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let entityPath = directory.appendingPathComponent("contacts.json").path
        try "[{\"id\": \"ann\", \"name\": \"Ann Lee\"},\n {\"id\": \"bo\"}]".write(toFile: entityPath, atomically: false, encoding: .utf8)
        let modelPath = directory.appendingPathComponent("phone.json").path
        try model(entityFile: "contacts.json").write(toFile: modelPath, atomically: false, encoding: .utf8)
        #expect(loadErrors(modelPath) == ["\(entityPath):2:2: error: an entity of Contact needs both \"id\" and \"name\""])
    }

    /// A device never ends: it is refused before anything is read (a
    /// regular file over the limit is refused at the limit, `BoundedFileReaderTests`).
    @Test func anEndlessModelFileIsRefused() {
        #expect(loadErrors("/dev/zero") == ["/dev/zero: error: cannot read the model file: it is a device, not a file"])
    }

    @Test func aModelThatIsNotUTF8HasThePositionOfTheFirstBadByte() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("latin1.json").path
        var bytes = Array("{\"application\": \"A\",\n \"intents\": {\"Caf".utf8)
        bytes += [0xE9] + Array("\": {\"phrases\": [\"x\"]}}}".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(loadErrors(path) == ["\(path):2:18: error: the model file is not UTF-8 text: byte 0xE9 is not valid here"])
    }

    @Test func anEndlessEntityFileIsAnErrorAtItsField() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("zero.json").path,
                                                   withDestinationPath: "/dev/zero")
        let modelPath = directory.appendingPathComponent("model.json").path
        try model(entityFile: "zero.json").write(toFile: modelPath, atomically: false, encoding: .utf8)
        // A link out of the folder is refused before it is read.
        #expect(loadErrors(modelPath) == ["\(modelPath):1:83: error: the entity file \"zero.json\" of Contact is outside "
                                          + "the model's folder; entity files must be in it or below it"])
    }

    @Test func anEntityFileOutsideTheModelsFolderIsRefusedAndNothingOfItIsShown() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let modelPath = directory.appendingPathComponent("model.json").path
        for outside in ["../../../../../../etc/passwd", "/etc/passwd"] {
            try model(entityFile: outside).write(toFile: modelPath, atomically: false, encoding: .utf8)
            do {
                _ = try ModelLoader.load(path: modelPath)
                Issue.record("loaded entities from \(outside)")
            } catch {
                #expect(error.diagnostics.map(\.summary) == ["\(modelPath):1:83: error: the entity file \"\(outside)\" of Contact "
                                                             + "is outside the model's folder; entity files must be in it or below it"])
                #expect(!error.description.contains("root:"))
            }
        }
    }

    @Test func entityFilesBelowTheModelsFolderAreRead() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("lists"), withIntermediateDirectories: true)
        try #"[{"id": "c1", "name": "Alex Smith"}]"#.write(to: directory.appendingPathComponent("lists/contacts.json"),
                                                          atomically: false, encoding: .utf8)
        let modelPath = directory.appendingPathComponent("model.json").path
        try model(entityFile: "lists/../lists/contacts.json").write(toFile: modelPath, atomically: false, encoding: .utf8)
        let model = try ModelLoader.load(path: modelPath)
        #expect(Matcher(model: model).match("call alex smith").best?.argument("who")?.value == .entity("c1"))
    }

    @Test func anEntityFileThatIsNotUTF8HasItsOwnPosition() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let entityPath = directory.appendingPathComponent("contacts.json").path
        try Data(Array(#"[{"id": "c1", "name": "Ren"#.utf8) + [0xE9, 0x22, 0x7D, 0x5D]).write(to: URL(fileURLWithPath: entityPath))
        let modelPath = directory.appendingPathComponent("model.json").path
        try model(entityFile: "contacts.json").write(toFile: modelPath, atomically: false, encoding: .utf8)
        #expect(loadErrors(modelPath) == ["\(entityPath):1:27: error: the entity file is not UTF-8 text: byte 0xE9 is not valid here"])
    }

    /// A handler may not be waited for longer than an hour.
    @Test func aTimeoutOverAnHourIsAnError() {
        do {
            _ = try ModelLoader.load(text: #"{"application": "A", "intents": {"Go": {"phrases": ["go"], "handler": {"run": ["true"], "timeout": 1e10}}}}"#,
                                     name: "m.json")
            Issue.record("loaded a handler with a timeout of 1e10 s")
        } catch {
            #expect(error.diagnostics.map(\.summary) == ["m.json:1:100: error: \"timeout\" must be a positive number of seconds, at most 3600 (an hour)"])
        }
    }
}
