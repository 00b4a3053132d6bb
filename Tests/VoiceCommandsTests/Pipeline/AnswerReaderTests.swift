import Testing
@testable import VoiceCommands
import PhraseMatcher

/// Yes and no the ways people say them; a no anywhere wins.
struct AnswerReaderTests {
    @Test(arguments: ["yes", "Yes.", "yeah sure", "yep", "okay", "go ahead", "that's right", "yes please", "sure, send it", "absolutely", "please do"])
    func yes(_ answer: String) {
        #expect(AnswerReader.yesOrNo(answer) == true)
    }

    @Test(arguments: ["no", "nope", "no thanks", "please don't", "please no", "absolutely not", "certainly not", "right, no",
                      "don't send it", "that's wrong", "yes, no, wait"])
    func no(_ answer: String) {
        #expect(AnswerReader.yesOrNo(answer) == false)
    }

    @Test(arguments: ["please", "maybe", "the blue one", "yes to alex", ""])
    func neither(_ answer: String) {
        #expect(AnswerReader.yesOrNo(answer) == nil)
    }

    @Test(arguments: ["cancel", "never mind", "Never mind.", "stop", "forget it", "please cancel",
                      "Never mind, never mind.", "cancel, cancel", "stop stop", "no, never mind, forget it"])
    func cancel(_ answer: String) {
        #expect(AnswerReader.isCancel(answer))
    }

    @Test(arguments: ["cancel the meeting", "never mind the rain", "stop by the shop", "no", "", "no no"])
    func notCancel(_ answer: String) {
        #expect(!AnswerReader.isCancel(answer))
    }

    @Test func choicesByPositionOrName() {
        let options = [["Alex Smith", "Alex"], ["Alex Jones", "Alex"]]
        #expect(AnswerReader.choice("the second one", among: options) == 1)
        #expect(AnswerReader.choice("the last one", among: options) == 1)
        #expect(AnswerReader.choice("first", among: options) == 0)
        #expect(AnswerReader.choice("Jones", among: options) == 1)
        #expect(AnswerReader.choice("alex smith please", among: options) == 0)
        #expect(AnswerReader.choice("Alex", among: options) == nil, "both are Alex")
        #expect(AnswerReader.choice("the third one", among: options) == nil)
    }
}
