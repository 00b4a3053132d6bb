import PhraseMatcher

extension CommandRecognizer {
    /// A decode of `segment` as a transcript: its words without fillers,
    /// at their times in the stream, matched by `matcher` (the commands'
    /// by default), and the other hypotheses.
    func makeTranscript(_ decoded: DecodedUtterance, segment: SpeechSegment, mode: SearchMode,
                        matching matcher: Matcher? = nil) -> Transcript {
        let matcher = matcher ?? self.matcher
        let words = decoded.words.filter { !Self.isFiller($0.word) }.map {
            TimedWord(word: Self.stripVariant($0.word), start: segment.start + $0.start, end: segment.start + $0.end)
        }
        let text = words.map(\.word).joined(separator: " ")
        let duration = Double(segment.samples.count) / Double(RecognizerAudio.sampleRate)
        let match = text.isEmpty ? .none("") : matcher.match(NormalizedText(words: words.map(\.word)))
        // Other hypotheses as words, without fillers, each once and never the best one again.
        var alternatives: [String] = []
        for (hypothesis, _) in decoded.alternatives {
            let cleaned = Self.cleanHypothesis(hypothesis)
            if !cleaned.isEmpty, cleaned != text, !alternatives.contains(cleaned) { alternatives.append(cleaned) }
        }
        return Transcript(text: text, start: segment.start, end: segment.start + duration, confidence: 1, words: words,
                          alternatives: Array(alternatives.prefix(max(0, options.nbest - 1))), mode: mode, match: match)
    }

    /// `<s>`, `</s>`, `<sil>`, `[NOISE]`, `++UM++`…
    static func isFiller(_ word: String) -> Bool {
        word.isEmpty || word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("+") || word.hasPrefix("(")
    }

    /// Alternative pronunciations come back as `word(2)`.
    static func stripVariant(_ word: String) -> String {
        guard word.hasSuffix(")"), let open = word.lastIndex(of: "(") else { return word }
        return String(word[..<open])
    }

    static func cleanHypothesis(_ text: String) -> String {
        text.split(separator: " ").map(String.init).filter { !isFiller($0) }.map(stripVariant).joined(separator: " ")
    }
}
