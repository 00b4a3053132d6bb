import Foundation
import Testing
@testable import SpeechFront
@testable import VoiceCommands

@Suite(.enabled(if: SpeechEmbedding.unavailableReason == nil && FileManager.default.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"),
                "the speech embedding or pocketsphinx-en-us is unavailable"))
struct ClipMakerTests {
    static let dictionary = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"

    /// Real synthesis and the real embedding: a clip of the phrase gives the
    /// windows ending just after it (at most three, 80 ms apart) as the
    /// phrase, and those ending half a second or more after it (when the
    /// clip goes on that long) as other sound; a clip of other sound gives
    /// every window as other sound; the same seed gives the same clip.
    @Test func clipsGiveTheirWindows() throws {
        let phrase = try WakePhrase("alexa")
        let words = try WakeTrainingWords(phrase: phrase, dictionary: Self.dictionary)
        let voices = try TrainingVoices()
        let embedding = try SpeechEmbedding()
        let clips = try (UInt64(11)...14).map { seed in
            var maker = ClipMaker(phrase: phrase, words: words, voices: voices, seed: seed)
            return try maker.phraseWindows(embedding)
        }
        func windowsAreInside(_ set: WakeTrainingSet) -> Bool {
            set.embeddings.count % SpeechEmbedding.width == 0
                && (set.positives + set.negatives).allSatisfy { $0 >= 0 && $0 + WakeNetwork.inputWidth <= set.embeddings.count }
        }
        for windows in clips {
            #expect((1...3).contains(windows.positives.count))
            #expect(windowsAreInside(windows))
            // The phrase ends before the windows that say it is over.
            #expect(windows.positives.max()! < (windows.negatives.min() ?? .max))
        }
        #expect(clips.contains { !$0.negatives.isEmpty })
        var again = ClipMaker(phrase: phrase, words: words, voices: voices, seed: 11)
        #expect(try again.phraseWindows(embedding) == clips[0])
        var other = ClipMaker(phrase: phrase, words: words, voices: voices, seed: 12)
        let otherWindows = try other.otherWindows(embedding)
        #expect(otherWindows.positives.isEmpty)
        #expect(otherWindows.negatives.count >= 5)
        #expect(windowsAreInside(otherWindows))
    }

    /// The words to ignore are the ones that share the phrase's sounds.
    @Test func wordsSoundingAlikeShareThePhrasesSounds() throws {
        let words = try WakeTrainingWords(phrase: try WakePhrase("alexa"), dictionary: Self.dictionary)
        #expect(words.phrasePhones == ["AH", "L", "EH", "K", "S", "AH"])
        #expect(words.soundingAlike.contains("alexis"))
        #expect(words.soundingAlike.contains("election"))
        #expect(words.soundingAlike.contains("lexicon"))
        #expect(!words.soundingAlike.contains("coffee"))
        #expect(!words.other.contains("alexa"))
        #expect(words.other.count > 100_000)
        #expect(words.everyday.contains("no") && words.everyday.contains("two"))
        let hey = try WakeTrainingWords(phrase: try WakePhrase("hey computer"), dictionary: Self.dictionary)
        #expect(!hey.everyday.contains("hey") && hey.everyday.contains("hi"))
    }

    /// Words said alone are everyday words half the time, and otherwise
    /// words sounding like the phrase or any word: a detector must not take
    /// any word said alone for the phrase.
    @Test func wordsSaidAloneAreOfEveryKind() throws {
        let phrase = try WakePhrase("snowboy")
        let words = try WakeTrainingWords(phrase: phrase, dictionary: Self.dictionary)
        var maker = ClipMaker(phrase: phrase, words: words, voices: try TrainingVoices(), seed: 3)
        let drawn = (0..<400).map { _ in maker.wordSaidAlone() }
        let everyday = drawn.filter(Set(words.everyday).contains).count
        #expect((150...250).contains(everyday))
        #expect(drawn.contains { Set(words.soundingAlike).contains($0) && !Set(words.everyday).contains($0) })
        #expect(Set(drawn).count > 150)
        #expect(!drawn.contains("snowboy"))
    }

    @Test func echoKeepsTheSoundAndAddsATail() {
        let click = [Float](repeating: 0, count: 100) + [1] + [Float](repeating: 0, count: 100)
        let echoed = RoomEcho(reverberation: 0.5).applied(to: click)
        #expect(echoed.count == click.count + 8_000)
        #expect(echoed[100] == 1)
        let tail = echoed[(100 + 1_500)...].map { Swift.abs($0) }.max() ?? 0
        #expect(tail > 1e-4)
        let finite = echoed.allSatisfy { $0.isFinite }
        #expect(finite)
    }
}
