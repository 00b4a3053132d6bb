import Testing
@testable import VoiceCommands
import PhraseMatcher

/// The answers each kind of question takes, defined once (`AnswerLanguage`):
/// typed answers are read by matching the question's answer model, spoken
/// ones are heard with its grammar, and the two accept the same answers.
struct AnswerLanguageTests {
    static let model = try! ModelLoader.load(text: #"""
        {"application": "Kitchen",
         "types": {"Contact": {"kind": "entity", "title": "Contact", "entities": [
             {"id": "alex-smith", "name": "Alex Smith", "synonyms": ["Alex"]},
             {"id": "alex-jones", "name": "Alex Jones", "synonyms": ["Alex"]}]},
           "Size": {"kind": "enum", "title": "Size", "cases": {"small": {"title": "small"}, "large": {"title": "large", "synonyms": ["big"]}}}},
         "intents": {"Timer": {
           "parameters": {"minutes": {"type": "integer", "min": 1, "max": 100, "prompt": "How many minutes?"},
                          "size": {"type": "Size", "title": "Size"}, "who": {"type": "Contact", "title": "Contact"},
                          "length": {"type": "duration", "title": "Length"}},
           "phrases": ["set a \(size) timer [for \(minutes) minutes] [for \(length)] [with \(who)]"]}}}
        """#, name: "kitchen.json")

    static let contacts = [["Alex Smith", "Alex"], ["Alex Jones", "Alex"]]

    /// The answer model of a question of `kind` (about `parameter`).
    static func answers(_ kind: Prompt.Kind, _ parameter: String? = nil, options: [[String]] = contacts) -> CommandModel? {
        let intent = model.intents[0]
        let ids = kind == .disambiguation || kind == .application ? options.map { $0[0] } : []
        return AnswerLanguage.model(for: Prompt(kind: kind, parameter: parameter, text: "?", options: ids),
                                    parameter: parameter.flatMap(intent.parameter(named:)), options: options, in: model)
    }

    static func read(_ text: String, _ kind: Prompt.Kind, _ parameter: String? = nil, options: [[String]] = contacts) -> Answer? {
        let answers = Self.answers(kind, parameter, options: options) ?? AnswerLanguage.cancelOnly
        return Answer(reading: Matcher(model: answers).match(text), options: options)
    }

    @Test(arguments: ["yes", "Yes.", "yeah sure", "yep", "okay", "go ahead", "that's right", "yes please", "sure, send it", "absolutely", "please do"])
    func yes(_ answer: String) {
        #expect(Self.read(answer, .confirmation) == .yes)
    }

    @Test(arguments: ["no", "nope", "no thanks", "please don't", "please no", "absolutely not", "certainly not", "right, no",
                      "don't send it", "that's wrong", "yes, no, wait"])
    func no(_ answer: String) {
        #expect(Self.read(answer, .confirmationRequired, "size") == .no)
    }

    @Test(arguments: ["please", "maybe", "the blue one", "yes to alex", ""])
    func neither(_ answer: String) {
        #expect(Self.read(answer, .confirmation) == nil)
    }

    /// Cancel ends any question, a free-text one too.
    @Test(arguments: ["cancel", "never mind", "Never mind.", "stop", "forget it", "please cancel",
                      "Never mind, never mind.", "cancel, cancel", "stop stop", "no, never mind, forget it"])
    func cancel(_ answer: String) {
        for kind in [Prompt.Kind.confirmation, .disambiguation, .needsValue] {
            #expect(Self.read(answer, kind, kind == .confirmation ? nil : kind == .needsValue ? "minutes" : "who") == .cancel)
        }
        #expect(Self.read(answer, .needsValue, "body") == .cancel, "free text")
    }

    @Test(arguments: ["cancel the meeting", "never mind the rain", "stop by the shop", "no", "", "no no"])
    func notCancel(_ answer: String) {
        #expect(Self.read(answer, .confirmation) != .cancel)
    }

    @Test func choicesByPositionOrName() {
        #expect(Self.read("the second one", .disambiguation, "who") == .choice(1))
        #expect(Self.read("the last one", .disambiguation, "who") == .choice(1))
        #expect(Self.read("first", .disambiguation, "who") == .choice(0))
        #expect(Self.read("number two", .disambiguation, "who") == .choice(1))
        #expect(Self.read("Jones", .disambiguation, "who") == .choice(1))
        #expect(Self.read("alex smith please", .disambiguation, "who") == .choice(0))
        #expect(Self.read("Alex", .disambiguation, "who") == nil, "both are Alex")
        #expect(Self.read("the third one", .disambiguation, "who") == nil)
    }

    /// A whole name wins over part of another's ("courier" of Courier and
    /// Courier Express); "app" and "application" say nothing.
    @Test func aWholeNameIsPreferredToPartOfAnother() {
        let apps = [["Courier"], ["Courier Express"]]
        #expect(Self.read("courier", .application, options: apps) == .choice(0))
        #expect(Self.read("the courier app", .application, options: apps) == .choice(0))
        #expect(Self.read("express", .application, options: apps) == .choice(1))
        #expect(Self.read("courier express please", .application, options: apps) == .choice(1))
        #expect(Self.read("the second one", .application, options: apps) == .choice(1))
        #expect(Self.read("banana", .application, options: apps) == nil)
    }

    @Test func valuesOfTheParametersType() {
        guard case .value(let minutes)? = Self.read("make it fifty please", .needsValue, "minutes") else { Issue.record("no value"); return }
        #expect(minutes.value == .integer(50))
        guard case .value(let length)? = Self.read("um, for five minutes", .needsValue, "length") else { Issue.record("no value"); return }
        #expect(length.value == .duration(seconds: 300))
        guard case .value(let size)? = Self.read("big", .needsValue, "size") else { Issue.record("no value"); return }
        #expect(size.value == .enumCase("large"))
        guard case .value(let who)? = Self.read("jones", .needsValue, "who") else { Issue.record("no value"); return }
        #expect(who.value == .entity("alex-jones"))
        // Out of range is read, to say why it cannot be (the recogniser never hears it).
        guard case .value(let tooMany)? = Self.read("a hundred and one", .needsValue, "minutes") else { Issue.record("no value"); return }
        #expect(tooMany.isOutOfRange)
    }

    /// For every kind of question, an answer the recogniser's grammar takes
    /// is one a typed answer's matcher takes, and the other way round (a
    /// typed number out of range is read only to say why it is refused).
    @Test func spokenAndTypedAnswersAreTheSame() throws {
        let questions: [(Prompt.Kind, String?)] = [(.confirmation, nil), (.confirmationRequired, "size"), (.disambiguation, "who"),
                                                   (.application, nil), (.needsValue, "minutes"), (.needsValue, "length"),
                                                   (.needsValue, "size"), (.needsValue, "who")]
        let said = ["yes", "yeah sure", "sure send it", "yes please", "please do", "no", "no thanks", "please don't", "certainly not",
                    "right no", "yes no wait", "that's wrong", "not really", "maybe", "yes to alex", "please",
                    "cancel", "please cancel", "never mind never mind", "no never mind forget it", "cancel the meeting", "no no",
                    "the second one", "the last one", "first", "number two", "jones", "alex smith please", "alex", "the third one",
                    "i mean the first one", "in alex jones", "make it fifty", "fifty", "um for five minutes", "five minutes",
                    "a hundred and one", "zero", "big", "the small", "large please", "it's alex smith", "smith"]
        for (kind, parameter) in questions {
            let answers = try #require(Self.answers(kind, parameter))
            let automaton = try RecognitionGrammar.automaton(for: JSGFGrammar(model: answers))
            let matcher = Matcher(model: answers)
            for text in said {
                let words = TextNormalizer.words(of: text)
                let heard = automaton.accepts(words)
                let typed = matcher.match(text).best.map { !$0.arguments.contains(where: \.isOutOfRange) } ?? false
                #expect(heard == typed, "\(kind) \(parameter ?? ""): \"\(text)\" heard \(heard), typed \(typed)")
            }
        }
    }
}
