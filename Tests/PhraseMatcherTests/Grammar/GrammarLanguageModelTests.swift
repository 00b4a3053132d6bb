import Testing
@testable import PhraseMatcher

/// A grammar's language model holds exactly the n-grams of the grammar's
/// paths, each continuation of a history as likely as the others, and
/// makes everything else cost `backoff` decades.
struct GrammarLanguageModelTests {
    static func model(_ phrases: [String], padding: Int = 0) throws -> GrammarLanguageModel {
        let intents = try phrases.enumerated().map { index, text in Intent(name: "I\(index)", phrases: [try Phrase(text)]) }
        let grammar = JSGFGrammar(model: CommandModel(application: "A", fillers: [], types: [], intents: intents))
        return GrammarLanguageModel(try RecognitionGrammar.automaton(for: grammar), padding: padding)
    }

    static func section(_ text: String, _ name: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "\\\(name):") else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    @Test func theModelHoldsThePathsNgramsAndNothingElse() throws {
        let model = try Self.model(["call home", "call the office", "send a message"])
        let trigrams = Self.section(model.text, "3-grams").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        #expect(Set(trigrams) == ["<s> call home", "<s> call the", "call home </s>", "call the office", "the office </s>",
                                  "<s> send a", "send a message", "a message </s>"])
        let bigrams = Self.section(model.text, "2-grams").map { $0.split(separator: " ").dropFirst().prefix(2).joined(separator: " ") }
        #expect(Set(bigrams) == ["<s> call", "<s> send", "call home", "call the", "the office", "send a", "a message",
                                 "home </s>", "office </s>", "message </s>"])
        #expect(model.counts == [9, 10, 8])
        // After "call", home and the are equally likely; after "<s> call the", office is certain.
        #expect(Self.section(model.text, "3-grams").contains("-0.301 <s> call home"))
        #expect(Self.section(model.text, "3-grams").contains("0 call the office"))
    }

    @Test func everyHistoryBacksOffAtTheCostOfLeavingThePaths() throws {
        let model = try Self.model(["turn on the light"])
        let unigrams = Self.section(model.text, "1-grams")
        #expect(unigrams.contains("-99 <s> -99"))
        #expect(unigrams.contains { $0.hasSuffix(" light -99") })
        #expect(Self.section(model.text, "2-grams").contains("0 turn on -99"))
    }

    /// sphinxbase sizes a model's word table by its unigrams: padding
    /// makes room for a class's members.
    @Test func paddingAddsUnigramsNoDictionaryHolds() throws {
        let model = try Self.model(["call home"], padding: 3)
        #expect(model.counts[0] == 4 + 3)
        #expect(Self.section(model.text, "1-grams").suffix(3) == ["-99 <pad0>", "-99 <pad1>", "-99 <pad2>"])
    }

    @Test func aClassTokenIsOneWordOfTheModel() throws {
        let contacts = (0..<3).map { Entity(id: "c\($0)", name: ["ann lee", "bo diaz", "cy moss"][$0]) }
        let model = CommandModel(application: "Phone", fillers: [], types: [CustomType(name: "Contact", title: "contact", kind: .entity(contacts))],
                                 intents: [Intent(name: "Call", parameters: [Parameter(name: "who", type: .custom("Contact"))],
                                                  phrases: [try Phrase("call \\(who)")])])
        let grammar = JSGFGrammar(model: model, classAbove: 2)
        #expect(grammar.classes == [GrammarClass(type: "Contact", names: [["ann", "lee"], ["bo", "diaz"], ["cy", "moss"]])])
        #expect(grammar.words == ["call"])
        let language = GrammarLanguageModel(try RecognitionGrammar.automaton(for: grammar))
        #expect(Self.section(language.text, "3-grams").contains("0 <s> call _Contact_"))
        #expect(Self.section(language.text, "3-grams").contains("0 call _Contact_ </s>"))
        // Under the limit, the names are spelt out as before.
        #expect(JSGFGrammar(model: model, classAbove: 3).classes.isEmpty)
        #expect(JSGFGrammar(model: model, classAbove: 3).text == JSGFGrammar(model: model).text)
    }
}
