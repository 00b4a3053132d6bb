import DefaultModels
import Foundation
import Testing
@testable import SpeechFront
import VoiceCommands

/// The phrase's trained detector in the session, with the real decoder,
/// the real neural recogniser and the real embedding on
/// Fixtures/sessions/wake.flac (three "hey computer"s). Its certainty is
/// averaged with the second stage's score: a detector sure of nothing
/// (`outputBias` far below zero) keeps every place below the default
/// 0.75, one sure of everything lets through what the second stage passed.
@Suite(.enabled(if: SpeechEmbedding.unavailableReason == nil && CommandRecognizer.secondOpinionUnavailableReason == nil,
                "the speech embedding or Moonshine is unavailable"))
struct WakeDetectorSessionTests {
    static func wakes(certainty bias: Float) async throws -> Int {
        let log = CommandSessionTests.EventLog()
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
        var settings = CommandSession.Settings()
        var phrase = try WakePhrase("hey computer")
        var network = WakeNetwork(phrase: "hey computer", hiddenWidth: 1, seed: 1)
        network.outputWeights = [0]
        network.outputBias = bias
        phrase.network = network
        settings.wake = phrase
        let session = try CommandSession(engine: try CommandEngine(model: model), speech: try CommandSessionTests.speechOptions(),
                                         settings: settings) { log.add($0) }
        try await session.listen(to: ReaderAudioSource.file(CommandSessionTests.sessions.appendingPathComponent("wake.flac").path,
                                                            pacing: .asFastAsConsumed))
        return WakeSessionTests.wakes(log).count
    }

    @Test func aDetectorSureOfNothingKeepsItAsleep() async throws {
        #expect(try await Self.wakes(certainty: -40) == 0)
    }

    @Test func aDetectorSureOfEverythingLeavesItToTheSecondStage() async throws {
        #expect(try await Self.wakes(certainty: 40) == 3)
    }
}
