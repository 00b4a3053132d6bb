import Foundation
import Testing
@testable import PhraseMatcher

/// The benchmark model beside the project (../shared/bench): every one of its
/// 500 sentences matches, and a sample matches exactly. Skipped when the
/// benchmark inputs are not there.
let benchDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/bench").standardized
let benchInputsPresent = FileManager.default.fileExists(atPath: benchDirectory.appendingPathComponent("home.json").path)

@Suite(.enabled(if: benchInputsPresent, "../shared/bench is not present"))
struct HomeBenchmarkModelTests {
    let matcher: Matcher

    init() throws {
        matcher = Matcher(model: try ModelLoader.load(path: benchDirectory.appendingPathComponent("home.json").path))
    }

    @Test func everySentenceMatchesTheIntentItsWordsSay() throws {
        let text = try String(contentsOf: benchDirectory.appendingPathComponent("home-sentences.txt"), encoding: .utf8)
        let sentences = text.split(whereSeparator: \.isNewline).map(String.init)
        #expect(sentences.count == 500)
        for sentence in sentences {
            let match = matcher.match(sentence).best
            let words = Set(sentence.split(separator: " "))
            if words.contains("timer"), words.contains("cancel") || words.contains("stop") {
                #expect(match?.intent == "CancelTimer", "\(sentence)")
            } else if words.contains("timer") {
                #expect(match?.intent == "SetTimer", "\(sentence)")
                if case .integer(let minutes)? = match?.argument("minutes")?.value {
                    #expect((1...100).contains(minutes), "\(sentence)")
                } else {
                    Issue.record("no minutes in \(sentence)")
                }
            } else {
                #expect(match?.intent == "ChangeDeviceState", "\(sentence)")
                let state = match?.argument("state")?.value
                #expect(state == .enumCase(words.contains("on") ? "on" : "off"), "\(sentence)")
                if let device = match?.argument("name") {
                    #expect(sentence.contains(device.text), "\(sentence)")
                } else {
                    Issue.record("no device in \(sentence)")
                }
            }
        }
    }

    @Test(arguments: [
        ("turn the bedroom lamp off", "ChangeDeviceState", ["state": SlotValue.enumCase("off"), "name": .entity("bedroom_lamp")]),
        ("turn on hallway light", "ChangeDeviceState", ["state": .enumCase("on"), "name": .entity("hallway_light")]),
        ("switch the soundbar off", "ChangeDeviceState", ["state": .enumCase("off"), "name": .entity("soundbar")]),
        ("switch off the bathroom exhaust fan", "ChangeDeviceState", ["state": .enumCase("off"), "name": .entity("bathroom_exhaust_fan")]),
        ("switch movie night off", "ChangeDeviceState", ["state": .enumCase("off"), "name": .entity("movie_night")]),
        ("ninety minute timer", "SetTimer", ["minutes": .integer(90)]),
        ("start a forty nine minute timer", "SetTimer", ["minutes": .integer(49)]),
        ("set a timer for one hundred minutes", "SetTimer", ["minutes": .integer(100)]),
        ("cancel timer", "CancelTimer", [:]),
    ])
    func sampleMatchesExactly(_ sentence: String, _ intent: String, _ arguments: [String: SlotValue]) throws {
        let match = try #require(matcher.match(sentence).best)
        #expect(match.intent == intent)
        #expect(Dictionary(uniqueKeysWithValues: match.arguments.map { ($0.name, $0.value) }) == arguments)
    }
}
