import Foundation
import VoiceCommands

/// How well the recogniser tells commands from everything else, per
/// confidence threshold. Every clip is decoded once with nothing rejected
/// for its confidence; each utterance's confidence and command are kept,
/// and the thresholds are applied afterwards: in-grammar commands accepted
/// right, out-of-grammar speech accepted as a command (false accepts), and
/// commands made out of noise, per hour.
enum RejectionBenchmark {
    typealias Role = RejectionSets.Role

    /// One clip as heard at threshold 0.
    struct Heard {
        var name: String
        var group: String
        var seconds: Double
        var cpuSeconds: Double
        var utterances: [RecognizerProbe.Heard]
        var expected: RejectionSets.Expected?
        /// Per utterance: its command is the expected one (in-grammar clips).
        var right: [Bool]

        /// Commands accepted at `threshold`, as indices into `utterances`.
        func accepted(at threshold: Double) -> [Int] {
            utterances.indices.filter { utterances[$0].command != nil && utterances[$0].confidence >= threshold }
        }

        enum Outcome { case right, wrong, nothing }

        /// Right when exactly the labelled command is accepted and nothing else.
        func outcome(at threshold: Double) -> Outcome {
            let accepted = accepted(at: threshold)
            if accepted.isEmpty { return .nothing }
            return accepted.count == 1 && right[accepted[0]] ? .right : .wrong
        }
    }

    struct SetResult {
        var plan: RejectionSets.Plan
        var clips: [Heard]
        var cpuSeconds = 0.0
        var wallSeconds = 0.0
        var notes: [String] = []
        var name: String { plan.name }
        var role: Role { plan.role }
        var seconds: Double { clips.reduce(0) { $0 + $1.seconds } }
        var groups: [String] {
            var names: [String] = []
            for clip in clips where !names.contains(clip.group) { names.append(clip.group) }
            return names
        }
    }

