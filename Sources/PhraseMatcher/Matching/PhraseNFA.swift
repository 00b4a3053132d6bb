/// The phrases of a model as one nondeterministic automaton (Thompson
/// construction), the step before determinisation.
struct PhraseNFA {
    private(set) var transitions: [[(AutomatonLabel, Int32)]] = [[]]
    private(set) var epsilons: [[Int32]] = [[]]
    private(set) var accepts: [[PhraseReference]] = [[]]
    static let start: Int32 = 0

    var stateCount: Int { transitions.count }

    private mutating func newState() -> Int32 {
        transitions.append([])
        epsilons.append([])
        accepts.append([])
        return Int32(transitions.count - 1)
    }

    private mutating func epsilon(_ from: Int32, _ to: Int32) { epsilons[Int(from)].append(to) }

    /// Adds one phrase, starting from the shared start state.
    /// `slotLabel` gives the edge label for a parameter name.
    mutating func add(_ template: PhraseTemplate, as reference: PhraseReference,
                      applicationNames: [[Int32]], slotLabel: (String) -> AutomatonLabel,
                      word: (String) -> Int32) {
        let entry = newState()
        epsilon(Self.start, entry)
        let end = build(template.elements, from: entry, applicationNames: applicationNames, slotLabel: slotLabel, word: word)
        accepts[Int(end)].append(reference)
    }

    private mutating func build(_ elements: [PhraseTemplate.Element], from start: Int32, applicationNames: [[Int32]],
                                slotLabel: (String) -> AutomatonLabel, word: (String) -> Int32) -> Int32 {
        var state = start
        for element in elements {
            switch element {
            case .word(let text):
                let next = newState()
                transitions[Int(state)].append((AutomatonLabel(kind: .word, value: word(text)), next))
                state = next
            case .slot(let name):
                let label = slotLabel(name)
                let next = newState()
                transitions[Int(state)].append((label, next))
                // Free text goes on word by word.
                if label.kind == .freeText { transitions[Int(next)].append((label, next)) }
                state = next
            case .applicationName:
                let join = newState()
                for name in applicationNames {
                    var position = state
                    for id in name {
                        let next = newState()
                        transitions[Int(position)].append((AutomatonLabel(kind: .word, value: id), next))
                        position = next
                    }
                    epsilon(position, join)
                }
                state = join
            case .choice(let alternatives), .optional(let alternatives):
                let join = newState()
                if case .optional = element { epsilon(state, join) }
                for alternative in alternatives {
                    let branch = newState()
                    epsilon(state, branch)
                    epsilon(build(alternative, from: branch, applicationNames: applicationNames, slotLabel: slotLabel, word: word), join)
                }
                state = join
            }
        }
        return state
    }
}
