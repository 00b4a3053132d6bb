import Foundation
import Testing

/// Every file a model names (an entity file, an include, its `.dict`, a
/// member of a `--commands` folder) is read only when what is opened lies in
/// the model's folder: `..`, an absolute path, a NUL in the name, a link and
/// a link to a link are all refused, and no byte of the file outside is
/// printed (a parse error would quote its line).
struct ContainmentTests {
    static let secret = "token = SECRET-7f3a9"

    /// A folder holding `secret/c.json` (outside) and the model folder `m`
    /// with `link.json` → the secret and `link2.json` → `link.json`.
    static func withFolders(_ body: (_ root: String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-contain-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["secret", "m"] { try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        try secret.write(toFile: root + "/secret/c.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/m/link.json", withDestinationPath: "../secret/c.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/m/link2.json", withDestinationPath: "link.json")
        try body(root)
    }

    /// The ways a name can lead out of `m`, as JSON string contents.
    static func escapes(_ root: String) -> [String] {
        ["../secret/c.json", #"../secret\u0000/../m/c.json"#, root + "/secret/c.json", "link.json", "link2.json", "./sub/../../secret/c.json"]
    }

    static func expectRefused(_ run: ToolRun, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 1, "\(what): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(!(run.stdout + run.stderr).contains("SECRET"), "\(what) printed the file outside: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains("outside the model's folder") || run.stderr.contains("control character U+0000"),
                "\(what): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.split(separator: "\n").allSatisfy { !$0.contains("\u{0}") }, sourceLocation: sourceLocation)
    }

    @Test func anEntityFileOutsideTheFolderIsRefused() throws {
        try Self.withFolders { root in
            for name in Self.escapes(root) {
                let model = #"{"application": "Phone", "types": {"Contact": {"kind": "entity", "entities": {"file": "\#(name)"}}}, "#
                    + #""intents": {"Call": {"parameters": {"who": {"type": "Contact"}}, "phrases": ["call \\(who)"]}}}"#
                try model.write(toFile: root + "/m/model.json", atomically: false, encoding: .utf8)
                Self.expectRefused(try ToolRunner.run(["check", root + "/m/model.json"]), "entity file \(name)")
            }
        }
    }

    @Test func anIncludeOutsideTheFolderIsRefused() throws {
        try Self.withFolders { root in
            for name in Self.escapes(root) {
                let model = #"{"application": "Phone", "include": ["\#(name)"], "intents": {"Hi": {"phrases": ["hello"]}}}"#
                try model.write(toFile: root + "/m/model.json", atomically: false, encoding: .utf8)
                Self.expectRefused(try ToolRunner.run(["check", root + "/m/model.json"]), "include \(name)")
            }
        }
    }

    @Test func aDictionaryBesideTheModelLinkedOutIsRefused() throws {
        try Self.withFolders { root in
            try #"{"application": "Greeter", "intents": {"Hi": {"phrases": ["hello"]}}}"#
                .write(toFile: root + "/m/model.json", atomically: false, encoding: .utf8)
            for target in ["../secret/c.json", "link.json", root + "/secret/c.json"] {
                try? FileManager.default.removeItem(atPath: root + "/m/model.dict")
                try FileManager.default.createSymbolicLink(atPath: root + "/m/model.dict", withDestinationPath: target)
                Self.expectRefused(try ToolRunner.run(["check", root + "/m/model.json"]), ".dict → \(target)")
                Self.expectRefused(try ToolRunner.run(["match", "--commands", root + "/m/model.json", "hello"]), "match, .dict → \(target)")
            }
        }
    }

    @Test func aFolderMemberLinkedOutIsRefusedAndTheOthersReported() throws {
        try Self.withFolders { root in
            try #"{"application": "Greeter", "intents": {"Hi": {"phrases": ["hello"]}}}"#
                .write(toFile: root + "/m/a.json", atomically: false, encoding: .utf8)
            let run = try ToolRunner.run(["check", "--commands", root + "/m"])
            Self.expectRefused(run, "folder member")
            // Both links are named, each on its own line.
            #expect(run.stderr.contains("link.json") && run.stderr.contains("link2.json"), "\(run.stderr)")
        }
    }

    /// A link that stays inside the folder is the model's own file.
    @Test func aLinkInsideTheFolderIsRead() throws {
        try Self.withFolders { root in
            try #"[{"id": "amy", "name": "Amy Ng"}]"#.write(toFile: root + "/m/contacts.json", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: root + "/m/people.json", withDestinationPath: "contacts.json")
            let model = #"{"application": "Phone", "types": {"Contact": {"kind": "entity", "entities": {"file": "people.json"}}}, "#
                + #""intents": {"Call": {"parameters": {"who": {"type": "Contact"}}, "phrases": ["call \\(who)"]}}}"#
            try model.write(toFile: root + "/m/model.json", atomically: false, encoding: .utf8)
            let run = try ToolRunner.run(["match", "--commands", root + "/m/model.json", "call amy ng"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Call"), "\(run.stdout)")
        }
    }
}
