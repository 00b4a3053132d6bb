import Testing
@testable import PhraseMatcher

/// The start of a command goes on, by the grammar, through one list to a
/// whole command: the fewest words, the list's place among them.
struct WordAutomatonCompletionsTests {
    static func automaton() throws -> WordAutomaton {
        let contacts = CustomType(name: "Contact", title: "contact", kind: .entity([Entity(id: "a", name: "ann lee"), Entity(id: "b", name: "bo")]))
        let who = [Parameter(name: "who", type: .custom("Contact"))]
        let model = CommandModel(application: "Phone", fillers: [], types: [contacts], intents: [
            Intent(name: "Call", parameters: who, phrases: [try Phrase("call \\(who)"), try Phrase("phone \\(who) [please]")]),
            Intent(name: "Message", parameters: who, phrases: [try Phrase("send a message to \\(who)"), try Phrase("send a memo to \\(who)"),
                                                        try Phrase("send a note to \\(who) now")]),
            Intent(name: "Hang", phrases: [try Phrase("hang up")]),
        ])
        return try RecognitionGrammar.automaton(for: JSGFGrammar(model: model, classAbove: 1))
    }

    static let slots: Set<String> = ["_Contact_"]

    @Test func aStartGoesOnThroughTheListByTheFewestWords() throws {
        let automaton = try Self.automaton()
        #expect(automaton.completions(of: ["send", "a", "message"], through: Self.slots)
            == [.init(before: ["to"], slot: "_Contact_", after: [])])
        #expect(automaton.completions(of: ["call"], through: Self.slots) == [.init(before: [], slot: "_Contact_", after: [])])
        // "please" is optional: the shorter way is taken.
        #expect(automaton.completions(of: ["phone"], through: Self.slots) == [.init(before: [], slot: "_Contact_", after: [])])
        // Of the ways "send a" goes on, those without "now" are shorter.
        #expect(Set(automaton.completions(of: ["send", "a"], through: Self.slots).map(\.before)) == [["message", "to"], ["memo", "to"]])
        #expect(automaton.completions(of: ["send", "a", "note"], through: Self.slots) == [.init(before: ["to"], slot: "_Contact_", after: ["now"])])
    }

    @Test func noCompletionWithoutAStartOrAList() throws {
        let automaton = try Self.automaton()
        #expect(automaton.completions(of: ["hang"], through: Self.slots).isEmpty)
        #expect(automaton.completions(of: ["send", "the"], through: Self.slots).isEmpty)
        #expect(automaton.completions(of: ["call", "_Contact_"], through: Self.slots).isEmpty)
        #expect(automaton.completions(of: ["call"], through: []).isEmpty)
        #expect(automaton.completions(of: ["call"], through: Self.slots, mostWords: 0).isEmpty)
        // Nothing heard is not made into a whole command.
        #expect(automaton.completions(of: [], through: Self.slots).isEmpty)
    }
}
