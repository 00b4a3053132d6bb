import Foundation
import Testing
@testable import VoiceCommands
import PhraseMatcher

/// Replies read numbers, durations, money, lists and ordinals as people say
/// them: one golden file holds every case, input and spoken form side by side.
/// Regenerate with VOICECMD_UPDATE_GOLDEN=1 after a deliberate change.
struct SpokenFormatTests {
    static let goldenURL = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/Replies/spoken-values.txt")
    static let sourceGoldenURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Replies/spoken-values.txt")

    static func rendered() -> String {
        var lines: [String] = []
        func add(_ section: String, _ cases: [(String, String)]) {
            lines.append("# \(section)")
            for (input, output) in cases { lines.append("\(input) → \(output)") }
            lines.append("")
        }
        add("integers", [0, 1, 7, 13, 25, 105, 999, 2026, 1_000_000, -5].map { (String($0), SpokenFormat.integer($0)) })
        add("numbers", [2.5, 0.5, 3.0, 0.75, 1.25, -1.5, 12.125, 1_234_567.25, 12_345.678, 0.00001, 1e15].map { (String($0), SpokenFormat.number($0)) })
        add("ordinals", [1, 2, 3, 11, 12, 21, 23, 100, 101].map { (String($0), SpokenFormat.ordinal($0)) })
        add("durations", [1, 30, 60, 90, 300, 1800, 3600, 4200, 5400, 7200, 9000, 3661].map {
            ("\($0) s", SpokenFormat.duration(seconds: Double($0)))
        })
        add("durations before a noun", [30, 300, 3600, 5400].map {
            ("\($0) s", SpokenFormat.duration(seconds: Double($0), attributive: true))
        })
        add("money", [(3.5, "USD"), (1, "USD"), (0.5, "USD"), (0.01, "USD"), (3.05, "USD"), (10, "EUR"), (2.05, "GBP"),
                      (1000, "JPY"), (21.99, "USD"), (5, "CHF")].map { ("\($0.0) \($0.1)", SpokenFormat.money(amount: $0.0, code: $0.1)) })
        add("lists", [["Alex Smith"], ["Alex Smith", "Alex Jones"], ["Mom", "Dad", "Grandma"]].map {
            ($0.joined(separator: " | "), SpokenFormat.list($0))
        })
        add("plain text", ["x < y", "Meet at 10:30 or 10:05", "Doors open at 9:00, close 5pm.", "Order #42 & more", "It costs $5, due on the 2nd.", "*bold* <b>tag</b>", "50% off\nnow"].map {
            ($0.replacingOccurrences(of: "\n", with: "\\n"), SpokenFormat.plainText($0))
        })
        let model = CommandModel(application: "Test", types: [
            CustomType(name: "Contact", title: "Contact", kind: .entity([Entity(id: "c1", name: "Alex Smith")])),
            CustomType(name: "Size", title: "Size", kind: .enumeration([EnumCase(identifier: "large", title: "large")])),
        ])
        let renderer = ReplyRenderer(model: model)
        let values: [String: ResolvedValue] = [
            "duration": ResolvedValue(value: .duration(seconds: 300), text: "five minutes"),
            "recipient": ResolvedValue(value: .entity("c1"), text: "alex"),
            "size": ResolvedValue(value: .enumCase("large"), text: "big"),
            "price": ResolvedValue(value: .currency(amount: 3.5, code: "USD"), text: "$3.50"),
            "state": ResolvedValue(value: .boolean(true), text: "on"),
            "place": ResolvedValue(value: .ordinal(2), text: "2nd"),
            "lights": ResolvedValue(value: .boolean(true), text: ""),
        ]
        let fields: [String: ReplyField] = ["orderNumber": .number(42), "eta": .text("10 mins & counting")]
        add("reply templates", [
            "Your \\(duration) timer is set.", "The timer runs for \\(duration).", "I sent it to \\(recipient).",
            "Your \\(size) coffee costs \\(price).", "Turned \\(state).", "You came \\(place).",
            "Order \\(orderNumber) is ready in \\(eta).", "Your \\(missing) order is ready.", "Table #4 **now**: \\(size) <b>done</b>",
            "I'll remind you in \\(duration) from now.", "Lights \\(lights).",
        ].map { ($0, renderer.render($0, values: values, fields: fields)) })
        return lines.joined(separator: "\n")
    }

    @Test func valuesAreSpokenAsInTheGoldenFile() throws {
        let actual = Self.rendered()
        if ProcessInfo.processInfo.environment["VOICECMD_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: Self.sourceGoldenURL, atomically: false, encoding: .utf8)
        }
        let expected = try String(contentsOf: Self.goldenURL, encoding: .utf8)
        #expect(actual == expected)
    }

    @Test func repliesHoldNoDigitsOrSymbols() {
        for line in Self.rendered().split(separator: "\n") where !line.hasPrefix("#") {
            let spoken = line.components(separatedBy: " → ").last ?? ""
            #expect(!spoken.contains(where: { $0.isNumber || "#&*<>%$".contains($0) }), "\(line)")
        }
    }

    @Test func articlesAndAgreement() {
        #expect(SpokenFormat.withIndefiniteArticle("artist") == "an artist")
        #expect(SpokenFormat.withIndefiniteArticle("song") == "a song")
        #expect(SpokenFormat.isPlural("minutes"))
        #expect(SpokenFormat.isPlural("Number of guests"))
        #expect(!SpokenFormat.isPlural("class"))
        #expect(!SpokenFormat.isPlural("status"))
        #expect(!SpokenFormat.isPlural("size"))
    }

    /// A parameter without a title is spoken of in words, not by its identifier.
    @Test func aNameWithoutATitleIsSaidInWords() {
        #expect(Parameter(name: "partySize", type: .integer).title == "party size")
        #expect(Parameter(name: "party_size", type: .integer).title == "party size")
        #expect(Parameter(name: "minutes", type: .integer).title == "minutes")
        #expect(Parameter(name: "room2Light", type: .integer).title == "room2 light")
    }

    /// "I don't know a artist", "the minutes has to be": the replies a
    /// probe heard, now in good English.
    @Test func refusalsUseArticlesAndAgree() async throws {
        let play = try Intent(name: "Play", parameters: [Parameter(name: "artist", type: .custom("Artist"), title: "Artist", prompt: "Who?")],
                              phrases: ["play \\(artist)", "play something"])
        let timer = try Intent(name: "Timer", parameters: [Parameter(name: "minutes", type: .integer, minimum: 1, maximum: 100)],
                               phrases: ["timer for \\(minutes) minutes"])
        let model = CommandModel(application: "Player", types: [CustomType(name: "Artist", title: "Artist", kind: .entity([
            Entity(id: "abba", name: "ABBA")]))], intents: [play, timer])
        let script = ConversationScript(engine: try CommandEngine(model: model))
        #expect(await script.run("play something", answers: ["Zebra Crossing Band", "Zebra Crossing Band"])?.text
                == "Sorry, I don't know an artist called Zebra Crossing Band.")
        #expect(await script.run("timer for two hundred minutes")?.text == "Sorry, the minutes have to be between one and one hundred.")
    }
}
