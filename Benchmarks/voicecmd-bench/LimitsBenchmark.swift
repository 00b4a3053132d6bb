import Foundation
import VoiceCommands

/// The size limits of issues 11 and 53, measured on the real tool: `voicecmd
/// check` of a minified model of 10,000 intents (target: under 500 MB and
/// 30 s) and of a model of 50,000 entities with invented names, every one
/// guessed by the letter-to-sound rules (target: under 10 s), checked and
/// loaded into the recogniser; 100,000 entities of one name, matched and
/// asked about (`match` and `run` under 2 s each), and a name of 64 MiB
/// refused (under 10 s and 500 MB). Each run is a child
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

        let sameNames = try options.integer("same-names", default: 100_000)
        let same = try sameNameRuns(tool, count: sameNames, in: folder, report: &report)
        let long = try longNameRun(tool, in: folder, report: &report)

        report.figures = [
            ("minified_intents", .integer(intents)), ("minified_check_s", .number((check.seconds * 100).rounded() / 100)),
            ("minified_peak_mb", .number(check.peakMB.rounded())),
            ("entities", .integer(entities)), ("entities_check_s", .number((load.seconds * 100).rounded() / 100)),
            ("entities_peak_mb", .number(load.peakMB.rounded())),
            ("entities_transcribe_s", .number((heard.seconds * 100).rounded() / 100)),
            ("entities_transcribe_peak_mb", .number(heard.peakMB.rounded())),
            ("same_names", .integer(sameNames)), ("same_names_match_s", .number((same.match * 100).rounded() / 100)),
            ("same_names_run_s", .number((same.run * 100).rounded() / 100)),
            ("long_name_check_s", .number((long.seconds * 100).rounded() / 100)), ("long_name_peak_mb", .number(long.peakMB.rounded())),
        ]
        return report
    }

    /// `count` contacts all called "Amy Ng": `match --json` finds every one
    /// (ambiguous), and `run` asks about the first five and "another", then
    /// takes the answer.
    static func sameNameRuns(_ tool: String, count: Int, in folder: URL, report: inout BenchReport) throws -> (match: Double, run: Double) {
        let people = folder.appendingPathComponent("same-names.json").path
        try ("[" + (0..<count).map { #"{"id":"p\#($0)","name":"Amy Ng"}"# }.joined(separator: ",") + "]")
            .write(toFile: people, atomically: false, encoding: .utf8)
        let model = folder.appendingPathComponent("same-names-model.json").path
        try (#"{"application":"Phone","types":{"Contact":{"kind":"entity","entities":{"file":"same-names.json"}}},"#
             + #""intents":{"Call":{"parameters":{"who":{"type":"Contact"}},"phrases":["call \(who)"]}}}"#)
            .write(toFile: model, atomically: false, encoding: .utf8)
        let match = try runChild(tool, ["match", "--json", "--commands", model, "call amy ng"])
        let ids = match.output.components(separatedBy: #""p"#).count - 1
        report.lines.append(String(format: "same names %d contacts called Amy Ng: match --json %.2f s (%d ids), %.0f MB peak",
                                   count, match.seconds, ids, match.peakMB))
        if match.status != 0 || !match.output.contains(#""intent":"Call""#) || ids != count {
            report.failures.append("match of \(count) same names: exit \(match.status), \(ids) ids, output \(match.output.prefix(300))")
        }
        let answer = folder.appendingPathComponent("answer.txt").path
        try "the second one\n".write(toFile: answer, atomically: false, encoding: .utf8)
        let run = try runChild(tool, ["run", "--commands", model, "call amy ng"], input: answer)
        report.lines.append(String(format: "same names run, asked which and answered: %.2f s, %.0f MB peak", run.seconds, run.peakMB))
        if run.status != 0 || !run.output.contains("? Which contact: Amy Ng, Amy Ng, Amy Ng, Amy Ng, Amy Ng or another?\nOkay, done.") {
            report.failures.append("run of \(count) same names: exit \(run.status), output \(run.output.prefix(300))")
        }
        if match.seconds >= 2 || run.seconds >= 2 { report.failures.append("match or run of \(count) same names took 2 s or more") }
        return (match.seconds, run.seconds)
    }

    /// One contact whose name is 64 MiB: refused, its start shown, quickly and in bounded memory.
    static func longNameRun(_ tool: String, in folder: URL, report: inout BenchReport) throws -> ChildRun {
        let people = folder.appendingPathComponent("long-name.json").path
        try (#"[{"id":"x","name":""# + String(repeating: "a ", count: 32 << 20) + #""}]"#).write(toFile: people, atomically: false, encoding: .utf8)
        let model = folder.appendingPathComponent("long-name-model.json").path
        try (#"{"application":"Phone","types":{"Contact":{"kind":"entity","entities":{"file":"long-name.json"}}},"#
             + #""intents":{"Call":{"parameters":{"who":{"type":"Contact"}},"phrases":["call \(who)"]}}}"#)
            .write(toFile: model, atomically: false, encoding: .utf8)
        let check = try runChild(tool, ["check", model])
        report.lines.append(String(format: "long name  one of 64 MiB: check refuses it in %.2f s, %.0f MB peak", check.seconds, check.peakMB))
        if check.status != 1 || !check.output.contains("is 67108864 bytes long; the most is 256") {
            report.failures.append("check of a 64 MiB name: exit \(check.status), output \(check.output.prefix(300))")
        }
        if check.seconds >= 10 || check.peakMB >= 500 { report.failures.append("check of a 64 MiB name took 10 s or 500 MB or more") }
        return check
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
