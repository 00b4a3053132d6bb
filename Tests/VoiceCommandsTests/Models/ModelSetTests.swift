import Foundation
import Testing
import PhraseMatcher
import VoiceCommands

/// Loading models from files and folders with their `.dict` files, and
/// joining the person's shortcuts: the rules every subcommand and an
/// embedding application share.
struct ModelSetTests {
    /// A fresh folder, removed afterwards.
    static func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-models-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    static func model(_ application: String, phrase: String) -> String {
        #"{"application": "\#(application)", "intents": {"Greet": {"phrases": ["\#(phrase)"]}}}"#
    }

    /// A folder's files are read one by one, in name order, each with its
    /// own `.dict`; where two give a word, the earlier file's wins.
    @Test func theEarlierFilesPronunciationWins() throws {
        try Self.withFolder { folder in
            try Self.write(Self.model("Alpha", phrase: "hello zorbly"), to: folder + "/a.json")
            try Self.write("zorbly Z AO R B L IY\nquux K W AH K S\n", to: folder + "/a.dict")
            try Self.write(Self.model("Beta", phrase: "hi zorbly"), to: folder + "/b.json")
            try Self.write("zorbly Z ER B L IY\nfrob F R AA B\n", to: folder + "/b.dict")
            let models = try ModelSet.load(paths: [folder])
            #expect(models.files == [folder + "/a.json", folder + "/b.json"])
            #expect(models.modelPath == folder + "/a.json")
            #expect(models.model.applications.count == 2)
            #expect(models.pronunciations == ["zorbly": "Z AO R B L IY", "quux": "K W AH K S", "frob": "F R AA B"])
            #expect(models.shortcutCount == 0)
        }
    }

    /// Entity files may sit beside the models in a folder: a list, or an
    /// object of "entities" alone, is read when a model names it, not loaded
    /// as a model ("the model must be an object, found an array").
    @Test func entityFilesBesideModelsInAFolderAreNotModels() throws {
        try Self.withFolder { folder in
            try Self.write(#"{"application": "Phone", "types": {"Contact": {"kind": "entity", "entities": {"file": "contacts.json"}}}, "#
                           + #""intents": {"Call": {"parameters": {"who": {"type": "Contact"}}, "phrases": ["call \\(who)"]}}}"#,
                           to: folder + "/phone.json")
            try Self.write(#"[{"id": "kim", "name": "Kim"}]"#, to: folder + "/contacts.json")
            try Self.write(#"{"entities": [{"id": "sam", "name": "Sam"}]}"#, to: folder + "/more-contacts.json")
            let models = try ModelSet.load(paths: [folder])
            #expect(models.files == [folder + "/phone.json"])
            #expect(models.matcher.match("call kim").best?.intent == "Call")
        }
    }

    /// A `.dict` is part of its model: a line it cannot use is a model
    /// error at that line and column, with the other files' errors.
    @Test func aBadDictionaryIsAModelErrorAtItsLine() throws {
        try Self.withFolder { folder in
            try Self.write(Self.model("Alpha", phrase: "hello zorbly"), to: folder + "/a.json")
            try Self.write("zorbly Z AO R B L IY\nwidget W IH JJ AH T\n", to: folder + "/a.dict")
            try Self.write(Self.model("Beta", phrase: "hi frob"), to: folder + "/b.json")
            try Self.write("frob\n", to: folder + "/b.dict")
            #expect(throws: ModelLoadError.self) { try ModelSet.load(paths: [folder]) }
            do throws(ModelLoadError) {
                _ = try ModelSet.load(paths: [folder])
            } catch {
                #expect(error.diagnostics.map(\.summary) == [
                    folder + "/a.dict:2:13: error: 'JJ' is not a CMU phone (AA AE AH … ZH)",
                    folder + "/b.dict:1:1: error: a word needs at least one phone",
                ])
            }
        }
    }

    /// A shortcut joins its intent; one the model cannot take is left out
    /// with a reason, and an unreadable file leaves the models as they were.
    @Test func shortcutsJoinOrAreLeftOutWithAReason() throws {
        try Self.withFolder { folder in
            try Self.write(#"{"application": "Alpha", "intents": {"Greet": {"phrases": ["hello there"]}}}"#, to: folder + "/a.json")
            let store = ShortcutStore(path: folder + "/shortcuts.json")
            try store.update { list in
                list = [Shortcut(phrase: "howdy", application: "Alpha", intent: "Greet", sentence: "hello there"),
                        Shortcut(phrase: "cheerio", application: "Alpha", intent: "Leave", sentence: "goodbye")]
            }
            var models = try ModelSet.load(paths: [folder + "/a.json"])
            let problems = models.joinShortcuts(from: store)
            #expect(models.shortcutCount == 1)
            #expect(Matcher(model: models.model).match("howdy").best?.intent == "Greet")
            #expect(problems.count == 1)
            #expect(problems.first?.hasPrefix("shortcut \"cheerio\" is not used: ") == true)
            #expect(models.model.warnings.isEmpty)

            try Self.write("{ not json", to: store.path)
            var again = try ModelSet.load(paths: [folder + "/a.json"])
            let unreadable = again.joinShortcuts(from: store)
            #expect(again.shortcutCount == 0)
            #expect(unreadable.count == 1)
            #expect(unreadable.first?.hasPrefix("shortcuts are not used: ") == true)
        }
    }

    /// A model made in code keeps the pronunciations given with it.
    @Test func aModelInCodeHasNoFiles() throws {
        let model = try ModelLoader.load(text: Self.model("Code", phrase: "hello"), name: "code")
        let models = try ModelSet(model: model, pronunciations: ["hello": "HH AH L OW"])
        #expect(models.files.isEmpty && models.modelPath == nil)
        #expect(models.pronunciations["hello"] == "HH AH L OW")
    }

    /// One matcher per load: an engine shares it, an empty shortcuts file
    /// keeps it, and shortcuts that join give one for the joined model.
    @Test func theMatcherIsCompiledOncePerLoad() throws {
        try Self.withFolder { folder in
            try Self.write(#"{"application": "Alpha", "intents": {"Greet": {"phrases": ["hello there"]}}}"#, to: folder + "/a.json")
            var models = try ModelSet.load(paths: [folder + "/a.json"])
            let compiled = models.matcher
            #expect(CommandEngine(models: models).matcher === compiled)
            models.joinShortcuts(from: ShortcutStore(path: folder + "/none.json"))
            #expect(models.matcher === compiled)
            let store = ShortcutStore(path: folder + "/shortcuts.json")
            try store.update { $0 = [Shortcut(phrase: "howdy", application: "Alpha", intent: "Greet", sentence: "hello there")] }
            models.joinShortcuts(from: store)
            #expect(models.matcher !== compiled)
            #expect(models.matcher.match("howdy").best?.intent == "Greet")
            #expect(CommandEngine(models: models).matcher === models.matcher)
        }
    }
}
