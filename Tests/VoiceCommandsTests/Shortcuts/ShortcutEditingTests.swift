import Foundation
import Testing
import PhraseMatcher
import VoiceCommands

/// Adding and removing shortcuts through the library, as an application
/// would (the command line's `shortcut add|remove` is wiring around it).
struct ShortcutEditingTests {
    static let model = """
        {"application": "Cafe",
         "types": {"Size": {"kind": "enum", "title": "Size", "cases": {"small": {"title": "small"}, "large": {"title": "large", "synonyms": ["big"]}}}},
         "intents": {
           "Order": {"parameters": {"size": {"type": "Size", "title": "Size", "required": true}}, "phrases": ["order a \\\\(size) latte", "order a latte"]},
           "Greet": {"phrases": ["hello there"]}}}
        """

    static func withStore(_ body: (ShortcutStore, ModelSet) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-shortcuts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(ShortcutStore(path: folder + "/shortcuts.json"), try ModelSet(model: try ModelLoader.load(text: model, name: "cafe.json")))
    }

    /// The sentence's intent and values become the phrase's, and the
    /// models joined with the store hear the phrase; removing it returns it.
    @Test func aShortcutStandsForItsSentence() throws {
        try Self.withStore { store, models in
            let added = try store.add(phrase: "coffee time", sentence: "order a big latte", to: models)
            #expect(added.match.intent == "Order")
            #expect(added.presetArguments.map(\.name) == ["size"])
            #expect(added.presetArguments.first?.value == .enumCase("large"))
            var joined = models
            #expect(joined.joinShortcuts(from: store).isEmpty)
            #expect(Matcher(model: joined.model).match("coffee time").best?.argument("size")?.value == .enumCase("large"))
            #expect(try store.remove(phrase: "coffee time").sentence == "order a big latte")
            #expect(try store.read().isEmpty)
        }
    }

    /// Refusals name the reason, and nothing is written.
    @Test func whatCannotBeAShortcutIsRefused() throws {
        try Self.withStore { store, models in
            func refusal(_ phrase: String, _ sentence: String, asked: [String] = []) -> String? {
                do {
                    _ = try store.add(phrase: phrase, sentence: sentence, asked: asked, to: models)
                    return nil
                } catch {
                    return error.message
                }
            }
            #expect(refusal("tea time", "sing me a song")
                    == "the sentence \"sing me a song\" matches no intent; a shortcut stands for a sentence voicecmd understands")
            #expect(refusal("hello there", "order a small latte") == "\"hello there\" already means Greet; choose another phrase")
            #expect(refusal("morning", "order a latte")?.hasPrefix("\"morning\" cannot stand for \"order a latte\": the sentence leaves the size open") == true)
            // The parameter it could leave open is named for the front end to say how.
            #expect(throws: VoiceCommandError("\"morning\" cannot stand for \"order a latte\": the sentence leaves the size open; say it in the "
                                            + "sentence, put \\(size) in the phrase, or leave it to be asked", hint: .leaveOpen(parameter: "size"))) {
                try store.add(phrase: "morning", sentence: "order a latte", to: models)
            }
            #expect(!FileManager.default.fileExists(atPath: store.path))
            _ = try store.add(phrase: "my usual", sentence: "order a small latte", to: models)
            #expect(refusal("my usual", "order a large latte") == "\"my usual\" already means Order; choose another phrase")
            #expect(refusal("the usual", "order a latte", asked: ["size"]) == nil)
            #expect(try store.read().map(\.phrase) == ["my usual", "the usual"])
            #expect(throws: VoiceCommandError.self) { try store.remove(phrase: "elevenses") }
        }
    }

    /// A parameter named twice is asked once.
    @Test func aParameterAskedTwiceIsKeptOnce() throws {
        try Self.withStore { store, models in
            let added = try store.add(phrase: "the usual", sentence: "order a latte", asked: ["size", "size"], to: models)
            #expect(added.shortcut.asked == ["size"])
            #expect(try store.read().first?.asked == ["size"])
        }
    }

    /// Shortcuts that would make the file larger than any read accepts are
    /// refused when added, not found unreadable later.
    @Test func aFileThatWouldGrowPastItsLimitIsNotWritten() throws {
        try Self.withStore { store, models in
            let sentence = "order a large latte"
            let phrase = (1...1_500).map { _ in "coffee" }.joined(separator: " ")
            _ = try store.update { list in
                list = (0..<300).map { Shortcut(phrase: "brew \($0) " + phrase, application: "Cafe", intent: "Order", sentence: sentence) }
            }
            #expect(throws: VoiceCommandError("the shortcuts would take more than 4 MiB, the most the file holds; remove some first")) {
                try store.update { list in list += (300..<500).map { Shortcut(phrase: "brew \($0) " + phrase, application: "Cafe", intent: "Order", sentence: sentence) } }
            }
            #expect(try store.read().count == 300)
        }
    }

    /// An empty or relative HOME would put the shortcuts in whatever folder
    /// voicecmd runs in: the account's own home is used instead.
    @Test func anEmptyOrRelativeHomeIsNotTheCurrentFolder() {
        for home in ["", "relative/home"] {
            #expect(ShortcutStore.defaultPath(environment: ["HOME": home]).hasPrefix("/"), "\(home)")
        }
        #expect(ShortcutStore.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.config/voicecmd/shortcuts.json")
    }

    /// Foundation says "NSCocoaErrorDomain error 512"; the person is told what is in the way.
    @Test func aFileWhereTheFolderShouldBeIsNamed() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-not-a-folder-\(UUID().uuidString)").path
        try Data().write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let store = ShortcutStore(path: file + "/voicecmd/shortcuts.json")
        #expect(throws: VoiceCommandError("cannot create the folder \(file)/voicecmd: \(file) is a file, not a folder")) {
            try store.update { _ in }
        }
    }
}
