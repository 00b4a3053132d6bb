/// The value of one parameter found in an utterance.
public struct Argument: Sendable, Hashable {
    /// The parameter it is the value of.
    public var name: String
    /// The value, typed.
    public var value: SlotValue
    /// The words of the utterance it came from, as originally written.
    public var text: String
    /// Which normalised words it covers.
    public var wordRange: Range<Int>
    /// Outside the parameter's min/max: the resolve stage refuses it.
    public var isOutOfRange: Bool

    /// An argument of parameter `name`; `wordRange` is which normalised words it covers.
    public init(name: String, value: SlotValue, text: String, wordRange: Range<Int> = 0..<0, isOutOfRange: Bool = false) {
        self.name = name
        self.value = value
        self.text = text
        self.wordRange = wordRange
        self.isOutOfRange = isOutOfRange
    }
}

/// An intent that fits the whole utterance, with its arguments.
public struct Match: Sendable {
    /// The intent's name.
    public var intent: String
    /// The application the intent belongs to.
    public var application: String
    /// Which of the model's intents, by position.
    public var intentIndex: Int
    /// Which example phrase of the intent fitted.
    public var phraseIndex: Int
    /// 0…1: how much of the utterance fitted literal words and typed values
    /// rather than free text or fillers, shared between equally good readings.
    public var confidence: Double
    /// In the order of the intent's parameters.
    public var arguments: [Argument]
    /// Fits exactly as well as the best candidate (true of the best too).
    public var isTiedWithBest = false

    /// A match of intent `intent` of `application` (an intent read back from JSON has positions 0 and confidence 1).
    public init(intent: String, application: String, intentIndex: Int = 0, phraseIndex: Int = 0, confidence: Double = 1,
                arguments: [Argument], isTiedWithBest: Bool = false) {
        self.intent = intent
        self.application = application
        self.intentIndex = intentIndex
        self.phraseIndex = phraseIndex
        self.confidence = confidence
        self.arguments = arguments
        self.isTiedWithBest = isTiedWithBest
    }

    /// The argument of parameter `name`; nil when the utterance did not give it.
    public func argument(_ name: String) -> Argument? { arguments.first { $0.name == name } }

    /// Some argument is free text.
    public var hasFreeText: Bool { arguments.contains { if case .text = $0.value { true } else { false } } }

    /// The same intent of the same application with the same values,
    /// however either was worded ("order large latte", "order a large latte").
    public func isSameCommand(as other: Match) -> Bool {
        application == other.application && intent == other.intent
            && arguments.map { [$0.name: $0.value] } == other.arguments.map { [$0.name: $0.value] }
    }
}

/// Everything the matcher found for one utterance.
public struct MatchResult: Sendable {
    /// The utterance as given.
    public var text: String
    /// Every intent that fits, best first; empty when nothing fits.
    public var candidates: [Match]
    /// The best candidate; nil when no intent fits.
    public var best: Match? { candidates.first }

    /// The applications of the candidates that fit equally best, when more
    /// than one: the utterance leaves open which application it is for.
    public var tiedApplications: [String] {
        var names: [String] = []
        for candidate in candidates where candidate.isTiedWithBest && !names.contains(candidate.application) {
            names.append(candidate.application)
        }
        return names.count > 1 ? names : []
    }

    /// The best reading when it is the only one that good and says the
    /// whole command in the phrase's own words and typed values (fillers
    /// aside): no free text, nothing out of range. What another
    /// recogniser's words must be to count as a command of their own.
    public var exactReading: Match? {
        guard let best, candidates.count(where: \.isTiedWithBest) == 1, !best.arguments.contains(where: \.isOutOfRange),
              !best.hasFreeText else { return nil }
        return best
    }

    /// The result for `text`, candidates best first.
    public init(text: String, candidates: [Match]) {
        self.text = text
        self.candidates = candidates
    }

    /// Nothing matched (or the speech was rejected).
    public static func none(_ text: String) -> MatchResult { MatchResult(text: text, candidates: []) }
}
