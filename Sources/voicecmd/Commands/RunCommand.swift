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
        options: [.commands, .shortcuts, .answerTimeout, .json]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        var settings = CommandSession.Settings()
        settings.answerTimeout = try answerTimeout(arguments, spec)
        let json = arguments.has("json")
        let loaded = try ModelSource.load(arguments)
        let showApplication = loaded.model.applications.count > 1
        let session = try CommandSession(engine: CommandEngine(models: loaded), settings: settings) { event in
            SessionOutput.print(event, json: json, heard: false, showApplication: showApplication)
        }
        let text = arguments.positionals.joined(separator: " ")
        let reply = try waitFor { await session.converse(text, answers: StandardInputLines()) }
        return reply?.code == .success ? 0 : 1
    }
}

extension CommandSpec.Option {
    static let answerTimeout = CommandSpec.Option(name: "answer-timeout", short: nil, valueName: "seconds",
                                                  help: "How long to wait for each follow-up answer. Default: 30.")
}

/// `--answer-timeout`, checked.
func answerTimeout(_ arguments: ParsedArguments, _ spec: CommandSpec) throws(UsageError) -> Double {
    guard let text = arguments.value("answer-timeout") else { return 30 }
    guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
        throw UsageError(message: "--answer-timeout needs a positive number of seconds, not \(UsageError.quoted(text)) (at most 86400, a day)", command: spec)
    }
    return seconds
}

/// Runs async library work from the synchronous command line, waiting for its result.
///
/// The work (and what it holds: the session, the model) is let go inside the
/// task before the caller is woken, so nothing of it is still being freed
/// on another thread when the tool exits.
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let box = WorkBox<T>(work)
    let done = DispatchSemaphore(value: 0)
    Task {
        await box.run()
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// @unchecked Sendable: `work` is taken and `result` written by the one task
/// before the semaphore is signalled; `result` is read after.
private final class WorkBox<T>: @unchecked Sendable {
    private var work: (@Sendable () async throws -> T)?
    var result: Result<T, any Error>?

    init(_ work: @escaping @Sendable () async throws -> T) { self.work = work }

    func run() async {
        guard let work else { return }
        self.work = nil
        do { result = .success(try await work()) } catch { result = .failure(error) }
    }
}
