import Foundation
import VoiceCommands

/// How RNNoise's voice probability tells speech from noise: seconds with a
/// voice (probability at least a half) in every clip of a corpus and in 3 s
/// pieces of a noise recording (at its level and a quarter of it), and how
/// many of each fall under a few thresholds. The recogniser does not hear a
/// recording without an utterance that has less voice than `minimumVoice`.
enum VoiceBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        if let reason = NoiseSuppressor.unavailableReason { throw BenchError(message: "RNNoise is needed: \(reason)") }
        let corpora = try options.required("corpus").split(separator: ",").map(String.init)
        var speech: [Double] = []
        for corpus in corpora {
            for entry in try CorpusManifest(directory: corpus).entries {
                var source = try AudioReaders.open(path: entry.path)
                speech.append(try voicedSeconds(try AudioReaders.readAll(&source)))
            }
        }
        let noise = try (options.value("noise").map(NoiseOnlyRecordings.pieces(of:)) ?? []).map(voicedSeconds)
        var report = BenchReport(name: "voice")
        func describe(_ name: String, _ values: [Double]) -> String {
            let sorted = values.sorted()
            func at(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(p * Double(sorted.count - 1)))] }
            let below = [0.05, 0.1, 0.2, 0.3].map { threshold in "\(sorted.filter { $0 < threshold }.count) < \(threshold) s" }
            return "\(name) \(values.count) recordings: voiced s min \(at(0)) p10 \(at(0.1)) median \(at(0.5)) max \(at(1)); "
                + below.joined(separator: ", ")
        }
        report.lines = [describe("speech", speech), describe("noise ", noise)]
        report.figures = [("speech", .integer(speech.count)), ("noise", .integer(noise.count))]
        return report
    }

    static func voicedSeconds(_ samples: [Int16]) throws -> Double {
        DenoisingStage.voicedSeconds(try DenoisingStage.voiceProbabilities(of: samples))
    }
}
