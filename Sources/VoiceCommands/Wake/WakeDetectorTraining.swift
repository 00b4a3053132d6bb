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
package struct WakeDetectorTraining: Sendable {
    package let phrase: WakePhrase
    /// Synthetic recordings of the phrase, and of everything else.
    package var phraseClips = 3_000
    package var otherClips = 3_000
    package var seed: UInt64 = 1
    /// Threads making and hearing clips (one network each).
    package var workers = 2

    package init(phrase: WakePhrase) { self.phrase = phrase }

    /// The version of what `run` teaches (`WakeNetwork.recipe`): 2 added
    /// the phrase heard a while ago and everyday words said alone as
    /// things that are not the phrase; 3 any word said alone, not only
    /// everyday ones.
    package static let recipe = 3

    /// The trained network; `progress` hears what is being done.
    package func run(dictionary: String, progress: @Sendable (String) -> Void = { _ in }) throws(SpeechError) -> WakeNetwork {
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
                    let windows = index < phraseClips ? try maker.phraseWindows(embedding) : try maker.otherWindows(embedding)
                    examples.withLock { $0.clips[index] = windows }
                } catch {
                    // One voice failing one clip (a synthesiser's hiccup) loses that clip only.
                    examples.withLock { $0.failed += 1; $0.lastFailure = error.message }
                }
                let count = done.withLock { $0 += 1; return $0 }
                if count % 500 == 0 { progress("clips: \(count) of \(total)") }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        var collected = examples.withLock { value in defer { value = TrainingExamples() }; return value }
        if collected.failed > total / 10 {
            throw SpeechError("\(collected.failed) of \(total) training clips failed (last: \(collected.lastFailure ?? "?"))")
        }
        // Joined in clip order, whichever worker finished first: the same seed gives the same network.
        var windows = WakeTrainingSet()
        for index in 0..<total {
            guard let clip = collected.clips.removeValue(forKey: index) else { continue }
            windows.append(clip)
        }
        guard !windows.positives.isEmpty, !windows.negatives.isEmpty else { throw SpeechError("no training examples were made") }
        progress("training on \(windows.positives.count) windows of the phrase and \(windows.negatives.count) of other sound")
        var trainer = WakeNetworkTrainer()
        trainer.seed = seed
        var network = trainer.train(phrase: phrase.text, examples: windows) { epoch, loss in
            if epoch % 5 == 0 { progress(String(format: "epoch %d: loss %.4f", epoch, loss)) }
        }
        network.recipe = Self.recipe
        return network
    }
}

/// Each clip's windows by its index.
private struct TrainingExamples: Sendable {
    var clips: [Int: WakeTrainingSet] = [:]
    var failed = 0
    var lastFailure: String?
}
