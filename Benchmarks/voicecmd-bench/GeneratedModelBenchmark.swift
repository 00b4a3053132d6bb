import Foundation
import VoiceCommands

/// A large generated model — N intents × P phrases, sharing an entity type
/// of E entities — loaded and matched, to show the matcher scales: load
/// time and latency should barely grow with the model.
enum GeneratedModelBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let intents = try options.integer("intents", default: 1000)
        let phrases = try options.integer("phrases", default: 10)
        let entities = try options.integer("entities", default: 1000)
        let rounds = try options.integer("rounds", default: 20)
        let generated = GeneratedModel(intents: intents, phrasesPerIntent: phrases, entities: entities)

        let start = nanoseconds()
        let model = try ModelLoader.load(text: generated.json, name: "generated.json")
        let matcher = Matcher(model: model)
        let loadMS = Double(nanoseconds() - start) / 1e6

        let samples = generated.sentences
        let (latency, matched, failures) = measureMatching(matcher, sentences: samples.map(\.text), rounds: rounds) { index, result in
            let expected = samples[index]
            guard let best = result.best else { return "no intent matched" }
            if best.intent != expected.intent { return "matched \(best.intent), expected \(expected.intent)" }
            if best.argument("item")?.value != .entity(expected.entity) { return "item \(String(describing: best.argument("item")?.value)), expected \(expected.entity)" }
            return nil
        }
        var report = BenchReport(name: "generated")
        report.lines = [
            "model      \(intents) intents × \(phrases) phrases, \(entities) entities (\(generated.json.utf8.count / 1024) KB of JSON)",
            String(format: "load       %.1f ms (parse + validate + compile), %d automaton states", loadMS, matcher.automatonStateCount),
            "sentences  \(samples.count) × \(rounds) rounds",
            String(format: "latency    median %.2f µs, p90 %.2f µs, p99 %.2f µs per utterance", latency.median, latency.p90, latency.p99),
            "matched    \(matched)/\(samples.count)",
            String(format: "memory     %.1f MB peak", peakMemoryMB()),
        ]
        report.failures = failures
        report.figures = matchingFigures(loadMS: loadMS, latency, matched: matched, total: samples.count)
        return report
    }
}

/// A deterministic synthetic model: every intent has its own made-up noun,
/// ten phrase shapes around it, and a slot of the shared entity type.
struct GeneratedModel {
    struct Sentence {
        var text: String
        var intent: String
        var entity: String
    }

    let json: String
    let sentences: [Sentence]

    private static let consonants = Array("bdfgklmnprstvz")
    private static let vowels = Array("aeiou")
    private static let shapes = [
        "(activate|start) [the] NOUN (with|using) \\(item)",
        "NOUN \\(item) [now]",
        "[please] (show|open) [the] NOUN for \\(item)",
        "(use|apply) \\(item) (on|to) [the] NOUN",
        "send \\(item) to [the] NOUN [please]",
        "(what is|what's) the NOUN of \\(item)",
        "set [the] NOUN to \\(item)",
        "(stop|pause) [the] NOUN [for \\(item)]",
        "NOUN (report|status) (about|on) \\(item)",
        "(load|fetch) \\(item) into [the] NOUN",
    ]

    /// A pronounceable made-up word from a number, unique per number.
    static func word(_ number: Int, syllables: Int) -> String {
        var value = number
        var text = ""
        for _ in 0..<syllables {
            let syllable = value % (consonants.count * vowels.count)
            value /= consonants.count * vowels.count
            text.append(consonants[syllable / vowels.count])
            text.append(vowels[syllable % vowels.count])
        }
        return text
    }

    /// The types alone, as a package several generated applications include.
    let typesJSON: String
    /// The model without its types, including `typesFile` for them.
    func includingTypes(from typesFile: String) -> String { including(typesFile) }
    private let including: (String) -> String

    /// `application` names the model; `firstNoun` starts its made-up nouns,
    /// so applications generated with different starts share none.
    init(intents: Int, phrasesPerIntent: Int, entities: Int, application: String = "Generated", firstNoun: Int = 0) {
        // Entities: "<word> <word>" names, one synonym each.
        var entityList: [String] = []
        var entityNames: [String] = []
        for index in 0..<entities {
            let name = "\(Self.word(index, syllables: 2)) \(Self.word(index * 7 + 3, syllables: 2))x"
            entityNames.append(name)
            entityList.append(#"{"id": "e\#(index)", "name": "\#(name)", "synonyms": ["\#(Self.word(index, syllables: 3))q"]}"#)
        }
        var intentList: [String] = []
        var sentences: [Sentence] = []
        for index in 0..<intents {
            let noun = Self.word(firstNoun + index, syllables: 3) + "n"
            let phrases = (0..<phrasesPerIntent).map { number in
                "\"" + Self.shapes[number % Self.shapes.count].replacingOccurrences(of: "NOUN", with: noun)
                    + (number >= Self.shapes.count ? " \(Self.word(number, syllables: 1))" : "") + "\""
            }
            intentList.append(#""Intent\#(index)": {"parameters": {"item": {"type": "Item"}}, "phrases": [\#(phrases.joined(separator: ", "))]}"#)
            // Two sentences per intent, spread over the shapes and entities.
            for sample in 0..<2 {
                let shape = (index + sample * 3) % min(phrasesPerIntent, Self.shapes.count)
                let entity = (index * 31 + sample * 17) % entities
                let text = Self.sentence(shape: shape, noun: noun, item: entityNames[entity])
                sentences.append(Sentence(text: text, intent: "Intent\(index)", entity: "e\(entity)"))
            }
        }
        let types = #"{"Item": {"kind": "entity", "entities": [\#(entityList.joined(separator: ",\n"))]}}"#
        let intentsJSON = intentList.joined(separator: ",\n")
        json = """
            {"application": "\(application)", "types": \(types),
             "intents": {\(intentsJSON)}}
            """
        typesJSON = #"{"types": \#(types)}"#
        including = { file in #"{"application": "\#(application)", "include": ["\#(file)"], "intents": {\#(intentsJSON)}}"# }
        self.sentences = sentences
    }

    /// One concrete sentence for a shape: first alternative, optional parts taken.
    private static func sentence(shape: Int, noun: String, item: String) -> String {
        let concrete = [
            "activate the NOUN with ITEM", "NOUN ITEM now", "please show the NOUN for ITEM", "use ITEM on the NOUN",
            "send ITEM to the NOUN please", "what's the NOUN of ITEM", "set the NOUN to ITEM", "pause the NOUN for ITEM",
            "NOUN status about ITEM", "fetch ITEM into NOUN",
        ]
        return concrete[shape].replacingOccurrences(of: "NOUN", with: noun).replacingOccurrences(of: "ITEM", with: item)
    }
}
