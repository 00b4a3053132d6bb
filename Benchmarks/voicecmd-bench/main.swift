import Foundation
import VoiceCommands

/// voicecmd-bench: match latency and compile time, verified results.
///   voicecmd-bench match --commands FILE --sentences FILE [--rounds N] [--json]
///   voicecmd-bench generated [--intents N] [--phrases N] [--entities N] [--json]
///   voicecmd-bench asr --commands FILE --corpus DIR [--noise FILE --snr DB] [--denoise MODE] [--json]
///   voicecmd-bench rejection [--sets NAMES] [--limit N] [--plot FILE.svg] [--json]
let usage = """
    USAGE: voicecmd-bench match --commands <file> --sentences <file> [--rounds <n>] [--json]
           voicecmd-bench generated [--intents <n>] [--phrases <n>] [--entities <n>] [--rounds <n>] [--json]
           voicecmd-bench entities [--counts <n,…>] [--rounds <n>] [--from-file] [--speech-up-to <n>] [--clips <dir>]
                              [--no-second-opinion] [--more-voices] [--class-above <n>] [--halves-above <n>] [--class-search k=v,…]
                              [--corpora <dir> [--limit <n>]] [--diverse-names] [--json]
                              (a phone's address book of n contacts, 1000,10000,100000,1000000 by default: load
                               (from an entity file with --from-file), compile, match, one contact added; up to
                               100,000 also spoken: recogniser ready, decoding speed, 20 names said by espeak-ng and
                               flite heard right (--more-voices: and by 7 more voices, festival's among them), a
                               contact added while listening heard; with --corpora, speech that is no command and
                               noise, n clips a set, counted when taken as a command; with --diverse-names, contacts
                               past the first thousand named with 33,000 dictionary words rather than 700 common
                               names'; each n in a process of its own)
           voicecmd-bench applications [--applications <n>] [--intents <n>] [--phrases <n>] [--entities <n>] [--rounds <n>] [--json]
                              (n model files sharing one included package, loaded and matched together)
           voicecmd-bench asr --commands <file> --corpus <dir> [--mode grammar|lm|auto] [--noise <file> --snr <db>] [--json]
                              [--denoise on|off|auto] [--denoise-below <db>] [--denoise-target <db>] [--only]
                              [--minimum-voice <s>] [--rejection <noise file>]   (noise-only recordings: false accepts)
                              (each run also without denoising first, as the yardstick, unless --only)
                              [--decoder k=v,…] [--grammar-search k=v,…] [--phone-loop k=v,…]   (PocketSphinx settings to try)
           voicecmd-bench stream --commands <file> --corpus <dir> [--noise <file> --snr <db>] [--gap <seconds>] [--denoise on|off|auto] [--json]
           voicecmd-bench listen --clip <file> [--commands <n per loop>] [--minutes <n>] [--realtime <seconds>] [--denoise <mode>] [--json]
           voicecmd-bench microphone --clip <file> [--commands <n per loop>] [--minutes <n>] [--sink <name>] [--device <source>] [--denoise <mode>] [--json]
                              (under Benchmarks/virtual-microphone.sh)
           voicecmd-bench wake --corpora <dir> [--minutes <n>] [--snr <db>] [--keywords <w,…>] [--limit <n>] [--spotting <kws threshold>] [--networks <dir>|none] [--threshold <t,…>] [--errors] [--plot <svg>] [--json]
           voicecmd-bench voice --corpus <dir>[,<dir>…] [--noise <file>] [--json]
                              (RNNoise's voiced seconds in speech and in noise)
           voicecmd-bench voices --dir <dir> [--noise <file>] [--snr <db, default 18>] [--denoise on|off|auto] [--json]
                              [--voices <id,…>] [--sessions <id,…>] [--regenerate] [--script <make-voices.sh>] [--fresh]
                              (ten synthetic voices talking to the built-in model: spoken sessions, a command and its
                               answers, heard quiet and with the noise mixed in; the recordings are made in <dir> by
                               Benchmarks/voices/make-voices.sh when missing)
           voicecmd-bench determinism --corpus <dir> [--clips <n>] [--commands <file>] [--voicecmd <path>] [--json]
                              (transcribe --json with -j 1, -j 4 and reversed: byte-identical)
           voicecmd-bench limits [--intents <n>] [--entities <n>] [--clip <file>] [--voicecmd <path>] [--json]
                              (voicecmd check of a minified model and of a model of invented names)
           voicecmd-bench likelihood [--hearing tiny|base] [--beam <n>] [--sets <name,…>] [--limit <n clips a set>] [--verbose] [--json]
                              (the likelihood ratio of the likeliest command against the free transcript, per set and threshold)
           voicecmd-bench rejection [--corpora <dir>] [--bench <dir>] [--sets <name|role,…>] [--limit <n clips a set>]
                              [--denoise on|off|auto] [--noise-minutes <n>] [--kitchen-gains <db,…>] [--noise-pieces <n>]
                              [--piece-seconds <s>] [--pad <s>] [--verify <n clips a set>] [--plot <file.svg>]
                              [--clips <file.tsv>] [--other-speech <dir, default .build/other-speech>] [--json]
                              (commands against out-of-grammar speech and noise per confidence threshold: accepted
                              right, false accepts, false accepts per hour; --clips writes every utterance heard;
                              sets barista, barista-12dB, barista-6dB, misc, speech/barista, speech/home,
                              wake/barista, wake/home, barista/home, misc-negative, synthetic, kitchen)
    """

