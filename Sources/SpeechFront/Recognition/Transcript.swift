import PhraseMatcher

/// A word heard, with when it was said (seconds from the start of the recording).
public struct TimedWord: Sendable, Equatable {
    /// The word heard.
    public var word: String
    /// When it starts, in seconds.
    public var start: Double
    /// When it ends, in seconds.
    public var end: Double
}

/// One utterance of a recording: what was said, and which command it was.
public struct Transcript: Sendable {
    /// The words heard, one space apart; empty when none.
    public var text: String
    /// Start of the utterance, in seconds from the start of the stream.
    public var start: Double
    /// End of the utterance, in seconds from the start of the stream.
    public var end: Double
    /// 0…1: how well the words explain the audio compared with an
    /// unconstrained phone recogniser (grammar search), or the decoder's
    /// posterior (language-model search).
    public var confidence: Double
    /// The words of `text`, with when each was said.
    public var words: [TimedWord]
    /// Other hypotheses, best first (with `nbest` > 1).
    public var alternatives: [String]
    /// The search that produced the text.
    public var mode: SearchMode
    /// The matched command; nil when the speech fits none (or was rejected).
    public var match: MatchResult?
    /// What the confidence of a grammar result was judged from.
    package var evidence: RecognitionEvidence?
    /// The confidence a command needed, when the words fit one but were
    /// heard with less and the command was rejected; nil otherwise.
    package var rejectedBelow: Double?
}

/// Which search turns audio into words.
public enum SearchMode: String, Sendable, CaseIterable {
    /// The command grammar only: fast and accurate for commands.
    case grammar
    /// The general English language model, then the matcher.
    case lm
    /// The command grammar; free-text intents through the language model;
    /// speech that fits no command is rejected.
    case auto
}
