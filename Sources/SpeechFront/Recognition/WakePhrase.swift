import PhraseMatcher

/// A phrase said before a command ("hey computer"), found in two stages:
/// PocketSphinx's keyphrase search, listening to the stream as it comes
/// (`WakeSpotter`), proposes where it may have been said, and the neural
/// recogniser's hearing of that moment (`WakeVerifier`) decides, with the
/// phrase's trained detector (`WakeNetwork`) when there is one.
public struct WakePhrase: Sendable, Equatable {
    /// Lower-case words, one space apart.
    public let words: [String]
    /// How sure a detection must be, from 0 to 1: the second stage's
    /// score of a place the keyphrase search proposed (`CommandRecognizer.verifyWake`): the
    /// share of the phrase's sounds the neural recogniser heard there (1:
    /// all of them, in order), or PocketSphinx's confidence that the place
    /// holds the phrase, whichever is higher; with a trained detector
    /// (`network`), the mean of that and the detector's certainty
    /// (`WakeDetector.score`). Higher wakes
    /// less often on other speech and misses more real phrases. Without
    /// the neural recogniser the keyphrase search decides alone, at
    /// `unverifiedSpottingThreshold`, and this has no effect.
    public var threshold: Double
    /// How much likelier than any run of other sounds the phrase must be
    /// for the keyphrase search to propose it (PocketSphinx's
    /// `kws_threshold`; smaller proposes more) when a second stage checks
    /// what it proposes.
    public var spottingThreshold: Double = defaultSpottingThreshold
    /// The probability of moving from one phone to the next in the loop of
    /// phones the phrase is weighed against (PocketSphinx's `kws_plp`).
    /// Lower makes "any other sounds" a less likely explanation.
    public var phoneLoopProbability: Double = 1e-1
    /// The phrase's trained detector (`voicecmd wake train`), a third
    /// witness heard through the speech embedding; nil without one.
    public var network: WakeNetwork?

    /// On the development set (`voicecmd-bench wake`: "alexa" and
    /// "snowboy" by real speakers in other speech), the lowest score with
    /// no false wake in the short runs for "alexa" (0.70) and one step
    /// above: a vowel changed in a six-phone phrase still passes, a
    /// consonant and a vowel do not.
    public static let defaultThreshold = 0.75

    /// Permissive: a candidate costs one short neural transcription, and
    /// what the search misses no second stage can bring back. Listening
    /// to the stream as it comes (live cepstral mean), 1e-40 proposed
    /// nothing for 4 of 20 real "snowboy"s; 1e-50 proposed all 20, for
    /// two more points of CPU (`voicecmd-bench wake`, short runs).
    public static let defaultSpottingThreshold = 1e-50

    /// The keyphrase search deciding alone: for "hey computer" (ten phones)
    /// the smallest power of ten that kept false wakes at zero in 71
    /// minutes of the development corpora's speech in kitchen noise.
    public static let unverifiedSpottingThreshold = 1e-30

    /// Throws when `text` has no words, or characters no word is made of,
    /// or `threshold` is outside 0...1.
    public init(_ text: String, threshold: Double = defaultThreshold) throws(SpeechError) {
        // One spelling of each letter (NFC), so the phrase names one detector file.
        let words = text.precomposedStringWithCanonicalMapping.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { throw SpeechError("the wake phrase is empty") }
        // Before anything looks the word up: a word too long for any model
        // would otherwise be blamed on a missing pronunciation.
        if let long = words.first(where: { $0.count > TextNormalizer.maximumWordLength }) {
            throw SpeechError("the wake phrase: " + TextNormalizer.tooLong(long))
        }
        if let bad = words.first(where: { !$0.allSatisfy { $0.isLetter || $0 == "'" || $0 == "-" } || !$0.contains(where: \.isLetter) }) {
            throw SpeechError("the wake phrase can hold only words, not \(bad.debugDescription)")
        }
        // The dictionary holds English words and flite guesses only a–z
        // (accents dropped): said before a detector is trained or a search is made.
        if let foreign = words.first(where: {
            !$0.folding(options: .diacriticInsensitive, locale: nil).unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "'" || $0 == "-" }
        }) {
            throw SpeechError("the wake phrase can hold only English words of the letters a–z (accents aside), not \(foreign.debugDescription)")
        }
        guard words.joined(separator: " ").count <= Self.longestText else {
            throw SpeechError("the wake phrase is longer than \(Self.longestText) characters")
        }
        guard threshold >= 0, threshold <= 1 else {
            throw SpeechError("the wake threshold must be from 0 to 1 (like 0.75), not \(threshold)")
        }
        self.words = words
        self.threshold = threshold
    }

    /// The words, one space apart.
    public var text: String { words.joined(separator: " ") }

    /// Characters a phrase may have: a wake phrase is a few words.
    public static let longestText = 60
}

/// Where a wake phrase was heard in an utterance.
public struct WakeDetection: Sendable {
    /// The wake phrase's text (`WakePhrase.text`).
    public var phrase: String
    /// Seconds of the stream; `end` is where the keyphrase search became
    /// sure, which can be before the phrase's last sound ends.
    public var start: Double
    /// Where the keyphrase search became sure, in seconds of the stream.
    public var end: Double
    /// The second stage's score (`WakePhrase.threshold`'s scale); nil when
    /// the keyphrase search decided alone.
    public var confidence: Double?
}