let overview = "OVERVIEW: Benchmarks of voicecmd: match latency, recognition speed and command accuracy, each verifying its results.\n\n"

/// The usage of one benchmark: its lines of `usage`, continuation lines included.
func usage(of benchmark: String) -> String? {
    var block: [String] = []
    for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.drop { $0 == " " }
        let starts = trimmed.hasPrefix("USAGE: voicecmd-bench ") || trimmed.hasPrefix("voicecmd-bench ")
        if starts {
            if !block.isEmpty { break }
            let words = trimmed.split(separator: " ")
            if words.count > 1, words[words.first == "USAGE:" ? 2 : 1] == benchmark { block.append("USAGE: " + trimmed.drop { $0 != "v" }) }
        } else if !block.isEmpty {
            block.append(String(line))
        }
    }
    return block.isEmpty ? nil : block.joined(separator: "\n")
}

// As the voicecmd tool does: memory figures are the tool's.
ProcessMemory.tuneForRecognition()
let arguments = Array(CommandLine.arguments.dropFirst())
guard let benchmark = arguments.first else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}
if ["--help", "-h", "help"].contains(benchmark) {
    if benchmark == "help", arguments.count > 1 {
        guard let one = usage(of: arguments[1]) else {
            FileHandle.standardError.write(Data("Error: unknown benchmark '\(arguments[1])'\n\(usage)\n".utf8))
            exit(64)
        }
        print(one)
    } else {
        print(overview + usage)
    }
    exit(0)
}
if arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }), let one = usage(of: benchmark) {
    print(one)
    exit(0)
}
let options = BenchOptions(Array(arguments.dropFirst()))
do {
    let report: BenchReport
    switch benchmark {
    case "match": report = try MatchBenchmark.run(options)
    case "generated": report = try GeneratedModelBenchmark.run(options)
    case "entities": report = try EntitiesBenchmark.run(options)
    case "applications": report = try ApplicationsBenchmark.run(options)
    case "asr": report = try ASRBenchmark.run(options)
    case "stream": report = try StreamBenchmark.run(options)
    case "listen": report = try ListenBenchmark.run(options)
    case "microphone": report = try MicrophoneBenchmark.run(options)
    case "wake": report = try WakeBenchmark.run(options)
    case "limits": report = try LimitsBenchmark.run(options)
    case "voice": report = try VoiceBenchmark.run(options)
    case "voices": report = try VoicesBenchmark.run(options)
    case "determinism": report = try DeterminismBenchmark.run(options)
    case "evidence": report = try EvidenceDump.run(options)
    case "rejection": report = try RejectionBenchmark.run(options)
    case "likelihood": report = try LikelihoodBenchmark.run(options)
    default:
        FileHandle.standardError.write(Data("Error: unknown benchmark '\(benchmark)'\n\(usage)\n".utf8))
        exit(64)
    }
    report.print(json: options.flag("json"))
    exit(report.failures.isEmpty ? 0 : 1)
} catch let error as BenchError {
    FileHandle.standardError.write(Data("Error: \(error.message)\n".utf8))
    exit(error.isUsage ? 64 : 1)
} catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
}
