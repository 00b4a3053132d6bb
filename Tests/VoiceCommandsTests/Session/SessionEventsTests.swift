import DefaultModels
import Foundation
import Testing
import VoiceCommands

/// A session's events as an asynchronous sequence, with real PocketSphinx
/// on a recording of Fixtures/sessions/make-sessions.sh.
struct SessionEventsTests {
    /// The sequence carries what the callback hears, in the same order, and
    /// ends when the recording does.
    @Test func theSequenceHasEveryEventInOrder() async throws {
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        let log = CommandSessionTests.EventLog()
        let session = try CommandSession(engine: try CommandEngine(model: model), speech: try CommandSessionTests.speechOptions()) { log.add($0) }
        let source = try ReaderAudioSource.file(CommandSessionTests.sessions.appendingPathComponent("conversation.flac").path,
                                                pacing: .asFastAsConsumed)
        var events: [SessionEvent] = []
        for try await event in session.events(from: source) { events.append(event) }
        #expect(events.map(\.json) == log.all.map(\.json))
        #expect(events.contains { if case .conversation(.intent(let match)) = $0.kind { match.intent == "SendMessage" } else { false } })
        #expect(events.contains { if case .conversation(.reply) = $0.kind { true } else { false } })
    }

    /// Leaving the loop early stops the listening; the session can listen again.
    @Test func leavingTheLoopStopsListening() async throws {
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        let session = try CommandSession(engine: try CommandEngine(model: model), speech: try CommandSessionTests.speechOptions())
        let path = CommandSessionTests.sessions.appendingPathComponent("conversation.flac").path
        for try await event in session.events(from: try ReaderAudioSource.file(path, pacing: .asFastAsConsumed)) {
            if case .transcript = event.kind { break }
        }
        var again = 0
        for try await event in session.events(from: try ReaderAudioSource.file(path, pacing: .asFastAsConsumed)) {
            if case .transcript = event.kind { again += 1 }
        }
        #expect(again >= 1)
    }
}
