import Foundation
import PhraseMatcher
import SpeechFront
import VoiceCommands

/// The likelihood-ratio test of "this is a command", measured: each clip of
/// the rejection benchmark's speech sets is written freely by Moonshine and
/// searched inside its model's grammar (`CommandLikelihoodJudge`); the
/// ratio of the two likelihoods, per second of audio, is set against
/// thresholds. Commands should keep near zero, other speech fall far below.
/// Nothing here is fitted: the same thresholds are read for every set.
enum LikelihoodBenchmark {
    static let thresholds: [Double] = [-0.5, -1, -1.5, -2, -3, -4, -6]

    static func run(_ options: BenchOptions) throws -> BenchReport {
        let hearing = NeuralHearing(rawValue: options.value("hearing") ?? NeuralHearing.standard.rawValue) ?? .standard
        let beam = try options.integer("beam", default: 8)
        var settings = RejectionSets.Settings(
            corpora: options.value("corpora") ?? "../shared/corpora", bench: options.value("bench") ?? "../shared/bench",
            miscModel: "Benchmarks/models/misc-commands.json",
            limit: try options.value("limit").map { _ in try options.integer("limit", default: 0) },
            padding: 0.5, noisePieces: 2, pieceSeconds: 5, noiseMinutes: 1, kitchenGains: [0])
        if let folder = options.value("other-speech") { settings.otherSpeech = folder }
        var plans = RejectionSets.plans(settings).filter { $0.role != .noise || $0.name == "synthetic" }
        if let names = options.value("sets")?.split(separator: ",").map(String.init) {
            plans = plans.filter { plan in names.contains { plan.name == $0 || plan.name.hasPrefix($0 + "/") } }
        }
        var report = BenchReport(name: "likelihood")
        report.lines.append("Moonshine \(hearing.rawValue), beam \(beam); ratio = log P(likeliest command) - log P(free transcript), per second")
        let header: String = thresholds.map { String(format: "%6.1f", $0) }.joined(separator: " ")
        report.lines.append(Self.column("set") + "  n    median  " + header + "   (share at or above each threshold; in-grammar: right)")
        var judges: [String: CommandLikelihoodJudge] = [:]
        var cpu = 0.0, audio = 0.0
        for plan in plans {
            guard FileManager.default.fileExists(atPath: plan.modelPath), plan.needs.allSatisfy(FileManager.default.fileExists) else { continue }
            let model = try ModelLoader.load(path: plan.modelPath)
            let judge = try judges[plan.modelPath] ?? CommandLikelihoodJudge(model: model, hearing: hearing, beam: beam)
            judges[plan.modelPath] = judge
            let matcher = Matcher(model: model)
            var ratios: [(perSecond: Double, right: Bool)] = []
            for clip in try plan.clips(model).clips {
                let started = RecognizerProbe.processCPUSeconds()
                guard let judged = try judge.judge(clip.samples[...]), let ratio = judged.ratio else { continue }
                cpu += RecognizerProbe.processCPUSeconds() - started
                let seconds = Double(clip.samples.count) / Double(RecognizerAudio.sampleRate)
                audio += seconds
                let right = clip.expected.map { expected in
                    ASRBenchmark.scoreProblem(matcher.match(judged.command ?? "").best, intent: expected.intent, slots: expected.slots, model: model) == nil
                } ?? false
                ratios.append((ratio / seconds, right))
                if options.flag("verbose") {
                    report.lines.append(String(format: "  %@ %.2f/s  heard \"%@\"  command \"%@\"", clip.name, ratio / seconds, judged.heard, judged.command ?? "-"))
                }
            }
            guard !ratios.isEmpty else { continue }
            let sorted = ratios.map(\.perSecond).sorted()
            let shares = thresholds.map { threshold in
                Double(ratios.filter { $0.perSecond >= threshold && (plan.role != .inGrammar || $0.right) }.count) / Double(ratios.count) * 100
            }
            let counts: String = String(format: " %3d  %7.2f  ", ratios.count, sorted[sorted.count / 2])
            let percentages: String = shares.map { String(format: "%5.1f%%", $0) }.joined(separator: " ")
            report.lines.append(Self.column(plan.name) + counts + percentages + "  " + plan.role.rawValue)
            report.figures.append((plan.name, .array(shares.map { .number($0) })))
        }
        report.lines.append(String(format: "cost: %.3f CPU-s per audio-s (free transcript and grammar search, %.0f s of audio)", cpu / max(audio, 1), audio))
        return report
    }

    private static func column(_ text: String) -> String { text.count >= 28 ? text : text + String(repeating: " ", count: 28 - text.count) }
}
