import Foundation
import Synchronization
import VoiceCommands

/// The spoken sessions of `Benchmarks/voices/make-voices.sh`: its
/// `sessions.tsv` manifest (the script's header describes the columns).
struct VoiceSessions {
    struct Utterance {
        var text: String
        /// Where its sound is in the recording, in seconds.
        var start: Double
        var end: Double
    }

    struct Session {
        var voice: String
        var id: String
        var path: String
        var utterances: [Utterance]
        var intent: String
        /// Compact JSON, sorted keys (`SessionTrace.canonical`).
        var arguments: String
        var reply: String
        var replyText: String
    }

    let sessions: [Session]
    static let manifestName = "sessions.tsv"

    init(directory: String) throws {
        let path = (directory as NSString).appendingPathComponent(Self.manifestName)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw BenchError(message: "cannot read \(path)") }
        var lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard !lines.isEmpty else { throw BenchError(message: "\(path) is empty") }
        let header = lines.removeFirst()
        let names = ["voice", "session", "file", "utterances", "times", "intent", "arguments", "reply", "reply_text"]
        let columns = try names.map { name in
            guard let index = header.firstIndex(of: name) else { throw BenchError(message: "\(path) has no '\(name)' column") }
            return index
        }
        sessions = try lines.enumerated().map { number, fields in
            let where_ = "\(path):\(number + 2)"
            guard fields.count == header.count else { throw BenchError(message: "\(where_): \(fields.count) fields for \(header.count) columns") }
            let field = columns.map { fields[$0] }
            let texts = field[3].components(separatedBy: " | ")
            let times = field[4].components(separatedBy: " | ")
            guard texts.count == times.count else { throw BenchError(message: "\(where_): \(texts.count) utterances but \(times.count) times") }
            let utterances = try zip(texts, times).map { text, time in
                let ends = time.split(separator: "-").compactMap { Double($0) }
                guard ends.count == 2, ends[0] < ends[1] else { throw BenchError(message: "\(where_): time '\(time)' is not start-end in seconds") }
                return Utterance(text: text, start: ends[0], end: ends[1])
            }
            return Session(voice: field[0], id: field[1], path: (directory as NSString).appendingPathComponent(field[2]),
                           utterances: utterances, intent: field[5], arguments: field[6], reply: field[7], replyText: field[8])
        }
    }

    /// Whether `directory` holds a manifest and every recording it lists.
    static func complete(_ directory: String) -> Bool {
        guard let sessions = try? VoiceSessions(directory: directory), !sessions.sessions.isEmpty else { return false }
        return sessions.sessions.allSatisfy { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The script that makes the recordings, next to this benchmark's sources.
    static var scriptPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("voices/make-voices.sh").path
    }

    /// Makes the recordings in `directory` with the script (its output on stderr).
    static func make(_ directory: String, script: String) throws -> Double {
        guard FileManager.default.isExecutableFile(atPath: script) else {
            throw BenchError(message: "\(directory) holds no recordings and the script that makes them is not at \(script); "
                                 + "make them with `Benchmarks/voices/make-voices.sh \(directory)` (or give --script PATH)")
        }
        FileHandle.standardError.write(Data("making the recordings: \(script) \(directory)\n".utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [directory]
        process.standardOutput = FileHandle.standardError
        let start = nanoseconds()
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError(message: "\(script) \(directory) failed (exit \(process.terminationStatus)); run it by hand to see why")
        }
        return Double(nanoseconds() - start) / 1e9
    }
}

/// The values each request was carried out with, as its handler was given them.
final class HandledRequests: Sendable {
    private let requests = Mutex<[[String: SlotValue]]>([])
    func add(_ values: [String: SlotValue]) { requests.withLock { $0.append(values) } }
    func take() -> [[String: SlotValue]] { requests.withLock { requests in defer { requests = [] }; return requests } }
}

/// A handler for every intent that records its values and succeeds, as a
/// model without handlers does (the same reply), so that what a request was
/// carried out with can be checked.
struct RecordingHandler: IntentHandler {
    let handled: HandledRequests
    func handle(_ request: HandlerRequest, progress: HandlerProgress) -> HandlerOutcome {
        handled.add(request.values.mapValues(\.value))
        return HandlerOutcome(code: .success)
    }
}

/// Events of a session, collected from its callback.
final class SessionEvents: Sendable {
    private let events = Mutex<[SessionEvent]>([])
    func add(_ event: SessionEvent) { events.withLock { $0.append(event) } }
    var count: Int { events.withLock { $0.count } }
    func take() -> [SessionEvent] { events.withLock { events in defer { events = [] }; return events } }
}

/// What a session did, in the terms the manifest states.
struct SessionTrace {
    var intents: [Match] = []
    /// Each question asked, as `signature` gives it.
    var prompts: [String] = []
    var answers: [String] = []
    var replies: [Reply] = []
    var handled: [[String: SlotValue]] = []

    init(_ events: [SessionEvent], handled: [[String: SlotValue]]) {
        for event in events {
            guard case .conversation(let conversation) = event.kind else { continue }
            switch conversation {
            case .intent(let match): intents.append(match)
            case .prompt: prompts.append(Self.signature(conversation)!)
            case .answer(let text): answers.append(text)
            case .reply(let reply) where reply.code != .inProgress: replies.append(reply)
            default: break
            }
        }
        self.handled = handled
    }

    /// The values the request ends with: those it was carried out with, or
    /// (not carried out) the command's arguments as heard.
    var arguments: String {
        if let values = handled.last { return Self.canonical(values) }
        guard let match = intents.last else { return "" }
        return Self.canonical(Dictionary(match.arguments.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Nil when the session was carried out as `session` says, else what
    /// differs: its one intent, the questions `prompts` (those the same
    /// texts typed are asked), one answer to each, the final reply's code and
    /// text, and the values it ends with. The words of the answers are
    /// `answersAsSaid`.
    func problem(against session: VoiceSessions.Session, prompts expected: [String]) -> String? {
        guard let match = intents.first else { return "no intent" }
        if intents.count > 1 { return "\(intents.count) commands: \(intents.map(\.intent).joined(separator: ", "))" }
        if match.intent != session.intent { return "intent \(match.intent) for \(session.intent)" }
        if prompts != expected {
            let index = zip(prompts, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(prompts.count, expected.count)
            guard index < prompts.count else { return "not asked \"\(Self.promptText(expected[index]))\"" }
            return "asked \"\(Self.promptText(prompts[index]))\"" + (index < expected.count ? " for \"\(Self.promptText(expected[index]))\"" : "")
        }
        if answers.count != session.utterances.count - 1 { return "\(answers.count) answers for \(session.utterances.count - 1)" }
        guard let reply = replies.last else { return "no reply" }
        if reply.code.rawValue != session.reply { return "ended \(reply.code.rawValue) (\"\(reply.text)\") for \(session.reply)" }
        if reply.text != session.replyText { return "reply \"\(reply.text)\" for \"\(session.replyText)\"" }
        if arguments != session.arguments { return "arguments \(arguments) for \(session.arguments)" }
        return nil
    }

    /// Whether every answer's words are those said.
    func answersAsSaid(_ session: VoiceSessions.Session) -> Bool {
        answers.map(Self.words) == session.utterances.dropFirst().map { Self.words($0.text) }
    }

    /// "prompt needsValue For how long?" → "For how long?".
    static func promptText(_ signature: String) -> String {
        String(signature.split(separator: " ", maxSplits: 2).dropFirst(2).first ?? "")
    }

    static func words(_ text: String) -> String { TextNormalizer.words(of: text).joined(separator: " ") }

    /// Compact JSON with sorted keys; free text as lower-case words.
    static func canonical(_ values: [String: SlotValue]) -> String {
        JSONOutput.object(values.sorted { $0.key < $1.key }.map { name, value in
            if case .text(let text) = value { return (name, .string(words(text))) }
            return (name, value.json)
        }).serialized
    }

    /// A conversation event as compared between a typed and a spoken run
    /// (cards and notes aside).
    static func signature(_ event: ConversationEvent) -> String? {
        switch event {
        case .intent(let match):
            "intent \(match.intent) " + canonical(Dictionary(match.arguments.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
        case .noIntent: "no intent"
        case .prompt(let prompt): "prompt \(prompt.kind.rawValue) \(prompt.text)"
        case .answer(let text): "answer \(words(text))"
        case .reply(let reply): "reply \(reply.code.rawValue) \(reply.text)"
        case .card, .note: nil
        }
    }
}

/// Runs `work` to its end from synchronous code.
func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = BlockingOutcome<T>()
    Task.detached {
        let result: Result<T, any Error>
        do { result = .success(try await work()) } catch { result = .failure(error) }
        outcome.result.withLock { $0 = result }
        outcome.done.signal()
    }
    outcome.done.wait()
    return try outcome.result.withLock { $0! }.get()
}

private final class BlockingOutcome<T: Sendable>: Sendable {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<Result<T, any Error>?>(nil)
}
