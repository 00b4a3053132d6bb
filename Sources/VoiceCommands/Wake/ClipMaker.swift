import Foundation
import SpeechFront

/// One synthetic training clip, drawn from its own seed (so a training run
/// can be repeated): its embeddings and which of its windows are the phrase.
struct ClipMaker {
    let phrase: WakePhrase
    let words: WakeTrainingWords
    let voices: TrainingVoices
    var generator: SeededGenerator

    init(phrase: WakePhrase, words: WakeTrainingWords, voices: TrainingVoices, seed: UInt64) {
        self.phrase = phrase
        self.words = words
        self.voices = voices
        generator = SeededGenerator(seed: seed)
    }

    static let rate = Double(RecognizerAudio.sampleRate)

    /// The phrase, alone or between other words of the same voice, after
    /// 1.5 s of silence; then more words, silence, or silence and another
    /// voice's words. The windows ending 0 to 0.2 s after its last
    /// sound, where a detector looks, are the phrase; those ending half a
    /// second or more after it are not: the phrase said a while ago is not
    /// the phrase being said, and a detector that never learnt so woke
    /// again on the next words, or dated the phrase a second late.
    mutating func phraseWindows(_ embedding: SpeechEmbedding) throws(SpeechError) -> WakeTrainingSet {
        let voice = try voices.random(using: &generator)
        let said = Self.trimmed(try voice.synthesize(phrase.text))
        guard said.count >= Int(0.15 * Self.rate) else { return WakeTrainingSet() }
        let before: [Int16] = chance(0.5) ? try voice.synthesize(randomWords(1...4))
                                          : silence(0...1)
        // What follows reaches 2.5 s past the phrase: the detector hears 2 s
        // of sound, and one never taught that a phrase at the start of its
        // window is over woke on the words after a real one.
        let after: [Int16]
        switch Double.random(in: 0..<1, using: &generator) {
        case ..<0.35: after = try voice.synthesize(randomWords(1...5))
        case ..<0.65: after = silence(0.25...2.5)
        default: after = silence(0.3...1.5) + (try voices.random(using: &generator).synthesize(randomWords(1...4)))
        }
        let lead = [Int16](repeating: 0, count: Int(1.5 * Self.rate))
        var clip = (lead + before + said + after).map(Float.init)
        let end = lead.count + before.count + said.count
        clip = try finished(clip)
        let embeddings = try embedding.embeddings(of: ClipMaker.samples(clip)[...])
        var phraseEnds: [Int] = [], otherEnds: [Int] = []
        for last in embeddings.indices {
            let windowEnd = last * SpeechEmbedding.step + SpeechEmbedding.span
            if windowEnd >= end, windowEnd <= end + Int(Self.phraseJustEnded * Self.rate) {
                phraseEnds.append(last)
            } else if windowEnd >= end + Int(Self.phraseOver * Self.rate) {
                otherEnds.append(last)
            }
        }
        var windows = WakeTrainingSet()
        windows.add(embeddings, positiveEnds: phraseEnds, negativeEnds: otherEnds)
        return windows
    }
    /// Seconds after the phrase's last sound until which a window is the
    /// phrase, and from which it is not (between them, neither is taught).
    static let phraseJustEnded = 0.2, phraseOver = 0.5

