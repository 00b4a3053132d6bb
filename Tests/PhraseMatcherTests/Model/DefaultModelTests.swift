import DefaultModels
import Testing
@testable import PhraseMatcher

struct DefaultModelTests {
    let model: CommandModel

    init() throws {
        model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName)
    }

    @Test func loadsWithoutWarnings() {
        #expect(model.warnings.isEmpty)
        #expect(OverlapCheck.warnings(for: model).isEmpty)
    }

    @Test func coversTheDomainsOfApplesIntents() {
        for name in ["SendMessage", "StartWorkout", "SearchPhotos", "RequestRide", "OrderCoffee", "NavigateToSection",
                     "OpenLandmark", "FindClosestLandmark", "SetTimer", "CancelTimer", "ChangeDeviceState"] {
            #expect(model.intent(named: name) != nil, "\(name)")
        }
    }

    /// Every way through every phrase, slots filled, matches its own intent.
    @Test func everyPhraseIsMatchable() {
        let matcher = Matcher(model: model)
        var checked = 0
        for intent in model.intents {
            for phrase in intent.phrases {
                for sentence in PhraseExamples.sentences(for: phrase, of: intent, in: model, limit: 200) {
                    let match = matcher.match(sentence).best
                    #expect(match?.intent == intent.name, "\"\(sentence)\" from \(intent.name): \"\(phrase.text)\"")
                    checked += 1
                }
            }
        }
        #expect(checked > 500)
    }

    @Test func examplesFromTheBrief() throws {
        let matcher = Matcher(model: model)
        let timer = try #require(matcher.match("set a timer for five minutes").best)
        #expect(timer.intent == "SetTimer")
        #expect(timer.argument("duration")?.value == .duration(seconds: 300))
        let message = try #require(matcher.match("send a message to Alex saying running late").best)
        #expect(message.intent == "SendMessage")
        #expect(message.argument("recipient")?.value == .ambiguousEntities(["alex-smith", "alex-jones"]))
        #expect(message.argument("content")?.value == .text("running late"))
        #expect(matcher.match("navigate to collections in assistant").best?.argument("section")?.value == .enumCase("collections"))
        #expect(matcher.match("what is the meaning of life").best == nil)
    }
}
