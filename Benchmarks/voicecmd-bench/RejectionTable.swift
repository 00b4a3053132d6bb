import Foundation
import VoiceCommands

/// The rejection benchmark's figures: per threshold, as a table for people,
/// as JSON, and as the curves of the plot.
enum RejectionTable {
    typealias SetResult = RejectionBenchmark.SetResult

    static func percent(_ count: Int, _ total: Int) -> Double { total > 0 ? Double(count) / Double(total) * 100 : 0 }

    static func rounded(_ value: Double, _ places: Double = 1000) -> JSONOutput { .number((value * places).rounded() / places) }

    /// In-grammar clips of all sets: right, wrong command, nothing accepted.
    static func inGrammar(_ results: [SetResult], at threshold: Double) -> (right: Int, wrong: Int, nothing: Int, clips: Int) {
        var right = 0, wrong = 0, nothing = 0, clips = 0
        for result in results where result.role == .inGrammar {
            for clip in result.clips {
                clips += 1
                switch clip.outcome(at: threshold) {
                case .right: right += 1
                case .wrong: wrong += 1
                case .nothing: nothing += 1
                }
            }
        }
        return (right, wrong, nothing, clips)
    }

    static func falseAccepts(_ result: SetResult, at threshold: Double) -> Int {
        result.clips.filter { !$0.accepted(at: threshold).isEmpty }.count
    }

    /// Commands heard in the noise of `group` at `threshold`, and its seconds.
    static func noiseCommands(_ result: SetResult, group: String, at threshold: Double) -> (commands: Int, seconds: Double, pieces: Int) {
        let clips = result.clips.filter { $0.group == group }
        return (clips.reduce(0) { $0 + $1.accepted(at: threshold).count }, clips.reduce(0) { $0 + $1.seconds }, clips.count)
    }

