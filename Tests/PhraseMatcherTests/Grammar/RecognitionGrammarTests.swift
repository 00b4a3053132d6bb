import DefaultModels
import Testing
@testable import PhraseMatcher

struct RecognitionGrammarTests {
    static func model(_ which: String) throws -> CommandModel {
        which == "default"
            ? try ModelLoader.load(text: DefaultModels.defaultModelText, name: "default.json")
            : try ModelLoader.load(text: typesModelText, name: "types.json")
    }

    /// The minimised automaton accepts every sentence the JSGF allows…
    @Test(arguments: ["default", "types"])
    func acceptsEverySentenceOfTheJSGF(_ which: String) throws {
        let grammar = JSGFGrammar(model: try Self.model(which))
        let automaton = try RecognitionGrammar.automaton(for: grammar)
        var sampler = JSGFSampler(grammar.text, seed: 7)
        for _ in 0..<2000 {
            let sentence = sampler.sample("command")
            let accepted = automaton.accepts(sentence)
            #expect(accepted, "\(sentence.joined(separator: " "))")
        }
    }

    /// …and every example of every phrase without free text, and nothing the matcher rejects.
    @Test func acceptsThePhrasesOfTheDefaultModelAndNothingElse() throws {
        let model = try Self.model("default")
        let automaton = try RecognitionGrammar.automaton(for: JSGFGrammar(model: model))
        for intent in model.intents where !intent.parameters.contains(where: { $0.type == .string }) {
            for phrase in intent.phrases {
                for sentence in PhraseExamples.sentences(for: phrase, of: intent, in: model) {
                    let accepted = automaton.accepts(sentence.split(separator: " ").map(String.init))
                    #expect(accepted, "\(sentence)")
                }
            }
        }
        for sentence in ["set a timer for five", "turn on", "hello there", "set a timer for five minutes please please now"] {
            let accepted = automaton.accepts(sentence.split(separator: " ").map(String.init))
            #expect(!accepted, "\(sentence)")
        }
        let withFillers = automaton.accepts(["please", "set", "a", "timer", "for", "an", "hour", "and", "a", "half", "thanks"])
        #expect(withFillers)
    }

    @Test func isSmallerThanItsJSGFExpanded() throws {
        let automaton = try RecognitionGrammar.automaton(for: JSGFGrammar(model: try Self.model("default")))
        // PocketSphinx's own JSGF compiler made about 35,000 states and 417,000 arcs of this grammar
        // when its numbers ran to the billions.
        let (states, arcs) = (automaton.stateCount, automaton.arcCount)
        #expect(states < 2_000)
        #expect(arcs < 30_000)
    }

    @Test func fsgTextHasOneStartAndOneFinal() throws {
        let model = try ModelLoader.load(text: #"{"application": "A", "intents": {"X": {"phrases": ["(yes|yeah) [please]"]}}}"#, name: "m.json")
        let text = try RecognitionGrammar.automaton(for: JSGFGrammar(model: model)).fsgText(name: "g")
        #expect(text.hasPrefix("FSG_BEGIN g\nNUM_STATES 4\nSTART_STATE 0\nFINAL_STATE 3\n"))
        #expect(text.hasSuffix("FSG_END\n"))
    }

    /// A wake phrase before a command: the phrase then any command, and
    /// neither alone.
    @Test func aPrefixedAutomatonNeedsThePrefixThenACommand() throws {
        let model = try ModelLoader.load(text: #"{"application": "A", "intents": {"X": {"phrases": ["(yes|yeah) [please]"]}}}"#, name: "m.json")
        let automaton = try RecognitionGrammar.automaton(for: JSGFGrammar(model: model)).prefixed(by: ["hey", "computer"])
        #expect(automaton.accepts(["hey", "computer", "yes"]))
        #expect(automaton.accepts(["hey", "computer", "yeah", "please"]))
        #expect(!automaton.accepts(["yes"]))
        #expect(!automaton.accepts(["hey", "computer"]))
        #expect(!automaton.accepts(["computer", "yes"]))
        #expect(automaton.fsgText(name: "w").contains("TRANSITION 0 1 1.0 hey\nTRANSITION 1 2 1.0 computer\nTRANSITION 2 3 1.0\n"))
    }

    /// PocketSphinx adds arcs in time quadratic in the arcs between one pair
    /// of states: many one-word names are split into groups, each through a
    /// state of its own and on with a word-less arc.
    @Test func manyParallelArcsAreWrittenInGroups() throws {
        func letter(_ index: Int) -> String { String(UnicodeScalar(UInt8(97 + index))) }
        let names = (0..<200).map { "{\"id\": \"n\($0)\", \"name\": \"zo\(letter($0 % 26))\(letter($0 / 26))x\"}" }
        let model = try ModelLoader.load(text: """
            {"application": "A", "types": {"Thing": {"kind": "entity", "entities": [\(names.joined(separator: ","))]}},
             "intents": {"Get": {"parameters": {"thing": {"type": "Thing"}}, "phrases": ["get \\(thing)"]}}}
            """, name: "m.json")
        let text = try RecognitionGrammar.automaton(for: JSGFGrammar(model: model)).fsgText(name: "g")
        var arcsBetween: [String: Int] = [:]
        var words: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("TRANSITION ") {
            let fields = line.split(separator: " ")
            if fields.count == 5 {
                arcsBetween["\(fields[1]) \(fields[2])", default: 0] += 1
                words.insert(String(fields[4]))
            }
        }
        #expect(arcsBetween.values.max() == WordAutomaton.parallelArcLimit)
        #expect(words.isSuperset(of: ["get", "zoaax", "zorhx"]))
        #expect(words.count == 201)
        let states = Int(text.split(separator: "\n")[1].split(separator: " ")[1])!
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("TRANSITION ") }
            .allSatisfy { $0.split(separator: " ").dropFirst().prefix(2).allSatisfy { Int($0)! < states } })
    }
}
