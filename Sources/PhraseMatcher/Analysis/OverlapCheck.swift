/// Finds phrases of different intents that can match the same words, which
/// `voicecmd check` reports as warnings: the matcher would then have to
/// guess between the intents.
public enum OverlapCheck {
    public static func warnings(for model: CommandModel) -> [Diagnostic] {
        // Slots are labelled by type alone here, so "\(a)" and "\(b)" of the
        // same type count as the same words.
        let matcher = Matcher(model: model, labelSlotsByTypeOnly: true)
        let automaton = matcher.automaton
        var reported: Set<[Int32]> = []
        var warnings: [Diagnostic] = []
        let examples = exampleWords(matcher)
        for state in 0..<automaton.stateCount {
            let references = automaton.accepts[Int(automaton.acceptStart[state])..<Int(automaton.acceptStart[state + 1])]
            guard references.count > 1 else { continue }
            let intents = references.map(\.intent)
            guard reported.insert(intents).inserted else { continue }
            let names = intents.map { model.intents[Int($0)].name }
            let later = references.last!
            let phrase = model.intents[Int(later.intent)].phrases[Int(later.phrase)]
            let example = examples[state] ?? ""
            let message = "intents \(names.joined(separator: " and ")) can match the same words, for example \"\(example)\""
            if var location = phrase.location {
                location.message = message
                warnings.append(location)
            } else {
                warnings.append(Diagnostic(severity: .warning, message: message, file: "", line: 0, column: 0))
            }
        }
        return warnings
    }

    /// One shortest word sequence reaching each state, slots written as <type>.
    private static func exampleWords(_ matcher: Matcher) -> [Int: String] {
        let automaton = matcher.automaton
        var examples: [Int: [String]] = [Int(PhraseAutomaton.start): []]
        var queue = [PhraseAutomaton.start]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            let prefix = examples[Int(state)]!
            var steps: [(String, Int32)] = automaton.wordEdges[Int(state)].map { (matcher.vocabulary.words[Int($0.word)], $0.target) }
            for index in Int(automaton.edgeStart[Int(state)])..<Int(automaton.edgeStart[Int(state) + 1]) {
                let edge = automaton.edges[index]
                steps.append((exampleSlot(matcher, label: edge.label.value), edge.target))
            }
            for (word, target) in steps where examples[Int(target)] == nil {
                examples[Int(target)] = prefix + [word]
                queue.append(target)
            }
        }
        return examples.mapValues { $0.joined(separator: " ") }
    }

    private static func exampleSlot(_ matcher: Matcher, label: Int32) -> String {
        let recognizer = Int(matcher.slotLabels[Int(label)].recognizer)
        for type in matcher.model.intents.flatMap(\.parameters).map(\.type) {
            if matcher.recognizerIndex(of: type) == recognizer { return "<\(type.name)>" }
        }
        return "<value>"
    }
}
