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
        // PocketSphinx also takes </s> for a filler inside an utterance: nothing may follow it.
        #expect(unigrams.contains { $0.hasSuffix(" </s> -99") })
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

    /// A long list heard as halves: the class token becomes the names'
    /// first words, each costing what one name costs, and each first word
    /// goes on only to its own rests, for nothing; after a rest or a name
    /// of one word come the words that follow the class.
    @Test func aClassAsHalvesGoesFromEachFirstWordOnlyToItsRests() throws {
        let names = ["ann lee", "ann moss", "ann", "bo lee", "cher"]
        let contacts = names.enumerated().map { Entity(id: "c\($0)", name: $1) }
        let model = CommandModel(application: "Phone", fillers: [], types: [CustomType(name: "Contact", title: "contact", kind: .entity(contacts))],
                                 intents: [Intent(name: "Call", parameters: [Parameter(name: "who", type: .custom("Contact"))],
                                                  phrases: [try Phrase("call \\(who) now")])])
        let grammar = JSGFGrammar(model: model, classAbove: 2)
        let halves = grammar.classes.map(GrammarClassHalves.init)
        let language = GrammarLanguageModel(try RecognitionGrammar.automaton(for: grammar), halves: halves)
        let unigrams = Self.section(language.text, "1-grams")
        #expect(!unigrams.contains { $0.contains("_Contact_ ") })
        for token in ["_Contact_:ann", "_Contact_:bo", "_Contact_:cher", "_Contact_.lee", "_Contact_.moss"] {
            #expect(unigrams.contains { $0.hasSuffix(" \(token) -99") }, "\(token)")
        }
        let bigrams = Set(Self.section(language.text, "2-grams"))
        // Five names: a first word costs a fifth, whatever it begins (a
        // search stopping after "bo" saves nothing).
        #expect(bigrams.contains("-0.699 call _Contact_:ann"))
        #expect(bigrams.contains("-0.699 call _Contact_:bo"))
        #expect(bigrams.contains("-0.699 call _Contact_:cher"))
        #expect(bigrams.contains("0 _Contact_:ann _Contact_.lee"))
        #expect(bigrams.contains("0 _Contact_:ann _Contact_.moss"))
        #expect(bigrams.contains("0 _Contact_:bo _Contact_.lee"))
        #expect(!bigrams.contains { $0.hasSuffix("_Contact_:bo _Contact_.moss") })
        #expect(bigrams.contains("0 _Contact_.lee now"))
        #expect(bigrams.contains("0 _Contact_:cher now"))
        // "ann" is a name too: after it, the words after a name, for nothing more.
        #expect(bigrams.contains("0 _Contact_:ann now"))
        #expect(!bigrams.contains { $0.hasSuffix("_Contact_:bo now") })
        let trigrams = Self.section(language.text, "3-grams")
        #expect(trigrams.contains("-0.699 <s> call _Contact_:ann"))
        #expect(!trigrams.contains { $0.contains("_Contact_ ") || $0.hasSuffix(" _Contact_") })
        #expect(language.counts == [unigrams.count, bigrams.count, trigrams.count])
    }
}