    static func run(_ options: BenchOptions) throws -> BenchReport {
        let denoiseName = options.value("denoise") ?? "auto"
        guard let denoise = DenoiseMode(rawValue: denoiseName) else {
            throw BenchError(message: "--denoise takes on, off or auto, not \(denoiseName)", isUsage: true)
        }
        var settings = RejectionSets.Settings(
            corpora: options.value("corpora") ?? "../shared/corpora",
            bench: options.value("bench") ?? "../shared/bench",
            miscModel: options.value("misc-model") ?? "Benchmarks/models/misc-commands.json",
            limit: try options.value("limit").map { _ in try options.integer("limit", default: 0) },
            padding: try positive(options, "pad", default: 0.5),
            noisePieces: try options.integer("noise-pieces", default: 4),
            pieceSeconds: try positive(options, "piece-seconds", default: 5),
            noiseMinutes: try positive(options, "noise-minutes", default: 3),
            kitchenGains: try numbers(options, "kitchen-gains", default: [0, 10, -10]))
        if let folder = options.value("other-speech") { settings.otherSpeech = folder }
        let verifyCount = options.value("verify").flatMap(Int.init) ?? 10
        guard verifyCount >= 0 else { throw BenchError(message: "--verify takes a count of clips, 0 for none", isUsage: true) }
        let allPlans = RejectionSets.plans(settings)
        var plans = allPlans
        if let names = options.value("sets") {
            let wanted = names.split(separator: ",").map(String.init)
            for name in wanted where !allPlans.contains(where: { $0.name == name || $0.role.rawValue == name }) {
                throw BenchError(message: "no set '\(name)'; sets: \(allPlans.map(\.name).joined(separator: ", ")), "
                    + "or a role: in-grammar, out-of-grammar, noise", isUsage: true)
            }
            plans = allPlans.filter { wanted.contains($0.name) || wanted.contains($0.role.rawValue) }
        }
        let defaultThreshold = try RecognizerProbe.defaultThreshold()
        let thresholds = Self.thresholds(including: defaultThreshold)

        var report = BenchReport(name: "rejection")
        var results: [SetResult] = []
        var verification = Verification()
        var models: [String: CommandModel] = [:]
        var probes: [String: RecognizerProbe] = [:]
        var checkers: [String: RecognizerProbe] = [:]
        for plan in plans {
            if let absent = plan.needs.first(where: { !FileManager.default.fileExists(atPath: $0) }) ?? (
                FileManager.default.fileExists(atPath: plan.modelPath) ? nil : plan.modelPath) {
                let message = "skipped \(plan.name): \(absent) is absent"
                report.lines.append(message)
                FileHandle.standardError.write(Data("rejection: \(message)\n".utf8))
                continue
            }
            let model: CommandModel
            if let known = models[plan.modelPath] { model = known } else {
                model = try ModelLoader.load(path: plan.modelPath)
                models[plan.modelPath] = model
            }
            let (clips, notes) = try plan.clips(model)
            if clips.isEmpty { report.failures.append("\(plan.name): no clips (its folder is there)") }
            let probe: RecognizerProbe
            if let known = probes[plan.modelPath] { probe = known } else {
                probe = try RecognizerProbe(model: model, modelPath: plan.modelPath, minimumConfidence: 0, denoise: denoise)
                probes[plan.modelPath] = probe
            }
            var result = SetResult(plan: plan, clips: [], notes: notes)
            for clip in clips {
                let hearing = try probe.hear(clip.samples)
                result.cpuSeconds += hearing.cpuSeconds
                result.wallSeconds += hearing.wallSeconds
                let right = hearing.heard.map { heard -> Bool in
                    guard let expected = clip.expected, let command = heard.command else { return false }
                    return ASRBenchmark.scoreProblem(command, intent: expected.intent, slots: expected.slots, model: model) == nil
                }
                result.clips.append(Heard(name: clip.name, group: plan.role == .noise ? clip.group : plan.name,
                                          seconds: Double(clip.samples.count) / Double(RecognizerAudio.sampleRate), cpuSeconds: hearing.cpuSeconds,
                                          utterances: hearing.heard, expected: clip.expected, right: right))
            }
            report.failures += Self.checkAudio(plan, clips)
            // Long streams are heard utterance by utterance, where the
            // threshold only filters; a short recording is heard whole or
            // in parts, and which depends on the threshold: checked on a few.
            if verifyCount > 0, plan.name != "kitchen", !clips.isEmpty {
                let checker: RecognizerProbe
                if let known = checkers[plan.modelPath] { checker = known } else {
                    checker = try RecognizerProbe(model: model, modelPath: plan.modelPath, minimumConfidence: defaultThreshold, denoise: denoise)
                    checkers[plan.modelPath] = checker
                }
                for index in RejectionSets.subset(clips.count, limit: verifyCount) {
                    let predicted = result.clips[index].accepted(at: defaultThreshold).map { describe(result.clips[index].utterances[$0].command) }
                    let actual = try checker.hear(clips[index].samples).heard.filter { $0.command != nil }.map { describe($0.command) }
                    verification.checked += 1
                    if predicted != actual {
                        verification.differing.append("\(plan.name) \(clips[index].name): swept \(predicted) but heard \(actual) at the default")
                    }
                }
            }
            FileHandle.standardError.write(Data(String(format: "rejection: %@ %d clips, %.0f s of audio, decoded in %.0f s\n",
                                                       plan.name, clips.count, result.seconds, result.wallSeconds).utf8))
            results.append(result)
        }
        if results.isEmpty { report.failures.append("no set ran") }
        report.failures += Self.checkResults(results, thresholds: thresholds)

        report.lines += RejectionTable.lines(results, thresholds: thresholds, defaultThreshold: defaultThreshold, denoise: denoise,
                                             settings: settings, verification: verification)
        report.figures = RejectionTable.figures(results, thresholds: thresholds, defaultThreshold: defaultThreshold, denoise: denoise,
                                                settings: settings, verification: verification)
        if let path = options.value("clips") {
            try write(Self.clipTable(results), to: path)
            report.lines.append("clips: \(path)")
        }
        if let path = options.value("plot") {
            let curves = RejectionTable.curves(results, thresholds: thresholds)
            if curves.isEmpty {
                report.lines.append("plot: not written, it needs an in-grammar and an out-of-grammar set")
            } else {
                let svg = RejectionPlot.svg(curves, defaultThreshold: defaultThreshold,
                                            subtitle: "denoise \(denoise.rawValue); missed: all in-grammar clips pooled ("
                                                + results.filter { $0.role == .inGrammar }.map(\.name).joined(separator: ", ") + ")")
                try write(svg, to: path)
                report.lines.append("plot: \(path)")
            }
        }
        return report
    }

