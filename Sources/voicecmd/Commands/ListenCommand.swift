import Foundation
import Synchronization
import VoiceCommands

/// `voicecmd listen`: a stream of speech, utterance by utterance, through
/// the voice session; follow-up questions answered by the speech that comes next.
enum ListenCommand: Subcommand {
    static let spec = CommandSpec(
        name: "listen",
        abstract: "Listen to a microphone or a stream of speech and carry out each command, follow-up questions answered by voice.",
        discussion: "Without --input, records from the PulseAudio source --device names (the server's default source "
            + "otherwise; --list-devices lists them). --input FILE plays a recording (any format libsndfile reads) at real time, or as fast as it can be "
            + "decoded with --fast; --input - reads raw 16 kHz 16-bit little-endian mono PCM from standard input "
            + "(arecord -f S16_LE -r 16000 -c 1, parec, sox ... -t raw -). Speech is cut into utterances at pauses; "
            + "each is a command, or the answer to the question just asked. Ends at the end of the input or on Ctrl-C "
            + "(the utterance in progress is finished first), with exit code 0; 1 when the input cannot be read.",
        options: [
            .commands, .shortcuts,
            .init(name: "device", short: "d", valueName: "name", help: "The PulseAudio source to record from. Default: the default source."),
            .init(name: "list-devices", short: nil, valueName: nil, help: "List the sources the PulseAudio server offers, and exit."),
            .init(name: "input", short: "i", valueName: "file", help: "The recording to listen to, or '-' for raw PCM on standard input."),
            .init(name: "fast", short: nil, valueName: nil, help: "Play --input FILE as fast as it can be decoded instead of at real time."),
            .init(name: "trailing-silence", short: nil, valueName: "seconds",
                  help: "Silence that ends an utterance. Default: 0.8."),
            .init(name: "max-utterance", short: nil, valueName: "seconds", help: "The longest utterance; longer speech is cut. Default: 15."),
            .init(name: "wake", short: "w", valueName: "phrase",
                  help: "Only a command said after this phrase (\"hey computer\"), in the same breath or next, is carried out. Its detector, trained by voicecmd wake train, is used when there is one."),
            .init(name: "wake-threshold", short: nil, valueName: "ratio",
                  help: "How sure the wake phrase must be, from 0 to 1 (how much of it the neural recogniser heard, or PocketSphinx's confidence in it said alone; averaged with the trained detector's certainty when there is one): lower wakes on more real phrases and more other speech. Default: \(WakePhrase.defaultThreshold)."),
            .init(name: "speak", short: "s", valueName: nil,
                  help: "Speak questions and replies aloud (espeak-ng, or flite with --voice); the microphone is not listened to meanwhile."),
            .init(name: "voice", short: nil, valueName: "name", help: "Speak with this flite voice (slt, rms, awb, kal) instead of espeak-ng."),
            .minConfidence, .hearing, .voiceGate, .denoise,
            .answerTimeout,
            .json,
            .hmm, .dict, .lm, .verbose,
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        if arguments.has("list-devices") {
            for device in try AudioDevices.list() {
                StandardOutput.write(device.name + (device.isMonitor ? "  (monitor) " : "  ") + device.description)
            }
            return 0
        }
        let input = arguments.value("input")
        if input != nil && arguments.value("device") != nil {
            throw UsageError(message: "--device records from a microphone; --input reads a recording: give one of them", command: spec)
        }
        if arguments.has("fast") && input != "-" && input == nil {
            throw UsageError(message: "--fast plays a file given with --input; a microphone goes at its own pace", command: spec)
        }
        if arguments.has("fast") && input == "-" {
            throw UsageError(message: "--fast plays a file; standard input goes as fast as it is written", command: spec)
        }
        var settings = CommandSession.Settings()
        settings.answerTimeout = try answerTimeout(arguments, spec)
        // The one utterance path's settings (transcribe's too), these two changed.
        var utterances = UtteranceCutter.Settings()
        utterances.endpointing.trailingSilence = try seconds(arguments, "trailing-silence", default: utterances.endpointing.trailingSilence,
                                                             range: 0.1...10)
        utterances.endpointing.maximumLength = try seconds(arguments, "max-utterance", default: utterances.endpointing.maximumLength,
                                                           range: 1...120)
        guard utterances.endpointing.maximumLength > utterances.endpointing.trailingSilence else {
            throw UsageError(message: "--max-utterance must be longer than --trailing-silence", command: spec)
        }
        settings.wake = try wakePhrase(arguments)
        let loaded = try ModelSource.load(arguments)
        let engine = CommandEngine(models: loaded)
        let showApplication = loaded.model.applications.count > 1
        let options = try RecognizerFlags.options(arguments, spec, models: loaded, utterances: utterances)
        let source: ReaderAudioSource
        switch input {
        case nil: source = try .microphone(device: arguments.value("device"))
        case "-": source = .standardInput()
        case let path?: source = try .file(path, pacing: arguments.has("fast") ? .asFastAsConsumed : .realTime)
        }
        let display = StatusDisplay()
        let speaker = try replySpeaker(arguments, display)
        let json = arguments.has("json")
        let outputLost = StopOnce()
        let session = try CommandSession(engine: engine, speech: options, modelPath: loaded.modelPath, settings: settings) { event in
            display.printing { SessionOutput.print(event, json: json, heard: true, showApplication: showApplication) }
            // Nobody hears a session whose output cannot be written: it ends (exit 1).
            if StandardOutput.hasFailed { outputLost.fire() }
            if let speaker, let text = event.spokenText { speaker.say(text) }
        }
        outputLost.action = { session.stop() }
        let interrupt = Interruption { session.stop() }
        defer { interrupt.cancel() }
        if let line = StatusLine(status: session.status, gate: speaker?.gate) {
            display.line = line
            line.start()
        }
        defer { display.line?.stop() }
        // A microphone hears the speakers: it is muted while voicecmd speaks
        // (and so is standard input, which is live capture: parec, arecord).
        let heard: any AudioSource = if let speaker, input == nil || input == "-" { GatedAudioSource(source, gate: speaker.gate) } else { source }
        try waitFor {
            // The last reply is spoken before voicecmd exits, even after a failure.
            do {
                try await session.listen(to: heard)
            } catch {
                await speaker?.finish()
                throw error
            }
            await speaker?.finish()
        }
        return 0
    }

    private static func replySpeaker(_ arguments: ParsedArguments, _ display: StatusDisplay) throws -> ReplySpeaker? {
        guard arguments.has("speak") else {
            if arguments.value("voice") != nil { throw UsageError(message: "--voice chooses how --speak sounds: add --speak", command: spec) }
            return nil
        }
        let synthesizer = try SpeechSynthesizer(arguments.value("voice").map { .flite(voice: $0) } ?? .espeak(voice: nil))
        return try ReplySpeaker(synthesizer: synthesizer) { error in display.printing { printError("voicecmd: \(error.message)") } }
    }

    private static func wakePhrase(_ arguments: ParsedArguments) throws -> WakePhrase? {
        guard let phrase = arguments.value("wake") else {
            if arguments.value("wake-threshold") != nil {
                throw UsageError(message: "--wake-threshold needs a wake phrase (--wake \"hey computer\")", command: spec)
            }
            return nil
        }
        var threshold = WakePhrase.defaultThreshold
        if let text = arguments.value("wake-threshold") {
            guard let value = Double(text), value >= 0, value <= 1 else {
                throw UsageError(message: "--wake-threshold needs a number from 0 to 1 (like 0.8), not \(UsageError.quoted(text))", command: spec)
            }
            threshold = value
        }
        var wake: WakePhrase
        do {
            wake = try WakePhrase(phrase, threshold: threshold)
        } catch {
            throw UsageError(message: "--wake: \(error.message)", command: spec)
        }
        // The phrase's trained detector (voicecmd wake train), when there is one and the embedding it reads.
        if let reason = SpeechEmbedding.unavailableReason {
            if FileManager.default.fileExists(atPath: WakeNetworkCache.path(for: wake)) {
                printError("voicecmd: the trained wake detector cannot be used, spotting the wake phrase without it: \(reason)")
            }
        } else {
            let (network, problem) = WakeNetworkCache.usableNetwork(for: wake)
            if let problem { printError("voicecmd: \(problem)") }
            wake.network = network
        }
        return wake
    }

    private static func seconds(_ arguments: ParsedArguments, _ name: String, default fallback: Double,
                                range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let text = arguments.value(name) else { return fallback }
        guard let value = Double(text), range.contains(value) else {
            throw UsageError(message: "--\(name) needs a number of seconds from \(String(format: "%g", range.lowerBound)) "
                             + "to \(String(format: "%g", range.upperBound)), not \(UsageError.quoted(text))", command: spec)
        }
        return value
    }
}

/// Ctrl-C asks once to finish cleanly; a second one exits at once.
final class Interruption {
    private let source: any DispatchSourceSignal

