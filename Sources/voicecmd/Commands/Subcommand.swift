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
                                             help: "A command model (JSON), or a folder of them; repeat it to hear several "
                                                + "applications at once. Default: the built-in model.", repeats: true)
    static let shortcuts = CommandSpec.Option(name: "shortcuts", short: nil, valueName: "file",
                                              help: "Personal shortcuts (default: $XDG_CONFIG_HOME/voicecmd/shortcuts.json).")
    static let json = CommandSpec.Option(name: "json", short: nil, valueName: nil,
                                         help: "Print one JSON object per line (JSON Lines).")
    static let hmm = CommandSpec.Option(name: "hmm", short: nil, valueName: "dir",
                                        help: "Acoustic model directory (default: $VOICECMD_HMM, then pocketsphinx-en-us).")
    static let dict = CommandSpec.Option(name: "dict", short: nil, valueName: "file",
                                         help: "Pronunciation dictionary (default: $VOICECMD_DICT, then pocketsphinx-en-us).")
    static let lm = CommandSpec.Option(name: "lm", short: nil, valueName: "file",
                                       help: "Language model (default: $VOICECMD_LM, then pocketsphinx-en-us).")
    static let verbose = CommandSpec.Option(name: "verbose", short: "v", valueName: nil, help: "Show PocketSphinx's log.")
    static let minConfidence = CommandSpec.Option(name: "min-confidence", short: nil, valueName: "ratio",
                                                  help: "Reject a command heard with less confidence than this, from 0 to 1: "
                                                    + "higher turns away more other speech, and more unfamiliar voices. Default: 0.4, or 0.25 without the neural second opinion.")
    static let voiceGate = CommandSpec.Option(name: "voice-gate", short: nil, valueName: "mode",
                                              help: "What keeps noise from the decoder: silero (Silero's voice-activity network), "
                                                + "energy (the level detector alone) or auto (default: silero when it is installed).")
    static let hearing = CommandSpec.Option(name: "hearing", short: nil, valueName: "model",
                                            help: "The neural recogniser whose second opinion judges commands: tiny (less memory and time) "
                                                + "or base (hears more of what was said). Default: $VOICECMD_HEARING, then tiny.")
    static let denoise = CommandSpec.Option(name: "denoise", short: nil, valueName: "mode",
                                            help: "Suppress noise with RNNoise first: on, off or auto (default: audio whose "
                                                + "background is loud against the speech, judged on its opening).")
}

enum RejectionOptions {
    /// `--min-confidence`, or nil when not given.
    static func minimumConfidence(_ arguments: ParsedArguments, _ spec: CommandSpec) throws -> Double? {
        guard let text = arguments.value("min-confidence") else { return nil }
        guard let value = Double(text), value >= 0, value <= 1 else {
            throw UsageError(message: "--min-confidence needs a number from 0 to 1, not \(UsageError.quoted(text))", command: spec)
        }
        return value
    }

    /// `--hearing`, else $VOICECMD_HEARING, else tiny.
    static func hearing(_ arguments: ParsedArguments, _ spec: CommandSpec) throws -> NeuralHearing {
        guard let name = arguments.value("hearing") else {
            return try NeuralHearing.configured.mapError { ToolFailure(message: $0.message) }.get() ?? .tiny
        }
        guard let hearing = NeuralHearing(rawValue: name) else {
            throw UsageError(message: "'\(name)' is not a neural recogniser; use tiny or base", command: spec)
        }
        return hearing
    }

    /// Without Moonshine, says so once on stderr: commands are then judged
    /// on PocketSphinx's evidence alone.
    static func noteMissingSecondOpinion(_ hearing: NeuralHearing) {
        if let reason = CommandRecognizer.secondOpinionUnavailableReason(hearing) {
            printError("voicecmd: the second opinion is unavailable, judging commands without it: \(reason)")
        }
    }

    /// `--voice-gate`, default auto. In auto mode without Silero, says so
    /// once on stderr and goes on with the energy detector.
    static func gate(_ arguments: ParsedArguments, _ spec: CommandSpec) throws -> VoiceGate {
        let name = arguments.value("voice-gate") ?? "auto"
        guard let gate = VoiceGate(rawValue: name) else {
            throw UsageError(message: "'\(name)' is not a voice gate; use silero, energy or auto", command: spec)
        }
        if gate != .energy, let reason = VoiceGate.sileroUnavailableReason {
            if gate == .silero { throw ToolFailure(message: reason) }
            if gate == .auto { printError("voicecmd: the voice gate is unavailable, going on with the energy detector: \(reason)") }
        }
        return gate
    }
}