    private static func write(_ text: String, to path: String) throws {
        do {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
        } catch {
            throw BenchError(message: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Every utterance heard at threshold 0, one a line (tab-separated, a
    /// header row): to apply other thresholds, or compare runs, without
    /// decoding again. A clip that gave none has a line without one.
    static func clipTable(_ results: [SetResult]) -> String {
        var lines = ["set\trole\tclip\tseconds\tcpu_s\texpected\tutterance\tconfidence\tcommand\tright"]
        for result in results {
            for clip in result.clips {
                let expected = clip.expected.map { expected in
                    expected.intent + "(" + expected.slots.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + ")"
                } ?? "-"
                let head = [result.name, result.role.rawValue, clip.name, String(format: "%.3f", clip.seconds),
                            String(format: "%.4f", clip.cpuSeconds), expected]
                if clip.utterances.isEmpty { lines.append((head + ["-", "-", "-", "-"]).joined(separator: "\t")) }
                for (index, heard) in clip.utterances.enumerated() {
                    lines.append((head + [String(index), String(format: "%.4f", heard.confidence), describe(heard.command),
                                          clip.expected == nil ? "-" : (clip.right[index] ? "yes" : "no")]).joined(separator: "\t"))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    struct Verification {
        var checked = 0
        var differing: [String] = []
    }

    /// 0.00 to 0.95 in steps of 0.05, and the default.
    static func thresholds(including defaultThreshold: Double) -> [Double] {
        var values = (0..<20).map { Double($0) / 20 }
        if !values.contains(where: { abs($0 - defaultThreshold) < 1e-9 }) { values.append(defaultThreshold) }
        return values.sorted()
    }

    static func isDefault(_ threshold: Double, _ defaultThreshold: Double) -> Bool { abs(threshold - defaultThreshold) < 1e-9 }

    /// "orderDrink(size=large, coffeeDrink=latte)", or "-" for no command.
    static func describe(_ match: Match?) -> String {
        guard let match else { return "-" }
        let arguments = match.arguments.map { argument -> String in
            let value: String
            switch argument.value {
            case .enumCase(let id), .entity(let id): value = id
            default: value = argument.text
            }
            return "\(argument.name)=\(value)" + (argument.isOutOfRange ? " (out of range)" : "")
        }
        return "\(match.intent)(\(arguments.joined(separator: ", ")))"
    }

    /// The made-up noises are what they say they are.
    private static func checkAudio(_ plan: RejectionSets.Plan, _ clips: [RejectionSets.Clip]) -> [String] {
        var problems: [String] = []
        for clip in clips where plan.role == .noise {
            let level = SyntheticNoise.dBFS(clip.samples)
            let words = clip.group.split(separator: " ")
            if words.count == 3, words[2] == "dBFS", let target = Double(words[1]), abs(level - target) > 0.5 {
                problems.append(String(format: "%@: %.2f dBFS, not %.0f", clip.name, level, target))
            } else if clip.group == "random samples", abs(level + 4.77) > 0.2 {
                problems.append(String(format: "%@: %.2f dBFS, not the -4.77 of uniform samples", clip.name, level))
            } else if clip.group.hasPrefix("dither"), clip.samples.contains(where: { abs(Int($0)) > 2 }) || !clip.samples.contains(where: { $0 != 0 }) {
                problems.append("\(clip.name): not dither of ±2 LSB")
            }
        }
        if plan.name == "kitchen" {
            let expected = clips.first.map(\.samples.count)
            if clips.contains(where: { $0.samples.count != expected }) { problems.append("kitchen: the streams differ in length") }
        }
        return problems
    }

    /// Results that mean the harness, not the recogniser, is broken.
    private static func checkResults(_ results: [SetResult], thresholds: [Double]) -> [String] {
        var problems: [String] = []
        for result in results {
            for clip in result.clips {
                for heard in clip.utterances where !(0...1).contains(heard.confidence) {
                    problems.append("\(result.name) \(clip.name): confidence \(heard.confidence) outside 0…1")
                }
            }
            if !result.clips.isEmpty, result.cpuSeconds <= 0 { problems.append("\(result.name): no decoding time measured") }
            // Fewer clips accept something as the threshold rises, never more.
            let accepting = thresholds.map { threshold in result.clips.filter { !$0.accepted(at: threshold).isEmpty }.count }
            if zip(accepting, accepting.dropFirst()).contains(where: { $0 < $1 }) {
                problems.append("\(result.name): more clips accepted at a higher threshold")
            }
            if result.role == .inGrammar, !result.clips.isEmpty {
                let right = result.clips.filter { $0.outcome(at: 0) == .right }.count
                if Double(right) < 0.5 * Double(result.clips.count) {
                    problems.append("\(result.name): only \(right) of \(result.clips.count) commands right at threshold 0; the harness is broken")
                }
            }
        }
        return problems
    }

    private static func positive(_ options: BenchOptions, _ name: String, default fallback: Double) throws -> Double {
        guard let text = options.value(name) else { return fallback }
        guard let value = Double(text), value > 0 else { throw BenchError(message: "--\(name) must be a positive number", isUsage: true) }
        return value
    }

    private static func numbers(_ options: BenchOptions, _ name: String, default fallback: [Double]) throws -> [Double] {
        guard let text = options.value(name) else { return fallback }
        let values = text.split(separator: ",").map { Double($0) }
        guard !values.isEmpty, !values.contains(nil) else { throw BenchError(message: "--\(name) takes numbers separated by commas", isUsage: true) }
        return values.compactMap { $0 }
    }
}
