import Foundation
import Synchronization
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
            .commands, .shortcuts,
            .init(name: "mode", short: nil, valueName: "mode",
                  help: "grammar (the commands only), lm (general English, then the matcher) or auto (default: the commands, "
                    + "free text through the language model, speech that fits no command rejected)."),
            .init(name: "nbest", short: nil, valueName: "n", help: "Also report up to n alternative hypotheses."),
            .init(name: "jobs", short: "j", valueName: "n", help: "Recognise n files at once (default 1)."),
            .minConfidence, .hearing, .voiceGate, .denoise,
            .json,
            .hmm, .dict, .lm, .verbose,
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let modeName = arguments.value("mode") ?? "auto"
        guard let mode = SearchMode(rawValue: modeName) else {
            throw UsageError(message: "'\(modeName)' is not a search mode; use grammar, lm or auto", command: spec)
        }
        let nbest = try WholeNumberOption.value(arguments, spec, "nbest", default: 1)
        let jobs = try WholeNumberOption.value(arguments, spec, "jobs", default: 1)
        let loaded = try ModelSource.load(arguments)
        let model = loaded.model, modelPath = loaded.modelPath
        var options = try RecognizerFlags.options(arguments, spec, models: loaded, mode: mode)
        options.nbest = nbest
        let files = arguments.positionals
        if files.filter({ $0 == "-" }).count > 1 { throw UsageError(message: "standard input ('-') can be read only once", command: spec) }

        let progress = Progress(total: files.count)
        let json = arguments.has("json")
        let failures = FailureFlag()
        // Each file's result is printed as soon as it and those before it
        // are done, so a run that is killed keeps what it finished.
        try BatchTranscription(model: model, matcher: loaded.matcher, modelPath: modelPath, options: options, files: files, jobs: jobs)
            .run(fileDone: progress.advance(file:)) { index, result in
                progress.clearLine()
                if case .failure(let error) = result {
                    failures.set()
                    if !json { printError("Error: \(FlagHints.message(of: error))") }
                }
                for line in outputLines(file: files[index], result, json: json,
                                                  showApplication: model.applications.count > 1) { StandardOutput.write(line) }
                // Output that cannot be written ends the batch (reported below).
                return !StandardOutput.hasFailed
            }
        progress.finish()
        try StandardOutput.check()
        return failures.isSet ? 1 : 0
    }

    /// What standard output gets for one file (a failure in text goes to standard error instead).
    private static func outputLines(file: String, _ result: BatchTranscription.FileResult, json: Bool,
                                    showApplication: Bool) -> [String] {
        switch result {
        case .success(let transcripts) where transcripts.isEmpty:
            return [json ? Transcript.silenceJSON(file: file).serialized : "\(file): no speech"]
        case .success(let transcripts):
            return transcripts.enumerated().map { index, transcript in
                json ? transcript.json(file: file, utterance: transcripts.count > 1 ? index + 1 : nil).serialized
                     : TranscriptText.text(file: file, transcript, showApplication: showApplication)
            }
        case .failure(let error):
            return json ? [Transcript.failureJSON(file: file, error: error).serialized] : []
        }
    }

}

/// Whether any file failed, set from the worker that delivers results.
private final class FailureFlag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}
