import DefaultModels
import Foundation
@testable import VoiceCommands
import PhraseMatcher

/// Runs a scripted conversation: an utterance, then answers to each prompt
/// in turn (nil: no answer in time). Records every event.
final class ConversationScript {
    let engine: CommandEngine
    private(set) var events: [ConversationEvent] = []

    init(engine: CommandEngine) { self.engine = engine }

    convenience init(model: CommandModel? = nil) throws {
        self.init(engine: try CommandEngine(model: try model ?? Self.defaultModel()))
    }

    static func defaultModel() throws -> CommandModel {
        try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
    }

    /// The final reply, after the answers run out (or the conversation ends).
    @discardableResult
    func run(_ text: String, answers: [String?] = []) async -> Reply? {
        let conversation = engine.conversation { [unowned self] event in events.append(event) }
        var state = await conversation.start(await engine.match(text))
        var remaining = answers[...]
        while case .waiting = state, let next = remaining.popFirst() {
            if let next {
                state = await conversation.answer(next)
            } else {
                state = conversation.noAnswer()
            }
        }
        if case .finished(let reply) = state { return reply }
        return nil
    }

    var prompts: [Prompt] {
        events.compactMap { if case .prompt(let prompt) = $0 { prompt } else { nil } }
    }

    var replies: [Reply] {
        events.compactMap { if case .reply(let reply) = $0 { reply } else { nil } }
    }

    var notes: [String] {
        events.compactMap { if case .note(let note) = $0 { note } else { nil } }
    }

    static let handlers = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/Handlers")

    /// A handler running one of the fixture scripts with `arguments`.
    static func script(_ name: String, _ arguments: [String] = [], timeout: Double = 10) -> Handler {
        Handler(arguments: ["/bin/sh", handlers.appendingPathComponent(name).path] + arguments, timeout: timeout)
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-test-\(UUID().uuidString)-\(name)").path
    }
}

extension CommandModel {
    /// This model with one intent changed.
    func changing(_ intentName: String, _ change: (inout Intent) -> Void) -> CommandModel {
        var copy = self
        if let index = copy.intents.firstIndex(where: { $0.name == intentName }) { change(&copy.intents[index]) }
        return copy
    }
}
