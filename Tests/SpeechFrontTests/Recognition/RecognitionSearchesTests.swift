import Foundation
import PhraseMatcher
import Testing
@testable import SpeechFront

/// A search of given words alone (a forced alignment: the words another
/// recogniser heard, a name put right) keeps its one path to the end,
/// however badly it fits, so that the confidence judges the words rather
/// than finding nothing. Real PocketSphinx on espeak-ng's "call james
/// smith": the grammar's beams lost three of these four wordings.
@Suite(.enabled(if: SharedRecognizer.modelInstalled, "needs pocketsphinx-en-us"))
struct RecognitionSearchesTests {
    @Test(arguments: ["call james smith", "call maria lopez", "send a message to david miller", "turn on the kitchen light"])
    func wordsSearchedAloneAreFoundHoweverBadlyTheyFit(_ said: String) throws {
        let recognizer = try SearchDecoderTests.recognizer()
        let segment = try SearchDecoderTests.segment("call-smith-espeak")
        let words = said.split(separator: " ").map(String.init)
        let search = try #require(try recognizer.searches.heardWords(words))
        let decoded = try recognizer.decoder.decode(segment.samples, with: search, nbest: 1)
        #expect(CommandRecognizer.cleanHypothesis(decoded.text).split(separator: " ").map(String.init) == words)
    }

    /// The words said fit better than words nobody said.
    @Test func theWordsSaidFitBest() throws {
        let recognizer = try SearchDecoderTests.recognizer()
        let segment = try SearchDecoderTests.segment("call-smith-espeak")
        func score(_ said: String) throws -> Int {
            let search = try #require(try recognizer.searches.heardWords(said.split(separator: " ").map(String.init)))
            return try recognizer.decoder.decode(segment.samples, with: search, nbest: 1).score
        }
        let right = try score("call james smith")
        #expect(try right > score("send a message to david miller"))
        #expect(try right > score("turn on the kitchen light"))
    }
}
