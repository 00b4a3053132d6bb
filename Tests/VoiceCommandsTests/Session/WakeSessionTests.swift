import DefaultModels
import Foundation
import Testing
import VoiceCommands

/// The session with a wake phrase, with real PocketSphinx keyphrase search
/// on Fixtures/sessions/wake.flac: "hey computer", "turn on the kitchen
/// light", "cancel my timer" (no wake phrase), "hey computer turn off the
/// kitchen light" (one breath), "hey computer", "start a running workout".
struct WakeSessionTests {
    typealias EventLog = CommandSessionTests.EventLog

    static func wakes(_ log: EventLog) -> [SessionEvent] {
        log.all.filter { if case .wake = $0.kind { true } else { false } }
    }

    static func session(log: EventLog, window: Double = 8) throws -> CommandSession {
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        var settings = CommandSession.Settings()
        settings.wake = try WakePhrase("Hey  Computer")
        settings.wakeWindow = window
        return try CommandSession(engine: CommandEngine(model: model), speech: try CommandSessionTests.speechOptions(),
                                  settings: settings) { log.add($0) }
    }

    static func wakeRecording() throws -> [Int16] {
        var reader = try AudioReaders.open(path: CommandSessionTests.sessions.appendingPathComponent("wake.flac").path)
        return try AudioReaders.readAll(&reader)
    }

    /// Only the commands after the wake phrase are carried out: the one
    /// said next, the one in the same breath, and the next after it again;
    /// "cancel my timer" without it is not even decoded as a command.
    @Test func onlyCommandsAfterTheWakePhraseAreCarriedOut() async throws {
        let log = EventLog()
        let session = try Self.session(log: log)
        try await session.listen(to: ReaderAudioSource.file(CommandSessionTests.sessions.appendingPathComponent("wake.flac").path,
                                                            pacing: .asFastAsConsumed))
        #expect(log.intents.map(\.intent) == ["ChangeDeviceState", "ChangeDeviceState", "StartWorkout"])
        #expect(log.intents.map { $0.argument("state")?.value } == [.boolean(true), .boolean(false), nil])
        #expect(log.replies.allSatisfy { $0.code == .success })
        let wakes = Self.wakes(log)
        #expect(wakes.count == 3)
        // The timeline of make-sessions.sh: wake phrases start at 0.5, 9.8 and 14.2 s.
        let starts = wakes.compactMap { $0.utterance?.start }
        #expect(zip(starts, [0.5, 9.8, 14.2]).allSatisfy { abs($0 - $1) < 0.3 }, "wake phrases at \(starts)")
        // In one breath, the command's words start after the phrase's.
        let transcripts = log.all.compactMap { event -> (String, Double)? in
            if case .transcript(let text, _, true) = event.kind, let span = event.utterance { (text, span.start) } else { nil }
        }
        #expect(transcripts.map(\.0) == ["turn on the kitchen light", "turn off the kitchen light", "start a running workout"])
        if transcripts.count == 3, wakes.count == 3, let phraseEnd = wakes[1].utterance?.end {
            #expect(transcripts[1].1 >= phraseEnd)
        }
    }

    /// A wake phrase said alone keeps listening for `wakeWindow` seconds:
    /// a command after a longer pause needs the phrase again.
    @Test func theWakeWindowCloses() async throws {
        let recording = try Self.wakeRecording()
        // "hey computer" (0.5–1.3 s), then 1.5 s later "turn on the kitchen light".
        let log = EventLog()
        let session = try Self.session(log: log, window: 1.0)
        try await session.listen(to: ReaderAudioSource(name: "wake", pacing: .asFastAsConsumed) {
            SampleBufferReader(samples: Array(recording.prefix(5 * 16_000)))
        })
        #expect(Self.wakes(log).count == 1)
        #expect(log.intents.isEmpty)
    }

    /// A wake phrase at the end of one stream does not wake the next: each
    /// stream's clock starts at zero.
    @Test func aNewStreamStartsAsleep() async throws {
        let recording = try Self.wakeRecording()
        let log = EventLog()
        let session = try Self.session(log: log)
        // "hey computer" alone, the stream ending before the command.
        try await session.listen(to: ReaderAudioSource(name: "wake", pacing: .asFastAsConsumed) {
            SampleBufferReader(samples: Array(recording.prefix(32_000)))
        })
        #expect(Self.wakes(log).count == 1)
        // Then "turn on the kitchen light" alone, in a stream of its own.
        try await session.listen(to: ReaderAudioSource(name: "command", pacing: .asFastAsConsumed) {
            SampleBufferReader(samples: Array(recording[32_000..<(5 * 16_000)]))
        })
        #expect(log.intents.isEmpty)
    }

    @Test func aWakePhraseNeedsWords() {
        #expect(throws: SpeechError("the wake phrase is empty")) { try WakePhrase("  ") }
        #expect(throws: SpeechError("the wake phrase can hold only words, not \"computer!\"")) { try WakePhrase("hey computer!") }
        #expect(throws: SpeechError("the wake phrase can hold only words, not \"\\u{07}\"")) { try WakePhrase("hey\ncomputer \u{07}") }
        #expect(throws: SpeechError("the wake threshold must be from 0 to 1 (like 0.75), not 2.0")) {
            try WakePhrase("hey computer", threshold: 2)
        }
        #expect((try? WakePhrase("Hey  Computer"))?.text == "hey computer")
    }
}