    static func lines(_ results: [SetResult], thresholds: [Double], defaultThreshold: Double, denoise: DenoiseMode,
                      settings: RejectionSets.Settings, verification: RejectionBenchmark.Verification) -> [String] {
        let mark = { (threshold: Double) in RejectionBenchmark.isDefault(threshold, defaultThreshold) ? "*" : " " }
        func row(_ threshold: Double, _ cells: [String], widths: [Int]) -> String {
            String(format: "%.2f%@", threshold, mark(threshold)) + zip(cells, widths).map { "  " + pad($0, $1) }.joined()
        }
        var lines = [
            "rejection  each clip decoded once with nothing rejected for its confidence (denoise \(denoise.rawValue)), the thresholds applied afterwards;",
            String(format: "           * marks the default threshold %.2f (CommandRecognizer.Options.minimumConfidence)", defaultThreshold)
                + (settings.limit.map { "; at most \($0) clips a set, evenly spaced" } ?? ""),
        ]
        guard !results.isEmpty else { return lines }
        lines += ["", "set             role             clips   audio s  RTF cpu  RTF wall  what"]
        for result in results {
            let seconds = max(result.seconds, 1e-9)
            lines.append(pad(result.name, 15, left: true) + " " + pad(result.role.rawValue, 14, left: true)
                + String(format: "  %5d  %8.0f  %7.3f  %8.3f  ", result.clips.count, result.seconds, result.cpuSeconds / seconds,
                         result.wallSeconds / seconds) + result.plan.description)
            lines += result.notes.map { "                " + $0 }
        }

        // How sure the recogniser is of what it accepts.
        lines += ["", "Confidence of commands at threshold 0 (in-grammar: the right ones; otherwise the most confident per clip or piece)",
                  "set               heard as a command    p10  median   p90    max"]
        for result in results {
            let values: [Double] = result.clips.compactMap { clip in
                let commands = clip.utterances.indices.filter { clip.utterances[$0].command != nil }
                let chosen = result.role == .inGrammar ? commands.filter { clip.right[$0] } : commands
                return chosen.map { clip.utterances[$0].confidence }.max()
            }.sorted()
            func at(_ p: Double) -> String {
                values.isEmpty ? "    -" : String(format: "%5.2f", values[min(values.count - 1, Int((p * Double(values.count - 1)).rounded()))])
            }
            lines.append(pad(result.name, 15, left: true) + String(format: "  %7d of %-8d", values.count, result.clips.count)
                + "  \(at(0.1))  \(at(0.5))  \(at(0.9))  \(at(1))")
        }

        let inGrammar = results.filter { $0.role == .inGrammar }
        if !inGrammar.isEmpty {
            let names = inGrammar.map(\.name) + ["all right", "wrong", "nothing", "missed"]
            let widths = names.map { max(6, $0.count) }
            lines += ["", "In-grammar commands: % of clips accepted right (exactly the labelled command and nothing else);",
                      "  all: the sets pooled; wrong: another command accepted; nothing: none accepted; missed = wrong + nothing",
                      "thr   " + zip(names, widths).map { "  " + pad($0, $1) }.joined()]
            for threshold in thresholds {
                let pooled = Self.inGrammar(inGrammar, at: threshold)
                let cells = inGrammar.map { result in
                    let pooled = Self.inGrammar([result], at: threshold)
                    return String(format: "%.1f", percent(pooled.right, pooled.clips))
                } + [pooled.right, pooled.wrong, pooled.nothing, pooled.wrong + pooled.nothing].map {
                    String(format: "%.1f", percent($0, pooled.clips))
                }
                lines.append(row(threshold, cells, widths: widths))
            }
        }

        let outOfGrammar = results.filter { $0.role == .outOfGrammar }
        if !outOfGrammar.isEmpty {
            let names = outOfGrammar.map(\.name) + ["all"]
            let widths = names.map { max(6, $0.count) }
            let total = outOfGrammar.reduce(0) { $0 + $1.clips.count }
            lines += ["", "Out-of-grammar speech: % of clips heard as a command (false accepts); all: \(total) clips pooled",
                      "thr   " + zip(names, widths).map { "  " + pad($0, $1) }.joined()]
            for threshold in thresholds {
                let counts = outOfGrammar.map { falseAccepts($0, at: threshold) }
                let cells = zip(counts, outOfGrammar).map { String(format: "%.1f", percent($0, $1.clips.count)) }
                    + [String(format: "%.1f", percent(counts.reduce(0, +), total))]
                lines.append(row(threshold, cells, widths: widths))
            }
        }

        let noise = results.filter { $0.role == .noise }
        if !noise.isEmpty {
            var columns: [(name: String, cell: (Double) -> String)] = []
            for result in noise {
                if result.name == "synthetic" {
                    let seconds = result.seconds
                    columns.append(("synthetic (\(result.clips.count) pieces, \(Int(seconds)) s)", { threshold in
                        "\(result.clips.reduce(0) { $0 + $1.accepted(at: threshold).count })"
                    }))
                } else {
                    for group in result.groups {
                        columns.append(("\(group) /h", { threshold in
                            let heard = noiseCommands(result, group: group, at: threshold)
                            return String(format: "%d = %.0f", heard.commands, Double(heard.commands) / max(heard.seconds, 1e-9) * 3600)
                        }))
                    }
                }
            }
            let widths = columns.map { max(8, $0.name.count) }
            lines += ["", "Noise: commands heard; synthetic: how many in all its pieces; kitchen: how many, = per hour of audio",
                      "thr   " + zip(columns.map(\.name), widths).map { "  " + pad($0, $1) }.joined()]
            for threshold in thresholds {
                lines.append(row(threshold, columns.map { $0.cell(threshold) }, widths: widths))
            }
            lines += ["", String(format: "Noise by kind: commands at threshold 0 and at the default %.2f, the most confident, and what it was", defaultThreshold),
                      "kind              pieces  audio s  RTF cpu   at 0  default  highest  heard"]
            for result in noise {
                for group in result.groups {
                    let clips = result.clips.filter { $0.group == group }
                    let seconds = clips.reduce(0) { $0 + $1.seconds }, cpu = clips.reduce(0) { $0 + $1.cpuSeconds }
                    let commands = clips.flatMap { clip in clip.accepted(at: 0).map { clip.utterances[$0] } }
                    let best = commands.max { $0.confidence < $1.confidence }
                    lines.append(pad(group, 16, left: true) + String(format: "  %6d  %7.0f  %7.3f  %5d  %7d  ", clips.count, seconds, cpu / max(seconds, 1e-9),
                                                                      commands.count, commands.filter { $0.confidence >= defaultThreshold }.count)
                        + (best.map { String(format: "%7.2f  ", $0.confidence) + RejectionBenchmark.describe($0.command) } ?? "      -"))
                }
            }
        }

        // The most confident false accepts, to see what gets through.
        let accepted = results.filter { $0.role == .outOfGrammar }.flatMap { result in
            result.clips.compactMap { clip -> (String, Double, String)? in
                guard let best = clip.accepted(at: 0).map({ clip.utterances[$0] }).max(by: { $0.confidence < $1.confidence }) else { return nil }
                return ("\(result.name) \(clip.name)", best.confidence, RejectionBenchmark.describe(best.command))
            }
        }.sorted { $0.1 > $1.1 }
        if !accepted.isEmpty {
            lines += ["", "The most confident false accepts of speech"]
            lines += accepted.prefix(12).map { String(format: "  %.2f  ", $0.1) + "\($0.0): \($0.2)" }
        }

        if verification.checked > 0 {
            lines += ["", String(format: "Check: %d clips decoded again at the default threshold %.2f; %d heard other commands than the sweep says",
                                 verification.checked, defaultThreshold, verification.differing.count)
                + " (a short recording is heard whole or in parts, and which depends on the threshold)"]
            lines += verification.differing.prefix(12).map { "  " + $0 }
        }
        return lines
    }

