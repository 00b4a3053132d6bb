import Testing
@testable import SpeechFront

@Suite struct SecondOpinionTests {
    private func phones(_ word: String) -> [String] {
        (LetterToSound.shared.phones(for: word) ?? "").split(separator: " ").map(String.init)
    }

    private func opinion(said: String, heard: String) -> SecondOpinion {
        SecondOpinion(text: heard, said: said.split(separator: " ").flatMap { phones(String($0)) }, phonesOf: phones)
    }

    @Test func theCommandHeardAsWrittenIsNoDistance() {
        let same = opinion(said: "turn off the kitchen light", heard: "Turn off the kitchen light.")
        #expect(same.distance == 0)
        #expect(same.extra == 0)
    }

    /// Near misses stay near: a neural recogniser writes what it knows.
    @Test func homophonesAndNearMissesAreClose() {
        #expect(opinion(said: "book a ride", heard: "Book arrived.").distance < 0.5)
        #expect(opinion(said: "set a timer for five minutes", heard: "Set a timer for 5 minutes").distance == 0)
    }

    /// A wake phrase or a "please" around the command costs nothing in
    /// distance; it shows as extra speech.
    @Test func wordsAroundTheCommandAreExtraNotDistance() {
        let wrapped = opinion(said: "turn on the living room lamp", heard: "Okay, turn on the living room lamp please.")
        #expect(wrapped.distance == 0)
        #expect(wrapped.extra > 0.2 && wrapped.extra < 0.5)
    }

    /// Other speech the grammar was laid over is far from the command.
    @Test func otherSpeechIsFar() {
        #expect(opinion(said: "brew a coffee", heard: "Right.").distance > 0.6)
        let order = opinion(said: "ninety nine minute timer", heard: "Can I have a light roast twelve ounce coffee?")
        #expect(order.distance > 0.5)
        #expect(order.extra > 0.3)
        #expect(opinion(said: "show map", heard: "").distance == 1)
    }

    @Test func theLocalDistanceFindsTheBestStretch() {
        #expect(SecondOpinion.localEditDistance(["a", "b"], within: ["x", "a", "b", "y"]) == 0)
        #expect(SecondOpinion.localEditDistance(["a", "b", "c"], within: ["a", "x", "c"]) == 1)
        #expect(SecondOpinion.localEditDistance(["B", "AA", "T"], within: ["P", "AA", "T"]) == 0.5, "a stop for a stop")
        #expect(SecondOpinion.localEditDistance(["B", "AA", "T"], within: ["M", "AA", "T"]) == 1)
        #expect(SecondOpinion.localEditDistance(["a", "b"], within: []) == 2)
        #expect(SecondOpinion.localEditDistance([], within: ["a"]) == 0)
    }

    /// A stretch tied to the start or the end of what was heard, and where
    /// the cheapest stretch ends.
    @Test func aFitMayBeTiedToTheStartOrTheEnd() {
        let heard = ["a", "b", "c", "d"]
        #expect(SecondOpinion.fit(["b", "c"], within: heard) == (0, 3))
        #expect(SecondOpinion.fit(["b", "c"], within: heard, fromStart: true) == (1, 3), "a left out before")
        #expect(SecondOpinion.fit(["b", "c"], within: heard, toEnd: true) == (1, 4), "d left out after")
        #expect(SecondOpinion.fit(["b", "c"], within: heard, fromStart: true, toEnd: true) == (2, 4))
        #expect(SecondOpinion.fit(["a", "b"], within: []) == (2, 0))
    }
}
