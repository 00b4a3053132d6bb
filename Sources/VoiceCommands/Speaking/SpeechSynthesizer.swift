import Foundation
import SpeechFront

/// Turns text into speech with an installed synthesiser: `espeak-ng`, or
/// `flite` with a named voice. The program is run directly with a deadline
/// (never through a shell), and the text reaches it on stdin or in a file,
/// never as an argument, so no reply can become a flag.
public struct SpeechSynthesizer: Sendable {
    /// Which synthesiser speaks, and with which voice.
    public enum Engine: Sendable, Equatable {
        /// espeak-ng with a voice (`en-us` when nil).
        case espeak(voice: String?)
        /// flite with one of its voices (`slt`, `rms`, `awb`, `kal`, `kal16`).
        case flite(voice: String)

        var program: String {
            switch self {
            case .espeak: "espeak-ng"
            case .flite: "flite"
            }
        }
    }

    /// The synthesiser and voice used.
    public let engine: Engine
    private let executable: String
    /// Seconds a synthesiser may take for one reply.
    public var timeout: Double = 10
    /// Longer text is cut (at a word) before it is spoken: a reply that
    /// quotes a long free-text value is not read out for minutes.
    public static let longestText = 600
    /// How fast it speaks, against its usual pace (0.5–2); 1 leaves the
    /// synthesiser's own.
    public var speed: Double = 1
    /// espeak-ng's pitch, 0–99 (its usual is 50); nil leaves it. flite's
    /// voices keep theirs.
    public var pitch: Int?

    /// Throws, with what to install, when the program is not on `PATH`, or
    /// (when `checkingVoice`) flite lacks the voice.
    public init(_ engine: Engine, environment: [String: String] = ProcessInfo.processInfo.environment,
                checkingVoice: Bool = true) throws(SpeechError) {
        let voice: String? = switch engine {
        case .espeak(let voice): voice
        case .flite(let voice): voice
        }
        if let voice, !Self.isVoiceName(voice) {
            throw SpeechError("'\(voice)' is not a voice name (a letter or digit, then letters, digits, '-', '_' and '+')")
        }
        guard case .found(let executable) = ProgramRunner.locate(engine.program, path: environment["PATH"]) else {
            throw SpeechError("cannot speak: \(engine.program) is not installed (on Debian or Ubuntu: apt install \(engine.program))")
        }
        self.engine = engine
        self.executable = executable
        // flite speaks with its default voice when it lacks the one named, without a word.
        if checkingVoice, case .flite(let voice) = engine {
            let voices = fliteVoices()
            guard voices.contains(voice) else {
                throw SpeechError("flite has no voice '\(voice)' (its voices: \(voices.joined(separator: ", ")))")
            }
        }
    }

    private static func isVoiceName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first.isNumber else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_+".contains($0)) }
    }

    /// The voices `flite -lv` lists ("Voices available: kal awb slt …").
    private func fliteVoices() -> [String] {
        var listed: [String] = []
        _ = ProgramRunner.run([executable, "-lv"], input: Data(), environment: ProcessInfo.processInfo.environment, timeout: 5) { line in
            if line.hasPrefix("Voices available:") {
                listed += line.dropFirst("Voices available:".count).split(separator: " ").map(String.init)
            }
        }
        return listed
    }

    /// The text spoken, as 16 kHz mono samples.
    public func synthesize(_ text: String) throws(SpeechError) -> [Int16] {
        let directory = FileManager.default.temporaryDirectory
        let stem = "voicecmd-\(getpid())-\(UUID().uuidString)"
        let wave = directory.appendingPathComponent(stem + ".wav").path
        let textFile = directory.appendingPathComponent(stem + ".txt").path
        defer {
            try? FileManager.default.removeItem(atPath: wave)
            try? FileManager.default.removeItem(atPath: textFile)
        }
        let spoken = Self.bounded(text)
        let arguments: [String]
        var input = Data()
        switch engine {
        case .espeak(let voice):
            var options: [String] = []
            if speed != 1 { options += ["-s", String(Int((175 * min(2, max(0.5, speed))).rounded()))] }
            if let pitch { options += ["-p", String(min(99, max(0, pitch)))] }
            arguments = [executable, "-v", voice ?? "en-us"] + options + ["-w", wave, "--stdin"]
            input = Data((spoken + "\n").utf8)
        case .flite(let voice):
            guard FileManager.default.createFile(atPath: textFile, contents: Data(spoken.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw SpeechError("cannot write the reply for flite to \(textFile)")
            }
            let stretch = speed == 1 ? [] : ["--setf", String(format: "duration_stretch=%.3f", 1 / min(2, max(0.5, speed)))]
            arguments = [executable, "-voice", voice] + stretch + ["-f", textFile, "-o", wave]
        }
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        let ending = ProgramRunner.run(arguments, input: input, environment: environment, timeout: timeout) { _ in }
        switch ending {
        case .exited(0): break
        case .exited(let code): throw SpeechError("\(engine.program) failed (exit code \(code)) speaking \(String(spoken.prefix(40)).debugDescription)")
        case .killedBySignal(let signal): throw SpeechError("\(engine.program) was killed by signal \(signal)")
        case .timedOut: throw SpeechError("\(engine.program) took more than \(Int(timeout)) s to speak \(String(spoken.prefix(40)).debugDescription)")
        case .couldNotStart(let reason): throw SpeechError("cannot speak: \(reason)")
        }
        var reader = try AudioReaders.open(path: wave)
        return try AudioReaders.readAll(&reader)
    }

    static func bounded(_ text: String) -> String {
        guard text.count > longestText else { return text }
        let cut = text.prefix(longestText)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + "…"
    }
}
