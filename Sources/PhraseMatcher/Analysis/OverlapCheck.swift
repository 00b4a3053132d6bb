/// Finds phrases of different intents that can match the same words, which
/// `voicecmd check` reports as warnings: the matcher would then have to
/// guess between the intents.
package enum OverlapCheck {
    package static func warnings(for model: CommandModel) -> [Diagnostic] {
        // Slots are labelled by type alone here, so "\(a)" and "\(b)" of the
        // same type count as the same words.
        let matcher = Matcher(model: model, labelSlotsByTypeOnly: true)
        let automaton = matcher.automaton
        var reported: Set<[Int32]> = []
        var warnings: [Diagnostic] = []
        let examples = ExampleWords(matcher)
        for state in 0..<automaton.stateCount {
            let references = automaton.accepts[Int(automaton.acceptStart[state])..<Int(automaton.acceptStart[state + 1])]
            guard references.count > 1 else { continue }
            let intents = references.map(\.intent)
            // Two applications that can both do it are what "Which app?" is for.
            let applications = Set(intents.map { model.application(of: model.intents[Int($0)]).name })
            guard applications.count == 1 else { continue }
            guard reported.insert(intents).inserted else { continue }
            let names = intents.map { model.intents[Int($0)].name }
            let later = references.last!
            let phrase = model.intents[Int(later.intent)].phrases[Int(later.phrase)]
            let example = examples[state]
            let message = "intents \(names.joined(separator: " and ")) can match the same words, for example \"\(example)\""
            if let location = phrase.location {
                warnings.append(location.reporting(.warning, message))
            } else {
                warnings.append(Diagnostic(severity: .warning, message: message, file: "", line: 0, column: 0))
            }
        }
        return warnings
    }

    /// One shortest word sequence reaching each state, slots written as
    /// <type>: the breadth-first search keeps each state's parent and word,
    /// and a state's words are rebuilt only when it is reported, so memory
    /// stays linear in the automaton however long its phrases are.
    private struct ExampleWords {
        private var parent: [Int32]
        private var word: [String]

        init(_ matcher: Matcher) {
            let automaton = matcher.automaton
            let start = PhraseAutomaton.start
            parent = Array(repeating: -1, count: automaton.stateCount)
            word = Array(repeating: "", count: automaton.stateCount)
            let slotNames = Self.slotNames(matcher)
            var reached = [Bool](repeating: false, count: automaton.stateCount)
            reached[Int(start)] = true
            var queue = [start]
            var head = 0
            while head < queue.count {
                let state = queue[head]
                head += 1
                var steps: [(String, Int32)] = automaton.wordEdges[Int(state)].map { (matcher.vocabulary.words[Int($0.word)], $0.target) }
                for index in Int(automaton.edgeStart[Int(state)])..<Int(automaton.edgeStart[Int(state) + 1]) {
                    let edge = automaton.edges[index]
                    let recognizer = Int(matcher.slotLabels[Int(edge.label.value)].recognizer)
                    steps.append((slotNames[recognizer] ?? "<value>", edge.target))
                }
                for (text, target) in steps where !reached[Int(target)] {
                    reached[Int(target)] = true
                    parent[Int(target)] = state
                    word[Int(target)] = text
                    queue.append(target)
                }
            }
        }

        subscript(state: Int) -> String {
            var words: [String] = []
            var current = Int32(state)
            while current != PhraseAutomaton.start, parent[Int(current)] >= 0 {
                words.append(word[Int(current)])
                current = parent[Int(current)]
            }
            return words.reversed().joined(separator: " ")
        }

        /// "<Type>" for each slot recognizer, named by the first parameter type using it.
        private static func slotNames(_ matcher: Matcher) -> [Int: String] {
            var names: [Int: String] = [:]
            for type in matcher.model.intents.flatMap(\.parameters).map(\.type) {
                guard let recognizer = matcher.recognizerIndex(of: type), names[recognizer] == nil else { continue }
                names[recognizer] = "<\(type.name)>"
            }
            return names
        }
    }
}
