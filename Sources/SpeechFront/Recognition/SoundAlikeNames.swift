import PhraseMatcher

/// A name heard may be one of a few: the list holds names said the same
/// way ("Teresa Fernandez", "Theresa Fernandez"), which no
/// recogniser can tell apart. Picking one would act on a name nobody may
/// have meant; SiriKit resolves a person it cannot single out by asking
/// which (`SlotValue.ambiguousEntities`, a disambiguation: "the first
/// one" answers it), and so does voicecmd.
extension CommandRecognizer {
    /// `transcript` with each entity named in its command opened to the
    /// names said with the same phones, at most `mostOffered`, the one
    /// heard first.
    func offeringSoundAlikes(_ transcript: Transcript) -> Transcript {
        guard let result = transcript.match, var best = result.best,
              matcher.model.intents.indices.contains(best.intentIndex) else { return transcript }
        let intent = matcher.model.intents[best.intentIndex]
        let words = transcript.words.map(\.word)
        var changed = false
        for (position, argument) in best.arguments.enumerated() {
            let heard: [String]
            switch argument.value {
            case .entity(let id): heard = [id]
            case .ambiguousEntities(let ids): heard = ids  // contacts of one name, twins of it beside them
            default: continue
            }
            guard argument.wordRange.upperBound <= words.count,
                  let type = intent.parameters.first(where: { $0.name == argument.name })?.type.name,
                  let alike = searches.soundAlikeWords(ofType: type) else { continue }
            var ids = heard
            for other in alike.spellings(of: Array(words[argument.wordRange]), limit: Self.mostOffered) {
                var said = words
                said.replaceSubrange(argument.wordRange, with: other)
                guard let reading = matcher.match(NormalizedText(words: said)).exactReading, reading.intent == best.intent,
                      reading.application == best.application else { continue }
                switch reading.argument(argument.name)?.value {
                case .entity(let found): if !ids.contains(found) { ids.append(found) }
                case .ambiguousEntities(let found): ids += found.filter { !ids.contains($0) }
                default: continue
                }
            }
            guard ids.count > heard.count else { continue }
            best.arguments[position].value = .ambiguousEntities(Array(ids.prefix(Self.mostOffered)))
            changed = true
        }
        guard changed else { return transcript }
        var opened = transcript
        opened.match = MatchResult(text: result.text, candidates: [best] + result.candidates.dropFirst())
        return opened
    }

    /// The most names a question offers: more are not remembered when heard.
    static let mostOffered = 4
}