    static func figures(_ results: [SetResult], thresholds: [Double], defaultThreshold: Double, denoise: DenoiseMode,
                        settings: RejectionSets.Settings, verification: RejectionBenchmark.Verification) -> [(String, JSONOutput)] {
        let sets: [JSONOutput] = results.map { result in
            .object([
                ("name", .string(result.name)), ("role", .string(result.role.rawValue)), ("clips", .integer(result.clips.count)),
                ("audio_s", rounded(result.seconds, 10)), ("cpu_s", rounded(result.cpuSeconds)), ("wall_s", rounded(result.wallSeconds)),
                ("rtf_cpu", rounded(result.cpuSeconds / max(result.seconds, 1e-9))),
                ("rtf_wall", rounded(result.wallSeconds / max(result.seconds, 1e-9))),
            ])
        }
        let rows: [JSONOutput] = thresholds.map { threshold in
            var members: [(String, JSONOutput)] = [("threshold", rounded(threshold)),
                                                   ("is_default", .bool(RejectionBenchmark.isDefault(threshold, defaultThreshold)))]
            let inGrammar = results.filter { $0.role == .inGrammar }
            if !inGrammar.isEmpty {
                let pooled = Self.inGrammar(inGrammar, at: threshold)
                members.append(("in_grammar", .object(inGrammar.map { result in
                    let counts = Self.inGrammar([result], at: threshold)
                    return (result.name, .object([("right", .integer(counts.right)), ("wrong", .integer(counts.wrong)),
                                                  ("nothing", .integer(counts.nothing)), ("clips", .integer(counts.clips))]))
                } + [("all", .object([("right", .integer(pooled.right)), ("wrong", .integer(pooled.wrong)),
                                     ("nothing", .integer(pooled.nothing)), ("clips", .integer(pooled.clips)),
                                     ("acceptance", rounded(percent(pooled.right, pooled.clips) / 100)),
                                     ("missed", rounded(percent(pooled.wrong + pooled.nothing, pooled.clips) / 100))]))])))
            }
            let outOfGrammar = results.filter { $0.role == .outOfGrammar }
            if !outOfGrammar.isEmpty {
                members.append(("out_of_grammar", .object(outOfGrammar.map { result in
                    let count = falseAccepts(result, at: threshold)
                    return (result.name, .object([("false_accepts", .integer(count)), ("clips", .integer(result.clips.count)),
                                                  ("rate", rounded(percent(count, result.clips.count) / 100))]))
                })))
            }
            let noise = results.filter { $0.role == .noise }
            if !noise.isEmpty {
                members.append(("noise", .object(noise.flatMap { result in
                    result.groups.map { group in
                        let heard = noiseCommands(result, group: group, at: threshold)
                        return (group, .object([("commands", .integer(heard.commands)), ("pieces", .integer(heard.pieces)),
                                                ("seconds", rounded(heard.seconds, 10)),
                                                ("per_hour", rounded(Double(heard.commands) / max(heard.seconds, 1e-9) * 3600, 10))]))
                    }
                })))
            }
            return .object(members)
        }
        return [
            ("default_threshold", .number(defaultThreshold)), ("denoise", .string(denoise.rawValue)),
            ("limit", settings.limit.map(JSONOutput.integer) ?? .null), ("noise_minutes", .number(settings.noiseMinutes)),
            ("sets", .array(sets)), ("thresholds", .array(rows)),
            ("verification", .object([("clips", .integer(verification.checked)), ("differing", .integer(verification.differing.count))])),
        ]
    }

    /// Per out-of-grammar set of at least 10 clips and for all of them
    /// pooled: its false accepts (x, %) against the in-grammar commands
    /// missed, all in-grammar sets pooled (y, %), one point per threshold.
    static func curves(_ results: [SetResult], thresholds: [Double]) -> [RejectionPlot.Curve] {
        let inGrammar = results.filter { $0.role == .inGrammar }
        let outOfGrammar = results.filter { $0.role == .outOfGrammar }
        guard !inGrammar.isEmpty, !outOfGrammar.isEmpty else { return [] }
        let missed = thresholds.map { threshold in
            let pooled = Self.inGrammar(inGrammar, at: threshold)
            return percent(pooled.wrong + pooled.nothing, pooled.clips)
        }
        var curves = outOfGrammar.filter { $0.clips.count >= 10 }.map { result in
            RejectionPlot.Curve(name: "\(result.name) (\(result.clips.count))", points: thresholds.indices.map { index in
                (percent(falseAccepts(result, at: thresholds[index]), result.clips.count), missed[index], thresholds[index])
            }, dashed: false)
        }
        let total = outOfGrammar.reduce(0) { $0 + $1.clips.count }
        curves.append(RejectionPlot.Curve(name: "all out-of-grammar (\(total))", points: thresholds.indices.map { index in
            (percent(outOfGrammar.reduce(0) { $0 + falseAccepts($1, at: thresholds[index]) }, total), missed[index], thresholds[index])
        }, dashed: true))
        return curves
    }

    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? text + padding : padding + text
    }
}
