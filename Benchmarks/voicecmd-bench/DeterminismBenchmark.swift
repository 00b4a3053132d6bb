import Foundation
import VoiceCommands

/// A result depends on the recording alone: `voicecmd transcribe --json` of
/// the first N clips of a corpus with one job, with four, and in reversed
/// order (its lines reversed back) must give the same bytes.
enum DeterminismBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let corpus = try options.required("corpus")
        let count = try options.integer("clips", default: 40)
        let tool = try voicecmdTool(options)
        var arguments = ["transcribe", "--json"]
        if let commands = options.value("commands") { arguments += ["--commands", commands] }
        let files = try CorpusManifest(directory: corpus).entries.prefix(count).map(\.path)
        guard files.count == count else { throw BenchError(message: "\(corpus) has \(files.count) clips, not \(count)") }

        let single = try runChild(tool, arguments + ["-j", "1"] + files, keepErrors: false)
        let parallel = try runChild(tool, arguments + ["-j", "4"] + files, keepErrors: false)
        let reversed = try runChild(tool, arguments + ["-j", "4"] + files.reversed(), keepErrors: false)
        let reversedBack = reversed.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().reversed()
            .joined(separator: "\n") + "\n"

        var report = BenchReport(name: "determinism")
        let lines = single.output.split(separator: "\n").count
        report.lines = [
            "corpus     \(corpus): \(count) clips, \(lines) result lines",
            String(format: "-j 1       %.2f s", single.seconds),
            String(format: "-j 4       %.2f s, %@", parallel.seconds, parallel.output == single.output ? "identical" : "DIFFERENT"),
            String(format: "reversed   %.2f s, %@", reversed.seconds, reversedBack == single.output ? "identical" : "DIFFERENT"),
        ]
        if [single, parallel, reversed].contains(where: { $0.status != 0 }) { report.failures.append("a run failed") }
        if lines < count { report.failures.append("\(lines) result lines for \(count) clips") }
        if parallel.output != single.output { report.failures.append("-j 4 differs from -j 1") }
        if reversedBack != single.output { report.failures.append("the reversed order differs") }
        report.figures = [("clips", .integer(count)), ("identical", .bool(report.failures.isEmpty))]
        return report
    }
}
