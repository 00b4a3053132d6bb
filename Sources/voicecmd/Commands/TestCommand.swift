import Foundation
import Synchronization
import VoiceCommands

/// `voicecmd test`: a file of test cases (sentences or recordings, with the
/// intent and values each should give) run against a model, for a
/// model's own CI.
enum TestCommand: Subcommand {
    static let spec = CommandSpec(
        name: "test",
        abstract: "Check a model against test cases: sentences or recordings with the intent and values each should give.",
        discussion: "One case a line, tab-separated: what is said (a sentence, or a recording's path, relative to the test "
            + "file), the intent expected (\"-\" when nothing should be understood; \"App: Intent\" when several "
            + "applications are loaded), then name=value for each value expected (numbers, durations in seconds, enum "
            + "cases and entities by identifier); a tab, line end or backslash inside a field is written \\t, \\n, \\r "
            + "or \\\\. Lines starting with # are comments. voicecmd sample writes cases for every phrase. Each failing "
            + "case is printed with its line; exits with 1 when any fails, or when the file holds no case.",
        positionals: [.init(name: "cases", help: "The test file ('-' for standard input).", isRepeating: false, isOptional: false)],
        options: [.commands, .shortcuts,
                  .init(name: "jobs", short: "j", valueName: "n", help: "Recognise n recordings at once (default 1)."),
                  .minConfidence, .hearing, .voiceGate, .denoise, .hmm, .dict, .lm]
    )

    /// The largest test file read.
    static let largestFile = 16 << 20

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let path = arguments.positionals[0]
        let jobs = try WholeNumberOption.value(arguments, spec, "jobs", default: 1, in: 1...64)
        let text = try read(path)
        let loaded = try ModelSource.load(arguments)
        let showApplication = loaded.model.applications.count > 1
        let folder = path == "-" ? FileManager.default.currentDirectoryPath : (path as NSString).deletingLastPathComponent
        let name = path == "-" ? "standard input" : path

        var cases: [TestCase] = []
        let failures = Failures()
        var unreadable = 0
        // "\r\n" is one Character, a newline like "\n".
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            do {
                if let parsed = try TestCase.parse(line, line: index + 1) { cases.append(parsed) }
            } catch {
                StandardOutput.write("\(name):\(error.line): \(error.message)")
                unreadable += 1
            }
        }
        guard !cases.isEmpty || unreadable > 0 else { throw ToolFailure(message: "\(name) holds no test cases") }
        let report = { @Sendable (testCase: TestCase, problem: String) in
            StandardOutput.write("\(name):\(testCase.line): \"\(testCase.said)\": \(problem)")
            failures.count.add(1, ordering: .relaxed)
        }
        for testCase in cases where !testCase.isRecording {
            if let problem = testCase.mismatch(loaded.matcher.match(testCase.said), showApplication: showApplication) { report(testCase, problem) }
        }
        let recordings = cases.filter(\.isRecording)
        if !recordings.isEmpty {
            let files = recordings.map { $0.said.hasPrefix("/") ? $0.said : (folder as NSString).appendingPathComponent($0.said) }
            let options = try RecognizerFlags.options(arguments, spec, models: loaded)
            try BatchTranscription(model: loaded.model, matcher: loaded.matcher, modelPath: loaded.modelPath, options: options,
                                   files: files, jobs: jobs).run(fileDone: { _ in }) { index, result in
                let testCase = recordings[index]
                switch result {
                case .failure(let error): report(testCase, error.message)
                case .success(let transcripts):
                    // A recording holds one command: what was heard in it, all utterances together.
                    let heard = transcripts.first { $0.match?.best != nil }
                    let match = heard?.match ?? MatchResult.none(transcripts.map(\.text).joined(separator: " "))
                    if let problem = testCase.mismatch(match, showApplication: showApplication) {
                        report(testCase, problem + " (heard \"\(heard?.text ?? transcripts.map(\.text).joined(separator: " "))\")")
                    }
                }
                return !StandardOutput.hasFailed
            }
        }
        let failed = failures.count.load(ordering: .relaxed)
        StandardOutput.write("\(cases.count) case\(cases.count == 1 ? "" : "s"): \(cases.count - failed) passed, \(failed) failed"
                             + (unreadable == 0 ? "" : "; \(unreadable) line\(unreadable == 1 ? "" : "s") could not be read"))
        try StandardOutput.check()
        return failed == 0 && unreadable == 0 ? 0 : 1
    }

    /// Failing cases, counted from the recognising threads too.
    final class Failures: Sendable {
        let count = Atomic(0)
    }

    private static func read(_ path: String) throws -> String {
        if path == "-" {
            var data = Data()
            do {
                while data.count <= largestFile, let chunk = try FileHandle.standardInput.read(upToCount: largestFile + 1 - data.count),
                      !chunk.isEmpty {
                    data += chunk
                }
            } catch {
                throw ToolFailure(message: "cannot read the test cases from standard input: \(SystemReason.of(error))")
            }
            guard data.count <= largestFile else { throw ToolFailure(message: "standard input holds more than 16 MiB of test cases") }
            return String(decoding: data, as: UTF8.self)
        }
        do {
            return String(decoding: try BoundedFileReader.read(path, limit: largestFile), as: UTF8.self)
        } catch {
            throw ToolFailure(message: "cannot read the test file \(path): \(error.reason)")
        }
    }
}
