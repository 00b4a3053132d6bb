import Foundation
import VoiceCommands

/// `voicecmd transcribe`: recordings in, what was said and which command out.
enum TranscribeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "transcribe",
        abstract: "Recognise recordings offline and match each utterance to a command.",
        discussion: "Reads WAV (any PCM or float encoding), FLAC, Ogg and whatever else libsndfile reads, at any rate; "
            + "'-' or a .raw file is 16 kHz 16-bit mono PCM. A recording holding several utterances separated by "
            + "silence gives one result each. A file that cannot be read is reported on its own line and the others "
            + "are still processed; the exit code is then 1.",
        positionals: [.init(name: "clip", help: "Recordings to recognise ('-' for raw PCM on standard input).",
                            isRepeating: true, isOptional: false)],
        options: [
            .commands,
            .init(name: "mode", short: nil, valueName: "mode",
                  help: "grammar (the commands only), lm (general English, then the matcher) or auto (default: the commands, "
                    + "free text through the language model, speech that fits no command rejected)."),
            .init(name: "nbest", short: nil, valueName: "n", help: "Also report up to n alternative hypotheses."),
            .init(name: "jobs", short: "j", valueName: "n", help: "Recognise n files at once (default 1)."),
            .denoise,
            .json,
            .hmm, .dict, .lm, .verbose,
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let modeName = arguments.value("mode") ?? "auto"
        guard let mode = SearchMode(rawValue: modeName) else {
            throw UsageError(message: "'\(modeName)' is not a search mode; use grammar, lm or auto", command: spec)
        }
        let nbest = try positiveInteger(arguments, "nbest", default: 1)
        let jobs = try positiveInteger(arguments, "jobs", default: 1)
        let modelPath = arguments.value("commands")
        let model = try ModelSource.load(path: modelPath)
        var options = CommandRecognizer.Options(files: try SpeechModelFiles.locate(
            acousticModel: arguments.value("hmm"), dictionary: arguments.value("dict"), languageModel: arguments.value("lm")))
        options.mode = mode
        options.nbest = nbest
        options.verbose = arguments.has("verbose")
        options.denoise = try DenoiseOption.mode(arguments, spec)
        options.pronunciations = try ModelSource.builtInPronunciations(modelPath: modelPath)
        let files = arguments.positionals
        if files.filter({ $0 == "-" }).count > 1 { throw UsageError(message: "standard input ('-') can be read only once", command: spec) }

        let progress = Progress(total: files.count)
        let results = try BatchTranscription(model: model, modelPath: modelPath, options: options, files: files, jobs: jobs)
            .run(fileDone: progress.advance(file:))
        progress.finish()
        var failed = false
        for (file, outcome) in zip(files, results) {
            switch outcome {
            case .success(let transcripts):
                for (index, transcript) in transcripts.enumerated() {
                    print(arguments.has("json") ? TranscriptJSON.line(file: file, transcript, index: index, count: transcripts.count).serialized
                                                : TranscriptJSON.text(file: file, transcript))
                }
                if transcripts.isEmpty {
                    print(arguments.has("json") ? TranscriptJSON.silence(file: file).serialized : "\(file): no speech")
                }
            case .failure(let error):
                failed = true
                if arguments.has("json") {
                    print(JSONOutput.object([("file", .string(file)), ("error", .string(error.message))]).serialized)
                } else {
                    printError("Error: \(error.message)")
                }
            }
        }
        return failed ? 1 : 0
    }

    private static func positiveInteger(_ arguments: ParsedArguments, _ name: String, default fallback: Int) throws -> Int {
        guard let text = arguments.value(name) else { return fallback }
        guard let value = Int(text), value > 0 else {
            throw UsageError(message: "--\(name) needs a positive whole number, not '\(text)'", command: spec)
        }
        return value
    }
}
