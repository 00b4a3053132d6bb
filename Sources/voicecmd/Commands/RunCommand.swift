import Foundation
import VoiceCommands

/// `voicecmd run`: the whole pipeline on typed text, follow-up questions
/// answered on standard input.
enum RunCommand: Subcommand {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Run a command typed as text: match, resolve, confirm, handle and reply.",
        discussion: """
            Follow-up questions (a missing value, which of several, yes or no) are printed and answered one line \
            each on standard input; "cancel" or "never mind" ends any of them, and so does no answer within \
            --answer-timeout seconds or the end of input. Exits with 0 when the request succeeded, 1 otherwise.
            """,
        positionals: [.init(name: "text", help: "What was said (several words, quoted or not).", isRepeating: true, isOptional: false)],
        options: [.commands,
                  .init(name: "answer-timeout", short: nil, valueName: "seconds",
                        help: "How long to wait for each follow-up answer. Default: 30."),
                  .json]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let timeout = try arguments.value("answer-timeout").map { text throws(UsageError) -> Double in
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw UsageError(message: "--answer-timeout needs a positive number of seconds, not '\(text)'", command: spec)
            }
            return seconds
        } ?? 30
        let engine = CommandEngine(model: try ModelSource.load(arguments))
        let json = arguments.has("json")
        let conversation = engine.conversation { event in RunOutput.print(event, json: json) }
        var state = conversation.start(engine.match(arguments.positionals.joined(separator: " ")))
        let answers = StandardInputLines()
        while case .waiting = state {
            guard let line = answers.next(timeout: timeout) else {
                state = conversation.noAnswer()
                break
            }
            state = conversation.answer(line)
        }
        guard case .finished(let reply) = state else { return 1 }
        return reply.code == .success ? 0 : 1
    }
}

/// What `run` prints for each conversation event.
enum RunOutput {
    static func print(_ event: ConversationEvent, json: Bool) {
        if case .note(let text) = event {
            printError("voicecmd: \(text)")
            return
        }
        if json {
            Swift.print(self.json(event).serialized)
        } else if let line = text(event) {
            Swift.print(line)
        }
        fflush(nil)
    }

    static func json(_ event: ConversationEvent) -> JSONOutput {
        switch event {
        case .intent(let match):
            return .object([("event", .string("intent")), ("intent", .string(match.intent)), ("arguments", match.argumentsJSON)])
        case .noIntent(let text):
            return .object([("event", .string("intent")), ("intent", .null), ("text", .string(text))])
        case .prompt(let prompt):
            var members: [(String, JSONOutput)] = [("event", .string("prompt")), ("kind", .string(prompt.kind.rawValue)),
                                                   ("parameter", prompt.parameter.map(JSONOutput.string) ?? .null),
                                                   ("text", .string(prompt.text))]
            if !prompt.options.isEmpty { members.append(("options", .array(prompt.options.map(JSONOutput.string)))) }
            return .object(members)
        case .answer(let text):
            return .object([("event", .string("answer")), ("text", .string(text))])
        case .reply(let reply):
            return .object([("event", .string("reply")), ("code", .string(reply.code.rawValue)), ("text", .string(reply.text))])
        case .note(let text):
            return .object([("event", .string("note")), ("text", .string(text))])
        }
    }

    /// People see the questions and the replies, as they would hear them.
    static func text(_ event: ConversationEvent) -> String? {
        switch event {
        case .prompt(let prompt): "? " + prompt.text
        case .reply(let reply): reply.text
        case .intent, .noIntent, .answer, .note: nil
        }
    }
}

/// Lines of standard input, read on a thread of their own so that waiting
/// for one can time out. @unchecked Sendable: fields guarded by `condition`.
final class StandardInputLines: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false
    private var started = false

    /// The next non-blank line; nil at the end of input or after `timeout` seconds.
    func next(timeout: Double) -> String? {
        condition.lock()
        defer { condition.unlock() }
        if !started {
            started = true
            // Plain reads, not readLine: a thread blocked inside stdio holds
            // stdin's lock, and exit() would wait for it.
            Thread.detachNewThread { [self] in
                var buffer = LineBuffer()
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    var count = read(0, &chunk, chunk.count)
                    while count < 0 && errno == EINTR { count = read(0, &chunk, chunk.count) }
                    // A closed or unreadable stdin is the end of the answers.
                    let data = count > 0 ? Data(chunk[0..<count]) : Data()
                    condition.lock()
                    if data.isEmpty {
                        if let last = buffer.finish() { lines.append(last) }
                        ended = true
                    } else {
                        lines += buffer.append(data)
                    }
                    condition.signal()
                    condition.unlock()
                    if data.isEmpty { break }
                }
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while let line = lines.first {
                lines.removeFirst()
                if !line.allSatisfy(\.isWhitespace) { return line.hasSuffix("\r") ? String(line.dropLast()) : line }
            }
            if ended { return nil }
            if !condition.wait(until: deadline) { return nil }
        }
    }
}
