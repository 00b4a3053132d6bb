import Foundation
import VoiceCommands

/// Figures of one benchmark run, printed for people and, with --json, as
/// one JSON object on the last line.
struct BenchReport {
    var name: String
    var figures: [(String, JSONOutput)] = []
    var lines: [String] = []
    /// Results that were wrong; any makes the run fail.
    var failures: [String] = []

    func print(json: Bool) {
        for line in lines { Swift.print(line) }
        for failure in failures.prefix(20) { Swift.print("FAIL: \(failure)") }
        if failures.count > 20 { Swift.print("FAIL: … and \(failures.count - 20) more") }
        if json { Swift.print(JSONOutput.object([("benchmark", .string(name))] + figures).serialized) }
    }
}

/// Monotonic nanoseconds.
@inline(__always)
func nanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Latency percentiles of match calls, in microseconds.
struct LatencySummary {
    var median: Double
    var p90: Double
    var p99: Double
    var mean: Double

    init(nanoseconds samples: [UInt64]) {
        let sorted = samples.sorted()
        func percentile(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let index = min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))
            return Double(sorted[index]) / 1000
        }
        median = percentile(0.5)
        p90 = percentile(0.9)
        p99 = percentile(0.99)
        mean = sorted.isEmpty ? 0 : Double(sorted.reduce(0, +)) / Double(sorted.count) / 1000
    }
}

/// Peak resident memory of this process in MB (VmHWM).
func peakMemoryMB() -> Double { memoryStatusMB("VmHWM:") }

/// Resident memory of this process now, in MB (VmRSS).
func residentMemoryMB() -> Double { memoryStatusMB("VmRSS:") }

/// One of /proc/self/status's sizes, in MB; 0 when it cannot be read.
private func memoryStatusMB(_ field: String) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field) {
        let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
        return kilobytes / 1024
    }
    return 0
}

/// Times `sentences` through the matcher `rounds` times, one sample per call,
/// and checks each result with `verify` (nil = right, else what is wrong).
func measureMatching(_ matcher: Matcher, sentences: [String], rounds: Int,
                     verify: (Int, MatchResult) -> String?) -> (LatencySummary, matched: Int, failures: [String]) {
    var failures: [String] = []
    var matched = 0
    for (index, sentence) in sentences.enumerated() {
        let result = matcher.match(sentence)
        if result.best != nil { matched += 1 }
        if let problem = verify(index, result) { failures.append("\"\(sentence)\": \(problem)") }
    }
    var samples: [UInt64] = []
    samples.reserveCapacity(sentences.count * rounds)
    var sink = 0
    for _ in 0..<rounds {
        for sentence in sentences {
            let start = nanoseconds()
            let result = matcher.match(sentence)
            let end = nanoseconds()
            sink &+= result.candidates.count
            samples.append(end - start)
        }
    }
    if sink == -1 { Swift.print("") }
    return (LatencySummary(nanoseconds: samples), matched, failures)
}

/// The figures every matching benchmark reports, rounded as printed.
func matchingFigures(loadMS: Double, _ latency: LatencySummary, matched: Int, total: Int) -> [(String, JSONOutput)] {
    [
        ("load_ms", .number((loadMS * 10).rounded() / 10)),
        ("median_us", .number((latency.median * 100).rounded() / 100)),
        ("p90_us", .number((latency.p90 * 100).rounded() / 100)),
        ("p99_us", .number((latency.p99 * 100).rounded() / 100)),
        ("matched", .integer(matched)), ("total", .integer(total)),
        ("peak_mb", .number((peakMemoryMB() * 10).rounded() / 10)),
    ]
}
