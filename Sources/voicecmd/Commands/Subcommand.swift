import Foundation
import VoiceCommands
import DefaultModels

/// One `voicecmd` subcommand: its spec, and what it does once parsed.
protocol Subcommand: Sendable {
    static var spec: CommandSpec { get }
    /// Returns the exit code: 0 done, 1 failure.
    static func run(_ arguments: ParsedArguments) throws -> Int32
}

/// A failure to report as `Error: …` with exit code 1.
struct ToolFailure: Error {
    var message: String
}

extension CommandSpec.Option {
    static let commands = CommandSpec.Option(name: "commands", short: nil, valueName: "file",
                                             help: "The command model (JSON). Default: the built-in model.")
    static let json = CommandSpec.Option(name: "json", short: nil, valueName: nil,
                                         help: "Print one JSON object per line (JSON Lines).")
    static let hmm = CommandSpec.Option(name: "hmm", short: nil, valueName: "dir",
                                        help: "Acoustic model directory (default: $VOICECMD_HMM, then pocketsphinx-en-us).")
    static let dict = CommandSpec.Option(name: "dict", short: nil, valueName: "file",
                                         help: "Pronunciation dictionary (default: $VOICECMD_DICT, then pocketsphinx-en-us).")
    static let lm = CommandSpec.Option(name: "lm", short: nil, valueName: "file",
                                       help: "Language model (default: $VOICECMD_LM, then pocketsphinx-en-us).")
    static let verbose = CommandSpec.Option(name: "verbose", short: "v", valueName: nil, help: "Show PocketSphinx's log.")
    static let denoise = CommandSpec.Option(name: "denoise", short: nil, valueName: "mode",
                                            help: "Suppress noise with RNNoise first: on, off or auto (default: recordings "
                                                + "whose background is loud against the speech, and every stream).")
}

enum DenoiseOption {
    /// `--denoise`, default auto. In auto mode without RNNoise, says so
    /// once on stderr and goes on without it; `on` then fails when the
    /// recogniser starts.
    static func mode(_ arguments: ParsedArguments, _ spec: CommandSpec) throws -> DenoiseMode {
        let name = arguments.value("denoise") ?? "auto"
        guard let mode = DenoiseMode(rawValue: name) else {
            throw UsageError(message: "'\(name)' is not a denoising mode; use on, off or auto", command: spec)
        }
        if mode == .auto, let reason = NoiseSuppressor.unavailableReason {
            printError("voicecmd: denoising is unavailable, going on without it: \(reason)")
        }
        return mode
    }
}

enum ModelSource {
    /// The model named by `--commands`, or the built-in one.
    static func load(_ arguments: ParsedArguments) throws(ModelLoadError) -> CommandModel {
        try load(path: arguments.value("commands"))
    }

    static func load(path: String?) throws(ModelLoadError) -> CommandModel {
        guard let path else {
            return try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        }
        return try ModelLoader.load(path: path)
    }

    /// Pronunciations that come with the built-in model (a model file has
    /// its own `.dict` beside it instead).
    static func builtInPronunciations(modelPath: String?) throws -> [String: String] {
        guard modelPath == nil else { return [:] }
        return try Pronunciations.parseDictionary(DefaultModels.defaultDictionaryText, name: DefaultModels.defaultDictionaryName)
    }
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