    init(_ onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let interrupted = InterruptCount()
        source.setEventHandler {
            // At once, without exit's tear-down: a network may be running
            // on another thread (stdout and stderr are written unbuffered).
            if interrupted.increment() > 1 { _exit(130) }
            onInterrupt()
        }
        source.resume()
        self.source = source
    }

    func cancel() {
        // The handler (and what it holds: the session) goes now, not when
        // the source gets round to it.
        source.setEventHandler(handler: nil)
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}

private final class InterruptCount: Sendable {
    private let count = Atomic(0)
    func increment() -> Int { count.add(1, ordering: .sequentiallyConsistent).newValue }
}

/// The status line once it exists: events may come before it is drawn.
/// @unchecked Sendable: `line` is set once, before listening starts, and only read after.
private final class StatusDisplay: @unchecked Sendable {
    var line: StatusLine?
    func printing(_ body: () -> Void) {
        if let line { line.printing(body) } else { body() }
    }
}

/// An action set after the closure that fires it was made, run at most once.
private final class StopOnce: Sendable {
    private struct State {
        var fired = false
        var action: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())
    var action: (@Sendable () -> Void)? {
        get { state.withLock { $0.action } }
        set { state.withLock { $0.action = newValue } }
    }
    func fire() {
        let run: (@Sendable () -> Void)? = state.withLock { state in
            guard !state.fired, let action = state.action else { return nil }
            state.fired = true
            return action
        }
        run?()
    }
}
