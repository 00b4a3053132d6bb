import Foundation
import Testing
@testable import SpeechFront

/// flite's letter-to-sound rules in-process, where a `t2p` process per word
/// ran 78 s on a long word and outlived a killed voicecmd.
struct LetterToSoundTests {
    @Test func guessesInventedWordsAndLooksUpKnownOnes() {
        #expect(Pronunciations.guess("zorbleflux") == "Z AO R B L F L AH K S")
        #expect(Pronunciations.guess("Cat") == "K AE T")
        #expect(Pronunciations.guess("café") == Pronunciations.guess("cafe"))
    }

    @Test func wordsItCannotReadHaveNoGuess() {
        #expect(Pronunciations.guess("東京") == nil)
        #expect(Pronunciations.guess("") == nil)
        #expect(Pronunciations.guess("r2d2") == nil)
    }

    /// A 10,000-letter word is refused at once rather than guessed for a minute.
    @Test func aWordLongerThanTheLimitIsNotGuessed() {
        let started = Date()
        #expect(Pronunciations.guess(String(repeating: "ab", count: 5_000)) == nil)
        #expect(Pronunciations.guess(String(repeating: "a", count: LetterToSound.maximumLetters)) != nil)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func guessesFromManyThreadsAgree() async {
        let words = (0..<200).map { "blorf\(String(UnicodeScalar(UInt8(97 + $0 % 26))))ington" }
        let serial = words.map(Pronunciations.guess)
        let parallel = await withTaskGroup(of: (Int, String?).self) { group in
            for (index, word) in words.enumerated() { group.addTask { (index, Pronunciations.guess(word)) } }
            var results = [String?](repeating: nil, count: words.count)
            for await (index, phones) in group { results[index] = phones }
            return results
        }
        #expect(parallel == serial)
        #expect(serial.allSatisfy { $0 != nil })
    }
}
