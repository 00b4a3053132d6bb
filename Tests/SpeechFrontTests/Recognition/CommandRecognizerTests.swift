import Foundation
import PhraseMatcher
import Testing
@testable import SpeechFront

/// The real decoder on the fixture clips (made by Fixtures/make-fixtures.sh
/// with espeak-ng and flite voices): every intent of the default model
/// heard, out-of-grammar speech rejected.
@Suite(.enabled(if: SharedRecognizer.modelInstalled, "pocketsphinx-en-us is not installed"), .serialized)
struct CommandRecognizerTests {
    @Test(arguments: [
        ("timer-flite-slt", "SetTimer", ["duration": SlotValue.duration(seconds: 5400)]),
        ("timer-cancel-kal", "CancelTimer", [:]),
        ("timer-espeak", "SetTimer", ["duration": .duration(seconds: 30)]),
        ("device-on-slt", "ChangeDeviceState", ["device": .entity("kitchen-light"), "state": .boolean(true)]),
        ("device-noisy-awb", "ChangeDeviceState", ["device": .entity("living-room-lamp"), "state": .boolean(false)]),
        ("workout-rms", "StartWorkout", ["workout": .enumCase("yoga")]),
        ("workout-awb-slow", "StartWorkout", ["workout": .enumCase("run")]),
        ("ride-kal", "RequestRide", ["destination": .entity("airport"), "partySize": .integer(3)]),
        ("coffee-espeak", "OrderCoffee", ["beverage": .enumCase("latte"), "size": .enumCase("large")]),
        ("coffee-noisy-slt", "OrderCoffee", ["beverage": .enumCase("espresso"), "size": .enumCase("small"), "quantity": .integer(2)]),
        ("navigate-awb", "NavigateToSection", ["section": .enumCase("collections")]),
        ("landmark-espeak-gb", "OpenLandmark", ["landmark": .entity("eiffel-tower")]),
        ("closest-rms", "FindClosestLandmark", [:]),
    ])
    func recognisesTheCommand(_ clip: String, _ intent: String, _ arguments: [String: SlotValue]) throws {
        let transcripts = try SharedRecognizer.shared.transcribeClip(clip)
        try #require(transcripts.count == 1)
        let best = try #require(transcripts[0].match?.best, "no command in \"\(transcripts[0].text)\"")
        #expect(best.intent == intent, "\"\(transcripts[0].text)\"")
        for (name, value) in arguments {
            #expect(best.argument(name)?.value == value, "\(name) in \"\(transcripts[0].text)\"")
        }
        #expect(!transcripts[0].words.isEmpty)
    }

    /// espeak-ng's fast "turn the ceiling fan off" is heard word for word,
    /// and accepted: its words fit the audio no better than the nearest
    /// command fits a lone word (PocketSphinx's evidence alone gave it
    /// 0.24), but the neural second opinion heard the same words.
    @Test(.enabled(if: MoonshineTranscriber.unavailableReason() == nil, "Moonshine is unavailable"))
    func aFastEspeakCommandIsHeardWordForWord() throws {
        let transcripts = try SharedRecognizer.shared.transcribeClip("device-off-espeak-fast")
        #expect(transcripts.map(\.text) == ["turn the ceiling fan off"])
        let best = try #require(transcripts.first?.match?.best)
        #expect(best.intent == "ChangeDeviceState" && best.argument("state")?.value == .boolean(false))
        #expect(transcripts.first?.evidence?.secondOpinion?.distance == 0)
    }

    @Test(arguments: ["out-of-grammar-fox", "out-of-grammar-weather", "out-of-grammar-espeak", "invented-zorbleflux",
                      "invented-quintaphone", "noise-only", "music"])
    func rejectsSpeechThatIsNoCommand(_ clip: String) throws {
        for transcript in try SharedRecognizer.shared.transcribeClip(clip) {
            #expect(transcript.match?.best == nil, "\"\(transcript.text)\" taken as \(transcript.match?.best?.intent ?? "")")
        }
    }

    @Test func reportsEachUtteranceOfARecordingSeparately() throws {
        let transcripts = try SharedRecognizer.shared.transcribeClip("two-commands")
        #expect(transcripts.map { $0.match?.best?.intent } == ["CancelTimer", "ChangeDeviceState"])
        #expect(transcripts.count == 2 && transcripts[1].start > transcripts[0].end)
    }

    @Test func wordTimesFallInsideTheUtterance() throws {
        let transcript = try #require(try SharedRecognizer.shared.transcribeClip("device-on-slt").first)
        #expect(transcript.words.map(\.word) == ["turn", "on", "the", "kitchen", "light"])
        for (earlier, later) in zip(transcript.words, transcript.words.dropFirst()) { #expect(earlier.end <= later.start + 0.05) }
        #expect(transcript.words.first!.start >= transcript.start && transcript.words.last!.end <= transcript.end + 0.05)
    }

    /// The general language model hears free text (flite voices; espeak-ng is
    /// barely recognised by it).
    @Test func languageModelSearchHearsFreeText() throws {
        let transcript = try #require(try SharedRecognizer.shared.transcribeClip("message-slt", mode: .lm).first)
        let said = ["send", "a", "message", "to", "sam", "lee", "saying", "i", "am", "on", "my", "way"]
        let heard = Set(transcript.text.split(separator: " ").map(String.init))
        #expect(Double(said.filter(heard.contains).count) / Double(said.count) >= 0.7, "\"\(transcript.text)\"")
    }
}
