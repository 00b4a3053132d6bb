import SpeechFront

/// Something that happened in a session, in order: what was heard, the
/// conversation's events (intent, prompts, answers, replies), audio lost.
public struct SessionEvent: Sendable {
    /// What happened, with what it concerns.
    public enum Kind: Sendable {
        /// Listening has started: the audio of `source` is being read.
        case listening(source: String)
        /// The wake phrase was heard (its span is the utterance's): the
        /// command follows in the same breath, or comes next. `confidence`:
        /// the second stage's score (`WakePhrase.threshold`'s scale), nil
        /// when the keyphrase search decided alone.
        case wake(phrase: String, confidence: Double?)
        /// An utterance heard. `accepted` is false when the recogniser
        /// judged it not a command or answer of this model (noise, other
        /// speech): it goes no further.
        case transcript(text: String, confidence: Double, accepted: Bool)
        /// An event of the conversation: intent, prompt, answer, reply and so on.
        case conversation(ConversationEvent)
        /// Frames the bounded audio buffer dropped because decoding fell behind.
        case dropped(frames: Int)
        /// Speech that was not listened to (its span is the event's).
        case ignored(reason: IgnoredReason)
    }

    /// Why speech was not listened to.
    public enum IgnoredReason: String, Sendable {
        /// voicecmd began speaking (`--speak`) while it was said: the
        /// microphone is not heard meanwhile, and half a command must not run.
        case speaking
    }

    /// What happened.
    public var kind: Kind
    /// The utterance the event belongs to, in seconds of the stream; nil for typed text.
    public var utterance: SpeechSpan?

    /// An event of `kind`, for `utterance` (nil for typed text).
    public init(_ kind: Kind, utterance: SpeechSpan? = nil) {
        self.kind = kind
        self.utterance = utterance
    }
}

/// Where an utterance was in the stream, and when the endpointer saw it end.
public struct SpeechSpan: Sendable {
    /// Start of the utterance, in seconds of the stream.
    public var start: Double
    /// End of the utterance, in seconds of the stream.
    public var end: Double
    /// The moment the endpointer decided the utterance was over.
    public var endpointed: ContinuousClock.Instant
    /// How long recognising it took (much of it, with a tentative end,
    /// while the endpointer was still waiting out the trailing silence).
    public var decodingTime: Duration?

    /// The utterance from `start` to `end` seconds of the stream, whose end the
    /// endpointer saw at `endpointed`.
    public init(start: Double, end: Double, endpointed: ContinuousClock.Instant, decodingTime: Duration? = nil) {
        self.start = start
        self.end = end
        self.endpointed = endpointed
        self.decodingTime = decodingTime
    }
}
