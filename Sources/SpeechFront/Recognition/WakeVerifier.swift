import Foundation
/// The second stage of wake-phrase detection: how closely what the neural
/// recogniser heard around a keyphrase candidate sounds like the phrase.
///
/// PocketSphinx's keyphrase search weighs the phrase against a loop of
/// phones: tuned to catch real voices in noise it also fires on other
/// speech with a few of the phrase's sounds ("alex a…", "a lexicon"). An
/// open-vocabulary recogniser that knows nothing of the phrase writes what
/// was said; "Alexa", "snow boy" and "a laxa" are the phrase in sound, "Alex
/// said" is not. Compared as phones, so spelling ("snow-boy", "Snowboy")
/// does not matter.
struct WakeVerifier {
    /// The phrase as phones (dictionary, else letter to sound).
    let phrasePhones: [String]

    /// The stretch of `segment` where the keyphrase search proposed the
    /// phrase (`start`, `end` seconds into it), with `aloneMargin` either
    /// side, as if the phrase had been said alone: the padding an
    /// utterance keeps, and room for the end the search reports before
    /// the phrase's last sound.
    static func phraseAlone(start: Double, end: Double, in segment: SpeechSegment) -> SpeechSegment {
        let rate = Double(RecognizerAudio.sampleRate)
        let count = segment.samples.count
        let from = max(0, min(count, Int((start - aloneMargin) * rate)))
        let to = max(from, min(count, Int((end + aloneMargin) * rate)))
        var alone = SpeechSegment(samples: Array(segment.samples[from..<to]), start: segment.start + Double(from) / rate)
        alone.originalSamples = segment.originalSamples.map { Array($0[from..<to]) }
        return alone
    }
    static let aloneMargin = 0.3

    /// Whether the phrase, `start` to `end` seconds into `samples`, was
    /// said alone: the stretches before and after it (0.3 s and 0.18 s,
    /// kept 0.15 s and 0.12 s off the search's rough bounds, which often
    /// lie inside the word) are each at least `aloneQuiet` dB below the
    /// phrase, on average. PocketSphinx's confidence in the
    /// phrase alone means something only then: cut out of running speech,
    /// other words scored as high as the phrase (0.8).
    static func isSaidAlone(_ samples: [Int16], start: Double, end: Double) -> Bool {
        let rate = Double(RecognizerAudio.sampleRate)
        func power(_ from: Double, _ to: Double) -> Double? {
            let lower = max(0, Int(from * rate)), upper = min(samples.count, Int(to * rate))
            guard upper - lower >= Int(0.05 * rate) else { return nil }
            return samples[lower..<upper].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(upper - lower)
        }
        guard let phrase = power(start, end), phrase > 0 else { return false }
        let quiet = phrase * pow(10, -aloneQuiet / 10)
        let before = power(start - 0.45, start - 0.15), after = power(end + 0.12, end + 0.3)
        return (before ?? 0) < quiet && (after ?? 0) < quiet
    }
    static let aloneQuiet = 10.0

    init(phrase: [String], phonesOf: (String) -> [String]) {
        phrasePhones = phrase.flatMap(phonesOf)
    }

    /// 1 when the phrase's phones appear whole in `heard`'s, falling by
    /// the share of them that must be changed, added or dropped to find
    /// them there; 0 when nothing was heard.
    func score(heard words: [String], phonesOf: (String) -> [String]) -> Double {
        let heard = words.flatMap(phonesOf)
        guard !phrasePhones.isEmpty, !heard.isEmpty else { return 0 }
        return max(0, 1 - Self.editsToFind(phrasePhones, in: heard) / Double(phrasePhones.count))
    }

    /// The fewest edits turning some stretch of `text` into `pattern`
    /// (what comes before and after the stretch is free). One vowel for
    /// another costs half: vowels are what accents and unstressed
    /// syllables change most ("alexa" said /əˈlɛksə/ or /ɪˈlɛksɑ/), and
    /// what spelling a heard word back into phones gets wrong most; the
    /// consonants carry the phrase.
    static func editsToFind(_ pattern: [String], in text: [String]) -> Double {
        guard !text.isEmpty else { return Double(pattern.count) }
        // previous[j]: edits for the pattern so far ending at text[j-1];
        // row 0 is all zeros, so the stretch may start anywhere.
        var previous = [Double](repeating: 0, count: text.count + 1)
        for (row, symbol) in pattern.enumerated() {
            var current = [Double](repeating: Double(row + 1), count: text.count + 1)
            for column in 1...text.count {
                let substitution = previous[column - 1] + substitutionCost(symbol, text[column - 1])
                current[column] = min(substitution, previous[column] + 1, current[column - 1] + 1)
            }
            previous = current
        }
        return previous.min() ?? Double(pattern.count)
    }

    static func substitutionCost(_ a: String, _ b: String) -> Double {
        if a == b { return 0 }
        return vowels.contains(a) && vowels.contains(b) ? 0.5 : 1
    }

    /// The CMU phone set's vowels.
    static let vowels: Set<String> = ["AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW"]
}
