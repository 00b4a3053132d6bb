import Foundation
import SpeechFront
import Synchronization

/// Trains a phrase's wake detector (`WakeNetwork`) from synthetic speech
/// alone, so any phrase works without a recording session: the phrase said
/// by many synthetic voices at many speeds and pitches, alone or amid other
/// words, quiet or in noise and a room's echo, against the same voices
/// saying words that share its sounds, ordinary words, several voices at
/// once, and noise. The speech embedding underneath was learnt from real
/// voices, which is what lets a detector trained this way hear them.
public struct WakeDetectorTraining: Sendable {
    public let phrase: WakePhrase
    /// Synthetic recordings of the phrase, and of everything else.
    public var phraseClips = 3_000
    public var otherClips = 3_000
    public var seed: UInt64 = 1
    /// Threads making and hearing clips (one network each).
    public var workers = 2

    public init(phrase: WakePhrase) { self.phrase = phrase }

    /// The trained network; `progress` hears what is being done.
    public func run(dictionary: String, progress: @Sendable (String) -> Void = { _ in }) throws(SpeechError) -> WakeNetwork {
        let words = try WakeTrainingWords(phrase: phrase, dictionary: dictionary)
        guard !words.other.isEmpty else { throw SpeechError("the pronunciation dictionary \(dictionary) has no plain words") }
        let voices = try TrainingVoices()
        progress("voices: \(voices.summary); \(words.soundingAlike.count) words sound like \"\(phrase.text)\"")
        let examples = Mutex(TrainingExamples())
        let failure = Mutex<SpeechError?>(nil)
        let done = Mutex(0)
        let total = phraseClips + otherClips
        let workers = max(1, self.workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let embedding: SpeechEmbedding
            do throws(SpeechError) { embedding = try SpeechEmbedding() } catch {
                failure.withLock { $0 = $0 ?? error }
                return
            }
            for index in stride(from: worker, to: total, by: workers) {
                if failure.withLock({ $0 != nil }) { return }
                do throws(SpeechError) {
                    var maker = ClipMaker(phrase: phrase, words: words, voices: voices, seed: seed &+ UInt64(index) &* 0x9E37_79B9)
                    if index < phraseClips {
                        let windows = try maker.phraseWindows(embedding)
                        examples.withLock { $0.positives += windows.flatMap { $0 }; $0.positiveCount += windows.count }
                    } else {
                        let windows = try maker.otherWindows(embedding)
                        examples.withLock { $0.negatives += windows.flatMap { $0 }; $0.negativeCount += windows.count }
                    }
                } catch {
                    // One voice failing one clip (a synthesiser's hiccup) loses that clip only.
                    examples.withLock { $0.failed += 1; $0.lastFailure = error.message }
                }
                let count = done.withLock { $0 += 1; return $0 }
                if count % 500 == 0 { progress("clips: \(count) of \(total)") }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let collected = examples.withLock { $0 }
        if collected.failed > total / 10 {
            throw SpeechError("\(collected.failed) of \(total) training clips failed (last: \(collected.lastFailure ?? "?"))")
        }
        guard collected.positiveCount > 0, collected.negativeCount > 0 else { throw SpeechError("no training examples were made") }
        progress("training on \(collected.positiveCount) windows of the phrase and \(collected.negativeCount) of other sound")
        var trainer = WakeNetworkTrainer()
        trainer.seed = seed
        return trainer.train(phrase: phrase.text, positives: collected.positives, negatives: collected.negatives) { epoch, loss in
            if epoch % 5 == 0 { progress(String(format: "epoch %d: loss %.4f", epoch, loss)) }
        }
    }
}

private struct TrainingExamples: Sendable {
    var positives: [Float] = []
    var negatives: [Float] = []
    var positiveCount = 0
    var negativeCount = 0
    var failed = 0
    var lastFailure: String?
}
