import Testing
@testable import PhraseMatcher

/// A model exercising every slot type, loaded from text the way files are.
let typesModelText = #"""
{
  "application": "Kitchen",
  "applicationSynonyms": ["the kitchen app"],
  "fillers": ["please", "can you", "could you"],
  "types": {
    "Room": { "kind": "enum", "cases": {
      "kitchen": { "title": "Kitchen", "synonyms": ["cooking area"] },
      "livingRoom": { "title": "Living room", "synonyms": ["lounge"] } } },
    "Contact": { "kind": "entity", "entities": [
      { "id": "c1", "name": "Alex Smith", "synonyms": ["Alex"] },
      { "id": "c2", "name": "Alex Jones", "synonyms": ["Alex"] },
      { "id": "c3", "name": "Sam Lee" } ] }
  },
  "intents": {
    "SetTimer": {
      "parameters": { "duration": { "type": "duration" }, "label": { "type": "string", "required": false } },
      "phrases": ["set a timer for \(duration)", "(start|set) a \(duration) timer [called \(label)]"]
    },
    "Clean": { "parameters": { "room": { "type": "Room" } }, "phrases": ["clean the \(room)"] },
    "Send": {
      "parameters": { "recipient": { "type": "Contact" }, "content": { "type": "string" } },
      "phrases": ["send a message to \(recipient) saying \(content)", "tell \(recipient) that \(content)"]
    },
    "Order": {
      "parameters": { "quantity": { "type": "integer", "min": 1, "max": 10 }, "price": { "type": "currency" } },
      "phrases": ["order \(quantity) pizzas [for \(price)]"]
    },
    "Scale": { "parameters": { "factor": { "type": "number" } }, "phrases": ["scale by \(factor)"] },
    "Pick": { "parameters": { "position": { "type": "ordinal" } }, "phrases": ["pick the \(position) [one]"] },
    "Power": { "parameters": { "state": { "type": "boolean" } }, "phrases": ["turn \(state) the oven"] },
    "Open": { "phrases": ["open \(.applicationName)"] }
  }
}
"""#

struct MatcherTests {
    let matcher: Matcher

    init() throws {
        matcher = Matcher(model: try ModelLoader.load(text: typesModelText, name: "types.json"))
    }

    func best(_ text: String) -> Match? { matcher.match(text).best }

    @Test func matchesLiteralPhrasesWithTypedSlots() throws {
        let match = try #require(best("set a timer for five minutes"))
        #expect(match.intent == "SetTimer")
        #expect(match.argument("duration")?.value == .duration(seconds: 300))
        #expect(match.argument("duration")?.text == "five minutes")
        #expect(match.confidence > 0.9)
    }

    /// Another recogniser's words count as a command only when they say
    /// one whole command in the phrase's words and values.
    @Test func anExactReadingHasNoFreeTextTieOrValueOutOfRange() {
        #expect(matcher.match("set a timer for five minutes please").exactReading?.intent == "SetTimer")
        #expect(matcher.match("clean the lounge").exactReading?.argument("room")?.value == .enumCase("livingRoom"))
        #expect(matcher.match("send a message to sam lee saying hello").exactReading == nil, "free text")
        #expect(matcher.match("order 12 pizzas").exactReading == nil, "out of range")
        #expect(matcher.match("open the kitchen app").exactReading?.intent == "Open")
        #expect(matcher.match("clean the garage").exactReading == nil)
    }

    @Test func matchesEnumTitlesAndSynonyms() {
        #expect(best("clean the lounge")?.argument("room")?.value == .enumCase("livingRoom"))
        #expect(best("Clean the Living Room.")?.argument("room")?.value == .enumCase("livingRoom"))
        #expect(best("clean the cooking area")?.argument("room")?.value == .enumCase("kitchen"))
    }

    @Test func entitiesSharingANameAreAmbiguous() {
        let match = best("tell alex that I'm late")
        #expect(match?.argument("recipient")?.value == .ambiguousEntities(["c1", "c2"]))
        #expect(match?.argument("content")?.value == .text("I'm late"))
        #expect(best("tell Alex Jones that hi")?.argument("recipient")?.value == .entity("c2"))
    }

    @Test func freeTextKeepsTheOriginalCharacters() {
        let match = best("Send a message to Sam Lee saying Hello there, to you!")
        #expect(match?.intent == "Send")
        #expect(match?.argument("content")?.value == .text("Hello there, to you!"))
        #expect(match?.argument("recipient")?.value == .entity("c3"))
    }

    @Test func optionalFreeTextSlot() {
        let match = best("start a 10 minute timer called pasta water")
        #expect(match?.argument("duration")?.value == .duration(seconds: 600))
        #expect(match?.argument("label")?.value == .text("pasta water"))
        #expect(best("set a one hour timer")?.argument("label") == nil)
    }

    @Test func numbersInDigitsAndWords() {
        #expect(best("order 7 pizzas")?.argument("quantity")?.value == .integer(7))
        #expect(best("order seven pizzas")?.argument("quantity")?.value == .integer(7))
        #expect(best("order three pizzas for twenty dollars and fifty cents")?.argument("price")?.value
                == .currency(amount: 20.5, code: "USD"))
        #expect(best("scale by 2.5")?.argument("factor")?.value == .number(2.5))
        #expect(best("scale by one and a half")?.argument("factor")?.value == .number(1.5))
        #expect(best("pick the 3rd one")?.argument("position")?.value == .ordinal(3))
        #expect(best("pick the twenty first")?.argument("position")?.value == .ordinal(21))
        #expect(best("turn off the oven")?.argument("state")?.value == .boolean(false))
    }

    @Test func outOfRangeValuesAreMatchedAndFlagged() {
        let match = best("order 12 pizzas")
        #expect(match?.intent == "Order")
        #expect(match?.argument("quantity")?.isOutOfRange == true)
        #expect(best("order 10 pizzas")?.argument("quantity")?.isOutOfRange == false)
    }

    @Test func fillersAtTheStartOrEnd() {
        #expect(best("please clean the kitchen")?.intent == "Clean")
        #expect(best("could you please clean the kitchen please")?.intent == "Clean")
        #expect(best("clean please the kitchen") == nil)
    }

    @Test func applicationNameAndSynonyms() {
        #expect(best("open kitchen")?.intent == "Open")
        #expect(best("open the kitchen app")?.intent == "Open")
    }

    @Test func sentencesThatFitNoPhraseMatchNothing() {
        for text in ["what is the meaning of life", "clean the garage", "set a timer", "set a timer for five",
                     "order pizzas", "", "timer", "clean the kitchen now"] {
            #expect(best(text) == nil, "\(text)")
        }
    }

    @Test func allCandidatesAreRanked() throws {
        let model = try ModelLoader.load(text: """
            {"application": "A", "intents": {
              "Search": {"parameters": {"query": {"type": "string"}}, "phrases": ["search \\(query)"]},
              "SearchPhotos": {"phrases": ["search photos"]}}}
            """, name: "m.json")
        let result = Matcher(model: model).match("search photos")
        #expect(result.candidates.map(\.intent) == ["SearchPhotos", "Search"])
        #expect(result.candidates[0].confidence > result.candidates[1].confidence)
    }
}
