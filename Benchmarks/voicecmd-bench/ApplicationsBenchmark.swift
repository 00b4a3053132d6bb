import Foundation
import VoiceCommands

/// Several applications heard at once: N generated model files of I intents
/// each, all including one shared package of types, loaded from disk,
/// combined and compiled into one matcher; then every application's
/// sentences matched, each checked for its intent, application and value.
enum ApplicationsBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let applications = try options.integer("applications", default: 10)
        let intents = try options.integer("intents", default: 100)
        let phrases = try options.integer("phrases", default: 10)
        let entities = try options.integer("entities", default: 100)
        let rounds = try options.integer("rounds", default: 20)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-bench-apps-\(getpid())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("common"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var sentences: [(text: String, application: String, intent: String, entity: String)] = []
        var bytes = 0
        for index in 0..<applications {
            let name = "App\(index)"
            let generated = GeneratedModel(intents: intents, phrasesPerIntent: phrases, entities: entities,
                                           application: name, firstNoun: index * intents)
            if index == 0 {
                try generated.typesJSON.write(to: folder.appendingPathComponent("common/items.json"), atomically: false, encoding: .utf8)
                bytes += generated.typesJSON.utf8.count
            }
            let text = generated.includingTypes(from: "common/items.json")
            bytes += text.utf8.count
            try text.write(to: folder.appendingPathComponent(String(format: "app%02d.json", index)), atomically: false, encoding: .utf8)
            sentences += generated.sentences.map { ($0.text, name, $0.intent, $0.entity) }
        }

        // Best of three: the figure is what loading costs, not a cold page cache.
        var loadMS = Double.infinity
        var matcher: Matcher?
        for _ in 0..<3 {
            let start = nanoseconds()
            let (model, _) = try ModelLoader.load(paths: [folder.path])
            let compiled = Matcher(model: model)
            loadMS = min(loadMS, Double(nanoseconds() - start) / 1e6)
            matcher = compiled
        }
        guard let matcher else { throw BenchError(message: "no model loaded") }
        let grammarStart = nanoseconds()
        let automaton = try RecognitionGrammar.automaton(for: JSGFGrammar(model: matcher.model))
        let grammarMS = Double(nanoseconds() - grammarStart) / 1e6

        var failures: [String] = []
        if matcher.model.applications.count != applications { failures.append("\(matcher.model.applications.count) applications loaded") }
        if matcher.model.types.count != 1 { failures.append("the shared type was loaded \(matcher.model.types.count) times") }
        let (latency, matched, matchFailures) = measureMatching(matcher, sentences: sentences.map(\.text), rounds: rounds) { index, result in
            let expected = sentences[index]
            guard let best = result.best else { return "no intent matched" }
            if best.application != expected.application || best.intent != expected.intent {
                return "matched \(best.application): \(best.intent), expected \(expected.application): \(expected.intent)"
            }
            if !result.tiedApplications.isEmpty { return "tied between \(result.tiedApplications)" }
            if best.argument("item")?.value != .entity(expected.entity) { return "item \(String(describing: best.argument("item")?.value))" }
            return nil
        }
        failures += matchFailures
        var report = BenchReport(name: "applications")
        report.lines = [
            "models     \(applications) applications × \(intents) intents × \(phrases) phrases, one shared package of "
                + "\(entities) entities (\(bytes / 1024) KB of JSON in \(applications + 1) files)",
            String(format: "load       %.1f ms (read + parse + validate + combine + compile, best of 3), %d automaton states",
                   loadMS, matcher.automatonStateCount),
            String(format: "grammar    %.1f ms (JSGF + recognition automaton, %d states)", grammarMS, automaton.stateCount),
            "sentences  \(sentences.count) × \(rounds) rounds",
            String(format: "latency    median %.2f µs, p90 %.2f µs, p99 %.2f µs per utterance", latency.median, latency.p90, latency.p99),
            "matched    \(matched)/\(sentences.count) (intent, application and value)",
            String(format: "memory     %.1f MB peak", peakMemoryMB()),
        ]
        report.failures = failures
        report.figures = matchingFigures(loadMS: loadMS, latency, matched: matched, total: sentences.count)
            + [("grammar_ms", .number((grammarMS * 10).rounded() / 10))]
        return report
    }
}