    /// Anything but the phrase, after a second of silence, every window:
    /// words sounding like it (30 %), two to four voices at once (15 %),
    /// words said alone, with pauses (15 %), noise alone (10 %),
    /// or ordinary words.
    mutating func otherWindows(_ embedding: SpeechEmbedding) throws(SpeechError) -> WakeTrainingSet {
        var clip: [Float]
        let kind = Double.random(in: 0..<1, using: &generator)
        if kind < 0.1 {
            clip = noise(count: Int(Double.random(in: 2...4, using: &generator) * Self.rate)).map { $0 * 3_000 }
        } else if kind < 0.4 {
            let text = (0..<Int.random(in: 2...6, using: &generator)).map { _ in
                chance(0.6) && !words.soundingAlike.isEmpty ? words.soundingAlike.randomElement(using: &generator)! : words.other.randomElement(using: &generator)!
            }.joined(separator: " ")
            clip = try voices.random(using: &generator).synthesize(text).map(Float.init)
        } else if kind < 0.55 {
            clip = []
            for _ in 0..<Int.random(in: 2...4, using: &generator) {
                let voice = try voices.random(using: &generator).synthesize(randomWords(4...10)).map(Float.init)
                let peak = voice.map(abs).max() ?? 1
                if clip.count < voice.count { clip += [Float](repeating: 0, count: voice.count - clip.count) }
                for index in voice.indices { clip[index] += voice[index] / max(peak, 1) * 10_000 }
            }
        } else if kind < 0.7, !words.everyday.isEmpty {
            let voice = try voices.random(using: &generator)
            clip = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                clip += try voice.synthesize(wordSaidAlone()).map(Float.init) + silence(0.3...1.2).map(Float.init)
            }
        } else {
            clip = try voices.random(using: &generator).synthesize(randomWords(3...10)).map(Float.init)
        }
        clip = [Float](repeating: 0, count: Int(Self.rate)) + clip
        clip = try finished(clip)
        let embeddings = try embedding.embeddings(of: ClipMaker.samples(clip)[...])
        var windows = WakeTrainingSet()
        windows.add(embeddings, positiveEnds: [], negativeEnds: Array(embeddings.indices))
        return windows
    }

    // MARK: - The parts of a clip

    private mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < probability }

    /// A word people say on its own: an everyday one (half the time), one
    /// sounding like the phrase, or any word (a name, a noun). A word said
    /// alone, pauses around it, is what the phrase looks like too; a
    /// detector that heard only everyday words alone took any longer word
    /// alone for the phrase ("snowboy" woke on "marvin", "four", "alexa").
    mutating func wordSaidAlone() -> String {
        let draw = Double.random(in: 0..<1, using: &generator)
        if draw < 0.5 || (words.soundingAlike.isEmpty && draw < 0.75) { return words.everyday.randomElement(using: &generator)! }
        if draw < 0.75 { return words.soundingAlike.randomElement(using: &generator)! }
        return words.other.randomElement(using: &generator)!
    }

    private mutating func randomWords(_ count: ClosedRange<Int>) -> String {
        (0..<Int.random(in: count, using: &generator)).map { _ in words.other.randomElement(using: &generator)! }.joined(separator: " ")
    }

    private mutating func silence(_ seconds: ClosedRange<Double>) -> [Int16] {
        [Int16](repeating: 0, count: Int(Double.random(in: seconds, using: &generator) * Self.rate))
    }

    /// A level from quiet to loud, a room's echo (30 %), and a background
    /// from 0 to 25 dB below the speech (80 %): steady noise (half of
    /// them), other voices talking (a quarter), or clatter, short bursts
    /// that die away over steady noise (a quarter). Rooms are not steady:
    /// a detector trained on steady noise alone missed eight times as many
    /// real phrases in kitchen noise as quiet (25 % and 3 %, development set).
    private mutating func finished(_ clip: [Float]) throws(SpeechError) -> [Float] {
        var clip = clip
        if chance(0.3) { clip = RoomEcho(reverberation: Double.random(in: 0.2...0.8, using: &generator)).applied(to: clip) }
        let peak = clip.map(abs).max() ?? 0
        guard peak > 0 else { return clip }
        let level = Float(Double.random(in: 0.05...0.9, using: &generator)) * 32_767 / peak
        clip = clip.map { $0 * level }
        guard chance(0.8) else { return clip }
        let kind = Double.random(in: 0..<1, using: &generator)
        let background = kind < 0.5 ? noise(count: clip.count)
                       : kind < 0.75 ? try talking(count: clip.count)
                       : clatter(count: clip.count)
        let power = clip.reduce(0) { $0 + $1 * $1 } / Float(max(1, clip.count))
        let backgroundPower = background.reduce(0) { $0 + $1 * $1 } / Float(max(1, background.count))
        guard backgroundPower > 0 else { return clip }
        let snr = Double.random(in: 0...25, using: &generator)
        let scale = Float((Double(power / backgroundPower) / pow(10, snr / 10)).squareRoot())
        for index in clip.indices { clip[index] += background[index] * scale }
        return clip
    }

    /// One to three synthetic voices saying ordinary words at once, repeated to `count` samples.
    private mutating func talking(count: Int) throws(SpeechError) -> [Float] {
        var mixed = [Float](repeating: 0, count: count)
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let voice = try voices.random(using: &generator).synthesize(randomWords(6...12)).map(Float.init)
            guard !voice.isEmpty else { continue }
            let offset = Int.random(in: 0..<voice.count, using: &generator)
            for index in mixed.indices { mixed[index] += voice[(index + offset) % voice.count] }
        }
        return mixed
    }

    /// Knocks and clinks: bursts of noise, one to six a second, each dying
    /// away in 5 to 60 ms, over steady noise 20 dB down.
    private mutating func clatter(count: Int) -> [Float] {
        var values = noise(count: count).map { $0 * 0.1 }
        let rate = Double(RecognizerAudio.sampleRate)
        let bursts = Int(Double(count) / rate * Double.random(in: 1...6, using: &generator))
        for _ in 0..<bursts {
            let start = Int.random(in: 0..<max(1, count), using: &generator)
            let decay = Double.random(in: 0.005...0.06, using: &generator) * rate
            let loudness = Float(Double.random(in: 0.3...3, using: &generator))
            var index = start
            while index < count, Double(index - start) < 5 * decay {
                values[index] += generator.normal() * loudness * Float(exp(-Double(index - start) / decay))
                index += 1
            }
        }
        return values
    }

    /// Unit-power noise, white, pink or brown (a third each).
    private mutating func noise(count: Int) -> [Float] {
        let colour = Int.random(in: 0..<3, using: &generator)
        var values = (0..<count).map { _ in generator.normal() }
        switch colour {
        case 1: // Pink: Paul Kellet's economical filter.
            var b = [Float](repeating: 0, count: 3)
            for index in values.indices {
                let white = values[index]
                b[0] = 0.99765 * b[0] + white * 0.0990460
                b[1] = 0.96300 * b[1] + white * 0.2965164
                b[2] = 0.57000 * b[2] + white * 1.0526913
                values[index] = b[0] + b[1] + b[2] + white * 0.1848
            }
        case 2: // Brown: leaky integration.
            var last: Float = 0
            for index in values.indices {
                last = 0.98 * last + values[index]
                values[index] = last
            }
        default: break
        }
        let power = values.reduce(0) { $0 + $1 * $1 } / Float(max(1, count))
        let scale = 1 / max(power.squareRoot(), 1e-6)
        return values.map { $0 * scale }
    }

    static func samples(_ clip: [Float]) -> [Int16] {
        clip.map { Int16(max(-32_768, min(32_767, $0.rounded()))) }
    }

    /// The stretch between the first and last sample above 2 % of the peak.
    static func trimmed(_ samples: [Int16]) -> [Int16] {
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        let floor = peak / 50
        guard let first = samples.firstIndex(where: { abs(Int($0)) > floor }),
              let last = samples.lastIndex(where: { abs(Int($0)) > floor }) else { return [] }
        return Array(samples[first...last])
    }
}
