import Foundation
import VoiceCommands

/// The size limits of issue 11, measured on the real tool: `voicecmd check`
/// of a minified model of 10,000 intents (target: under 500 MB and 30 s) and
/// of a model of 50,000 entities with invented names, every one guessed by
/// the letter-to-sound rules (target: under 10 s), checked and loaded into
/// the recogniser. Each run is a child
/// process, so its peak memory is its own; its output is verified.
enum LimitsBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let intents = try options.integer("intents", default: 10_000)
        let entities = try options.integer("entities", default: 50_000)
        let tool = try voicecmdTool(options)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-limits-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var report = BenchReport(name: "limits")
        let minified = folder.appendingPathComponent("minified.json").path
        try minifiedModel(intents: intents).write(toFile: minified, atomically: false, encoding: .utf8)
        let check = try runChild(tool, ["check", minified])
        report.lines.append(String(format: "minified   %d intents on one line (%d KB): check %.2f s, %.0f MB peak",
                                   intents, size(minified) / 1024, check.seconds, check.peakMB))
        if check.status != 0 || !check.output.contains("intents:            \(intents)") || !check.output.contains("errors: 0") {
            report.failures.append("check of the minified model: exit \(check.status), output \(check.output.suffix(300))")
        }
        if check.peakMB >= 500 || check.seconds >= 30 { report.failures.append("check of the minified model is over 500 MB or 30 s") }

        let named = folder.appendingPathComponent("entities.json").path
        try GeneratedModel(intents: 10, phrasesPerIntent: 2, entities: entities).json.write(toFile: named, atomically: false, encoding: .utf8)
        let load = try runChild(tool, ["check", named])
        let missing = load.output.split(separator: "\n").first { $0.contains("dictionary:") }.map(String.init) ?? "no dictionary line"
        report.lines.append(String(format: "entities   %d invented names (%d KB): check %.2f s, %.0f MB peak; %@",
                                   entities, size(named) / 1024, load.seconds, load.peakMB,
                                   missing.trimmingCharacters(in: .whitespaces)))
        if load.status != 0 || !load.output.contains("errors: 0") || load.output.contains("no pronunciation") {
            report.failures.append("check of the entity model: exit \(load.status), output \(load.output.suffix(300))")
        }
        if load.seconds >= 10 { report.failures.append("the entity model took 10 s or more") }

        // The recogniser loads the same model: every name into its dictionary and grammar.
        let clip = options.value("clip") ?? "Tests/SpeechFrontTests/Fixtures/clips/device-on-slt.flac"
        let heard = try runChild(tool, ["transcribe", "--json", "--commands", named, clip])
        report.lines.append(String(format: "recogniser the same model, one clip heard: %.2f s, %.0f MB peak", heard.seconds, heard.peakMB))
        if heard.status != 0 || !heard.output.hasPrefix("{\"file\":") {
            report.failures.append("transcribe with the entity model: exit \(heard.status), output \(heard.output.prefix(300))")
        }
        if heard.seconds >= 10 { report.failures.append("the recogniser took 10 s or more to load the entity model") }

        report.figures = [
            ("minified_intents", .integer(intents)), ("minified_check_s", .number((check.seconds * 100).rounded() / 100)),
            ("minified_peak_mb", .number(check.peakMB.rounded())),
            ("entities", .integer(entities)), ("entities_check_s", .number((load.seconds * 100).rounded() / 100)),
            ("entities_peak_mb", .number(load.peakMB.rounded())),
            ("entities_transcribe_s", .number((heard.seconds * 100).rounded() / 100)),
            ("entities_transcribe_peak_mb", .number(heard.peakMB.rounded())),
        ]
        return report
    }

    /// Intents with a number slot and alternatives, written without a single newline.
    static func minifiedModel(intents: Int) -> String {
        let members = (0..<intents).map { index in
            "\"Intent\(index)\":{\"parameters\":{\"n\":{\"type\":\"integer\"}},\"phrases\":"
                + "[\"do thing number \(index) with \\\\(n)\",\"(run|start) task \(index) [now]\"]}"
        }
        return "{\"application\":\"Minified\",\"intents\":{" + members.joined(separator: ",") + "}}"
    }

    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
