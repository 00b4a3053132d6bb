import Foundation
import Testing
@testable import VoiceCommands
@testable import PhraseMatcher

/// The JSON of session events is the library's: one event of every kind,
/// and every optional member present and absent, against one golden file
/// (`voicecmd run --json` and `listen --json` print these lines as they
/// are). Regenerate with VOICECMD_UPDATE_GOLDEN=1 after a deliberate change.
struct SessionEventJSONTests {
    static let goldenURL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/Events/every-kind.jsonl")
    static let sourceGoldenURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Events/every-kind.jsonl")

    static func span(_ start: Double, _ end: Double) -> SpeechSpan { SpeechSpan(start: start, end: end, endpointed: .now) }

    static func match(_ arguments: [Argument]) -> Match {
        Match(intent: "SendMessage", application: "Courier", intentIndex: 0, phraseIndex: 1, confidence: 0.875, arguments: arguments)
    }

    static func argument(_ name: String, _ value: SlotValue, _ text: String, outOfRange: Bool = false) -> Argument {
        Argument(name: name, value: value, text: text, wordRange: 0..<1, isOutOfRange: outOfRange)
    }

    static let events: [SessionEvent] = [
        SessionEvent(.listening(source: "microphone (default)")),
        SessionEvent(.wake(phrase: "hey computer", confidence: 0.8349), utterance: span(1.004, 1.996)),
        SessionEvent(.wake(phrase: "hey computer", confidence: nil), utterance: span(2, 3)),
        SessionEvent(.transcript(text: "set a timer for five minutes", confidence: 0.91666, accepted: true), utterance: span(3.25, 5.125)),
        SessionEvent(.transcript(text: "the kettle \"whistles\"\nnow", confidence: 0.123, accepted: false), utterance: span(6, 7)),
        SessionEvent(.transcript(text: "typed, so no span", confidence: 1, accepted: true)),
        SessionEvent(.dropped(frames: 1_600), utterance: span(8, 9)),
        SessionEvent(.ignored(reason: .speaking), utterance: span(9.5, 10.25)),
        SessionEvent(.conversation(.intent(match([
            argument("duration", .duration(seconds: 300), "five minutes"),
            argument("price", .currency(amount: 3.5, code: "USD"), "three fifty"),
            argument("person", .ambiguousEntities(["alex-smith", "alex-jones"]), "alex"),
            argument("count", .integer(250), "two hundred fifty", outOfRange: true),
            argument("body", .text("running late ☕"), "running late ☕"),
            argument("size", .enumCase("large"), "big"),
            argument("urgent", .boolean(true), "urgent"),
            argument("which", .ordinal(2), "second"),
            argument("amount", .number(2.25), "two and a quarter"),
        ])))),
        SessionEvent(.conversation(.noIntent("fly me to the moon"))),
        SessionEvent(.conversation(.prompt(Prompt(kind: .needsValue, parameter: "duration", text: "For how long?")))),
        SessionEvent(.conversation(.prompt(Prompt(kind: .disambiguation, parameter: "person", text: "Which one: Alex Smith or Alex Jones?",
                                                  options: ["alex-smith", "alex-jones"])))),
        SessionEvent(.conversation(.prompt(Prompt(kind: .confirmation, parameter: nil, text: "Send it?")))),
        SessionEvent(.conversation(.answer("the second one")), utterance: span(12, 13)),
        SessionEvent(.conversation(.card(SummaryCard(title: "Send Message", summary: "Send \"running late\" to Alex Jones",
                                                     fields: [.init(parameter: "person", title: "To", value: "Alex Jones"),
                                                              .init(parameter: "body", title: "Message", value: "running late")])))),
        SessionEvent(.conversation(.reply(Reply(code: .success, text: "Your five minute timer is set.")))),
        SessionEvent(.conversation(.note("handler /usr/bin/false exited with status 1"))),
    ]

    @Test func everyKindHasItsLine() throws {
        let lines = Self.events.map(\.json.serialized).joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["VOICECMD_UPDATE_GOLDEN"] == "1" {
            try lines.write(to: Self.sourceGoldenURL, atomically: false, encoding: .utf8)
            return
        }
        #expect(lines == (try String(contentsOf: Self.goldenURL, encoding: .utf8)))
    }

    /// Every line is one JSON object that Foundation reads back, with the
    /// event's name first.
    @Test func everyLineIsAnObjectNamingItsEvent() throws {
        for event in Self.events {
            let line = event.json.serialized
            #expect(line.hasPrefix(#"{"event":""#))
            #expect(!line.contains("\n"))
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["event"] is String)
        }
    }

    /// The same JSON, whatever the order of an object's members (which a
    /// decoder does not keep).
    static func sameJSON(_ first: String, _ second: String) throws -> Bool {
        let a = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(second.utf8)) as? NSDictionary
        return a != nil && a == b
    }

    /// Events are Codable: a line `--json` printed decodes to the event
    /// that prints it again, and any encoder gives the same members.
    @Test func everyLineReadsBackAsItsEvent() throws {
        for line in try String(contentsOf: Self.goldenURL, encoding: .utf8).split(separator: "\n") {
            let event = try JSONDecoder().decode(SessionEvent.self, from: Data(line.utf8))
            #expect(try Self.sameJSON(event.json.serialized, String(line)), "\(line)")
            let encoded = try JSONEncoder().encode(event)
            #expect(try Self.sameJSON(String(decoding: encoded, as: UTF8.self), String(line)), "\(line)")
            let again = try JSONDecoder().decode(SessionEvent.self, from: encoded)
            #expect(try Self.sameJSON(again.json.serialized, String(line)), "\(line)")
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SessionEvent.self, from: Data(#"{"event":"party"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SessionEvent.self, from: Data(#"{"event":"reply","text":"hi"}"#.utf8)) }
    }
}