enum WholeNumberOption {
    /// `--name`'s whole number, `fallback` when not given; a value outside
    /// `range` is a usage error that names the range.
    static func value(_ arguments: ParsedArguments, _ spec: CommandSpec, _ name: String, default fallback: Int,
                      in range: ClosedRange<Int> = 1...Int.max) throws -> Int {
        guard let text = arguments.value(name) else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            let wanted = range.upperBound == .max && range.lowerBound == 1
                ? "a positive whole number" : "a whole number from \(range.lowerBound) to \(range.upperBound)"
            throw UsageError(message: "--\(name) needs \(wanted), not \(UsageError.quoted(text))", command: spec)
        }
        return number
    }
}

enum RecognizerFlags {
    /// The recogniser's options from the flags the speech subcommands share
    /// (--hmm, --dict, --lm, --verbose, --denoise, --voice-gate,
    /// --min-confidence, --hearing) and the models' pronunciations; `utterances` and
    /// `mode` are the subcommand's own. Each part that is unavailable is
    /// said once on stderr, in this order.
    static func options(_ arguments: ParsedArguments, _ spec: CommandSpec, models: ModelSet, mode: SearchMode = .auto,
                        utterances: UtteranceCutter.Settings = UtteranceCutter.Settings()) throws -> CommandRecognizer.Options {
        var options = CommandRecognizer.Options(files: try SpeechModelFiles.locate(
            acousticModel: arguments.value("hmm"), dictionary: arguments.value("dict"), languageModel: arguments.value("lm")))
        options.mode = mode
        options.verbose = arguments.has("verbose")
        options.utterances = utterances
        options.utterances.denoising.mode = try DenoiseOption.mode(arguments, spec)
        options.utterances.endpointing.gate = try RejectionOptions.gate(arguments, spec)
        if let minimum = try RejectionOptions.minimumConfidence(arguments, spec) { options.minimumConfidence = minimum }
        options.neuralHearing = try RejectionOptions.hearing(arguments, spec)
        if options.mode == .auto { RejectionOptions.noteMissingSecondOpinion(options.neuralHearing) }
        options.pronunciations = models.pronunciations
        return options
    }
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
    /// The models named by `--commands` (or `paths`), or the built-in one,
    /// with the shortcuts of `--shortcuts` or the default file. Shortcuts
    /// that cannot be used are reported on stderr and left out; so is an
    /// unreadable shortcuts file, which never stops a subcommand.
    static func load(_ arguments: ParsedArguments, paths: [String]? = nil, shortcuts: Bool = true) throws -> ModelSet {
        let paths = paths ?? arguments.values["commands"] ?? []
        var models = paths.isEmpty ? try builtIn() : try ModelSet.load(paths: paths)
        if shortcuts {
            for problem in models.joinShortcuts(from: ShortcutStore(path: ShortcutOption.path(arguments))) {
                printError("voicecmd: \(problem)")
            }
        }
        return models
    }

    static func builtIn() throws -> ModelSet {
        try ModelSet(model: try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName),
                 pronunciations: try Pronunciations.parseDictionary(DefaultModels.defaultDictionaryText, name: DefaultModels.defaultDictionaryName))
    }
}

enum ShortcutOption {
    /// `--shortcuts`, else `$XDG_CONFIG_HOME/voicecmd/shortcuts.json`, else `~/.config/voicecmd/shortcuts.json`.
    static func path(_ arguments: ParsedArguments) -> String {
        if let path = arguments.value("shortcuts") { return path }
        return ShortcutStore.defaultPath(environment: ProcessInfo.processInfo.environment)
    }
}

/// Writes to standard error, control characters escaped (a file name or a
/// library's message holding raw bytes cannot drive the terminal).
func printError(_ text: String) {
    let text = Diagnostic.escapingControlCharacters(text, keepingNewlines: true)
    StandardError.write(text.hasSuffix("\n") ? text : text + "\n")
}
