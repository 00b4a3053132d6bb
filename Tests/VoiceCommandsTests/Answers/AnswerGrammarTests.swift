import Testing
@testable import VoiceCommands
import PhraseMatcher

/// The grammar a spoken answer is heard with.
struct AnswerGrammarTests {
    /// Asked for a number with a range, the recogniser hears only numbers in it.
    @Test func aNumberAskedForIsHeardWithinItsRange() async throws {
        let model = try ModelLoader.load(text: #"""
            {"application": "Kitchen", "intents": {"Timer": {
              "parameters": {"minutes": {"type": "integer", "min": 1, "max": 100, "prompt": "How many minutes?"}},
              "phrases": ["set a timer [for \(minutes) minutes]"]}}}
            """#, name: "kitchen.json")
        let engine = try CommandEngine(model: model)
        let conversation = engine.conversation { _ in }
        await conversation.start(await engine.match("set a timer"))
        let answers = try #require(conversation.answerGrammar())
        let grammar = JSGFGrammar(model: answers)
        #expect(grammar.text.contains("<integer_1_to_100>"))
        let automaton = try RecognitionGrammar.automaton(for: grammar)
        for answer in ["a hundred", "make it fifty", "seven", "cancel"] {
            let accepted = automaton.accepts(answer.split(separator: " ").map(String.init))
            #expect(accepted, "\(answer)")
        }
        for answer in ["twelve million", "a hundred and one", "zero", "minus five"] {
            let accepted = automaton.accepts(answer.split(separator: " ").map(String.init))
            #expect(!accepted, "\(answer)")
        }
    }
}
