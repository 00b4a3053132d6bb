import Testing
import DefaultModels
@testable import PhraseMatcher

struct ShortcutTests {
    static func builtIn() throws -> CommandModel {
        try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
    }

    @Test func aShortcutPhraseMatchesItsIntentWithThePresetValues() throws {
        let model = try Self.builtIn().adding([
            Shortcut(phrase: "coffee time", application: "Assistant", intent: "OrderCoffee", sentence: "order a large latte"),
        ])
        #expect(model.warnings.isEmpty)
        let match = try #require(Matcher(model: model).match("please coffee time").best)
        #expect(match.intent == "OrderCoffee")
        #expect(match.argument("size")?.value == .enumCase("large"))
        #expect(match.argument("beverage")?.value == .enumCase("latte"))
        #expect(match.confidence > 0.7)
    }

    @Test func slotsInTheShortcutPhraseAreSaidEachTime() throws {
        let model = try Self.builtIn().adding([
            Shortcut(phrase: "my usual \\(size)", application: "Assistant", intent: "OrderCoffee", sentence: "order a small flat white"),
        ])
        let match = try #require(Matcher(model: model).match("my usual large").best)
        #expect(match.argument("size")?.value == .enumCase("large"))
        #expect(match.argument("beverage")?.value == .enumCase("flatWhite"))
    }

    @Test func anOpenValueMustBeAskedOnPurpose() throws {
        let model = try Self.builtIn()
        let matcher = Matcher(model: model)
        let open = Shortcut(phrase: "remind me", application: "Assistant", intent: "SetTimer", sentence: "set a timer")
        #expect(throws: ShortcutProblem.self) { try model.shortcutPhrase(open, matcher: matcher) }
        var asked = open
        asked.asked = ["duration"]
        let (_, phrase) = try model.shortcutPhrase(asked, matcher: matcher)
        #expect(phrase.presetArguments.isEmpty)
    }

    @Test func aShortcutTheModelNoLongerHasIsLeftOutWithAWarning() throws {
        let model = try Self.builtIn().adding([
            Shortcut(phrase: "zap", application: "Assistant", intent: "Teleport", sentence: "beam me up"),
            Shortcut(phrase: "elsewhere", application: "Nowhere", intent: "X", sentence: "y"),
        ], from: "shortcuts.json")
        #expect(model.warnings.map(\.summary) == ["shortcuts.json: warning: shortcut \"zap\" is not used: Assistant has no intent Teleport"])
        #expect(Matcher(model: model).match("zap").best == nil)
    }

    @Test func theFileRoundTripsAndBadFilesSayWhere() throws {
        let shortcuts = [Shortcut(phrase: "coffee \"time\"", application: "Assistant", intent: "OrderCoffee",
                                  sentence: "order a large latte", asked: ["size"])]
        #expect(try ShortcutFile.parse(ShortcutFile.serialize(shortcuts), name: "s.json") == shortcuts)
        #expect(try ShortcutFile.parse(ShortcutFile.serialize([]), name: "s.json") == [])
        let error = try #require(throws: ModelLoadError.self) {
            try ShortcutFile.parse("{\n  \"shortcuts\": [ { \"phrase\": 3 } ]\n}", name: "s.json")
        }
        #expect(error.diagnostics.first?.summary == "s.json:2:30: error: \"phrase\" must be a non-empty string")
    }
}

extension ShortcutTests {
    @Test(arguments: [
        (Shortcut(phrase: "\\(content)", application: "Assistant", intent: "SendMessage", sentence: "text mom saying hello"),
         "the phrase \"\\(content)\" has no word of its own outside its slots; it would catch anything"),
        (Shortcut(phrase: "[please] \\(size)", application: "Assistant", intent: "OrderCoffee", sentence: "order a latte"),
         "the phrase \"[please] \\(size)\" has no word of its own outside its slots; it would catch anything"),
        (Shortcut(phrase: "treat me", application: "Assistant", intent: "OrderCoffee", sentence: "order a large latte", asked: ["quantity"]),
         "'quantity' is optional, so it is never asked for; only a required value can be left open"),
        (Shortcut(phrase: "party time", application: "Assistant", intent: "OrderCoffee", sentence: "order twenty large lattes"),
         "the sentence's quantity, twenty, is out of range"),
        // A filler is heard anywhere; a symbol is never heard at all.
        (Shortcut(phrase: "please", application: "Assistant", intent: "OrderCoffee", sentence: "order a large latte"),
         "the phrase \"please\" has no word of its own besides fillers such as \"please\"; it would catch anything"),
        (Shortcut(phrase: "☕ time", application: "Assistant", intent: "OrderCoffee", sentence: "order a large latte"),
         "the phrase \"☕ time\" holds \"☕\", which is not a word anyone can say; use words of letters or digits"),
    ])
    func shortcutsThatCouldNotWorkAreRefused(_ shortcut: Shortcut, _ message: String) throws {
        let model = try Self.builtIn()
        #expect(throws: ShortcutProblem(message)) { try model.shortcutPhrase(shortcut, matcher: Matcher(model: model)) }
    }
}
