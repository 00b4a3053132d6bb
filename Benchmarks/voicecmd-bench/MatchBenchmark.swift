import Foundation
import VoiceCommands

/// Loads and compiles a model, matches every sentence of a file many times,
/// and reports latency per utterance. Every sentence is expected to match;
/// a sentence line may name its expected intent after a tab.
enum MatchBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let modelPath = try options.required("commands")
        let sentencesPath = try options.required("sentences")
        let rounds = try options.integer("rounds", default: 200)
        guard let sentenceText = try? String(contentsOfFile: sentencesPath, encoding: .utf8) else {
            throw BenchError(message: "cannot read \(sentencesPath)")
        }
        let lines = sentenceText.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        let sentences = lines.map { String($0.split(separator: "\t", maxSplits: 1)[0]) }
        let expectedIntents = lines.map { line -> String? in
            let fields = line.split(separator: "\t", maxSplits: 1)
            return fields.count > 1 ? String(fields[1]) : nil
        }

        let modelText: String
        do { modelText = try String(contentsOfFile: modelPath, encoding: .utf8) } catch {
            throw BenchError(message: "cannot read \(modelPath)")
        }
        // Compile time: best of several loads (parse + validate + compile).
        var compileNanoseconds = UInt64.max
        var matcher: Matcher?
        for _ in 0..<10 {
            let start = nanoseconds()
            let model = try ModelLoader.load(text: modelText, name: modelPath)
            let compiled = Matcher(model: model)
            compileNanoseconds = min(compileNanoseconds, nanoseconds() - start)
            matcher = compiled
        }
        guard let matcher else { throw BenchError(message: "no model") }

        let (latency, matched, failures) = measureMatching(matcher, sentences: sentences, rounds: rounds) { index, result in
            guard let best = result.best else { return "no intent matched" }
            if let expected = expectedIntents[index], best.intent != expected { return "matched \(best.intent), expected \(expected)" }
            return nil
        }
        var report = BenchReport(name: "match")
        let compileMS = Double(compileNanoseconds) / 1e6
        report.lines = [
            "model      \(modelPath): \(matcher.model.intents.count) intents, \(matcher.automatonStateCount) automaton states",
            String(format: "compile    %.2f ms (load + validate + compile, best of 10)", compileMS),
            "sentences  \(sentences.count) × \(rounds) rounds",
            String(format: "latency    median %.2f µs, p90 %.2f µs, p99 %.2f µs, mean %.2f µs per utterance",
                   latency.median, latency.p90, latency.p99, latency.mean),
            "matched    \(matched)/\(sentences.count)",
        ]
        report.failures = failures
        report.figures = [
            ("compile_ms", .number((compileMS * 1000).rounded() / 1000)),
            ("median_us", .number((latency.median * 100).rounded() / 100)),
            ("p90_us", .number((latency.p90 * 100).rounded() / 100)),
            ("p99_us", .number((latency.p99 * 100).rounded() / 100)),
            ("matched", .integer(matched)), ("total", .integer(sentences.count)),
        ]
        return report
    }
}
