/// A phrase said before a command ("hey computer"), spotted by
/// PocketSphinx's keyphrase search.
public struct WakePhrase: Sendable, Equatable {
    /// Lower-case words, one space apart.
    public let words: [String]
    /// How much likelier the phrase must be than any run of other sounds
    /// (PocketSphinx's `kws_threshold`). Smaller accepts more: longer
    /// phrases need smaller values.
    public var threshold: Double
    /// The probability of moving from one phone to the next in the loop of
    /// phones the phrase is weighed against (PocketSphinx's `kws_plp`).
    /// Lower makes "any other sounds" a less likely explanation.
    public var phoneLoopProbability: Double = 1e-1

    /// For "hey computer" (ten phones) on the development set (the wake
    /// benchmark: the corpora's speech in kitchen noise, synthetic wake
    /// phrases): the smallest power of ten that kept false wakes at zero in
    /// 71 minutes; 1e-20 missed twice as many quiet phrases, 1e-40 woke once.
    public static let defaultThreshold = 1e-30

    /// Throws when `text` has no words, or characters no word is made of.
    public init(_ text: String, threshold: Double = defaultThreshold) throws(SpeechError) {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { throw SpeechError("the wake phrase is empty") }
        if let bad = words.first(where: { !$0.allSatisfy { $0.isLetter || $0 == "'" || $0 == "-" } }) {
            throw SpeechError("the wake phrase can hold only words, not \(bad.debugDescription)")
        }
        guard threshold > 0, threshold <= 1 else {
            throw SpeechError("the wake threshold must be above 0 and at most 1 (like 1e-20), not \(threshold)")
        }
        self.words = words
        self.threshold = threshold
    }

    public var text: String { words.joined(separator: " ") }
}

/// Where a wake phrase was heard in an utterance.
public struct WakeDetection: Sendable {
    public var phrase: String
    /// Seconds of the stream; `end` is where the keyphrase search became
    /// sure, which can be before the phrase's last sound ends.
    public var start: Double
    public var end: Double
}
