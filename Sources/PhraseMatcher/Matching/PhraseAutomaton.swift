/// Identifies one example phrase of one intent.
struct PhraseReference: Hashable, Sendable {
    var intent: Int32
    var phrase: Int32
}

/// What an automaton edge consumes: one literal word, the words of a typed
/// slot, or one word of free text. Slot labels carry the parameter name (via
/// `SlotLabel`), so the path taken determines the arguments.
struct AutomatonLabel: Hashable, Sendable {
    enum Kind: UInt8, Sendable { case word, slot, freeText }
    var kind: Kind
    /// A word id for `.word`, an index into the slot labels otherwise.
    var value: Int32
}

/// A parameter name with the recogniser of its type.
struct SlotLabel: Hashable, Sendable {
    var parameter: String
    var recognizer: Int32
}

/// Every phrase of the model merged into one deterministic automaton over
/// labels (subset construction over the phrases' NFA). Common beginnings are
/// shared, so matching follows one path per reading rather than looping over
/// phrases; only slot spans and free text branch. Immutable once built, and
/// a class so the matcher's hot loop reads it without copying.
final class PhraseAutomaton: Sendable {
    /// (state << 32 | word id) → next state.
    let wordTransitions: IntegerTable
    /// Per state, its slot and free-text edges (compressed rows: `edgeStart[s]..<edgeStart[s+1]`).
    let edgeStart: [Int32]
    let edges: [(label: AutomatonLabel, target: Int32)]
    /// Per state, the phrases that end there (at most one per intent).
    let acceptStart: [Int32]
    let accepts: [PhraseReference]
    /// Every edge by state including words, for analyses such as overlap
    /// checks and example generation (not used when matching).
    let wordEdges: [[(word: Int32, target: Int32)]]

    var stateCount: Int { acceptStart.count - 1 }
    static let start: Int32 = 0

    @inline(__always)
    func next(_ state: Int32, word: Int32) -> Int32? {
        wordTransitions[IntegerTable.key(state, word)]
    }

    init(determinizing nfa: PhraseNFA) {
        var wordTransitions = IntegerTable()
        var edgeStart: [Int32] = []
        var edges: [(label: AutomatonLabel, target: Int32)] = []
        var acceptStart: [Int32] = []
        var accepts: [PhraseReference] = []
        var wordEdges: [[(word: Int32, target: Int32)]] = []
        var stateIDs: [[Int32]: Int32] = [:]
        var pending: [[Int32]] = []
        var closure = EpsilonClosure(stateCount: nfa.stateCount)

        func id(of set: [Int32]) -> Int32 {
            if let existing = stateIDs[set] { return existing }
            let new = Int32(pending.count)
            stateIDs[set] = new
            pending.append(set)
            return new
        }
        _ = id(of: closure.of([PhraseNFA.start], in: nfa))

        var current = 0
        edgeStart.append(0)
        acceptStart.append(0)
        while current < pending.count {
            let set = pending[current]
            var labels: [AutomatonLabel] = []
            var targets: [AutomatonLabel: [Int32]] = [:]
            var acceptedIntents: Set<Int32> = []
            var stateAccepts: [PhraseReference] = []
            for nfaState in set {
                for (label, target) in nfa.transitions[Int(nfaState)] {
                    if targets[label] == nil { labels.append(label); targets[label] = [target] } else { targets[label]!.append(target) }
                }
                for reference in nfa.accepts[Int(nfaState)] where acceptedIntents.insert(reference.intent).inserted {
                    stateAccepts.append(reference)
                }
            }
            var words: [(word: Int32, target: Int32)] = []
            for label in labels {
                let target = id(of: closure.of(targets[label]!, in: nfa))
                if label.kind == .word {
                    wordTransitions.insert(target, for: IntegerTable.key(Int32(current), label.value))
                    words.append((label.value, target))
                } else {
                    edges.append((label, target))
                }
            }
            wordEdges.append(words)
            edgeStart.append(Int32(edges.count))
            stateAccepts.sort { ($0.intent, $0.phrase) < ($1.intent, $1.phrase) }
            accepts.append(contentsOf: stateAccepts)
            acceptStart.append(Int32(accepts.count))
            current += 1
        }
        self.wordTransitions = wordTransitions
        self.edgeStart = edgeStart
        self.edges = edges
        self.acceptStart = acceptStart
        self.accepts = accepts
        self.wordEdges = wordEdges
    }
}

/// Epsilon closures with a reusable visited stamp, so each closure costs only
/// the states it reaches.
private struct EpsilonClosure {
    private var stamp: [UInt32]
    private var generation: UInt32 = 0
    private var stack: [Int32] = []

    init(stateCount: Int) { stamp = Array(repeating: 0, count: stateCount) }

    mutating func of(_ seeds: [Int32], in nfa: PhraseNFA) -> [Int32] {
        generation &+= 1
        var result: [Int32] = []
        stack.removeAll(keepingCapacity: true)
        for seed in seeds where stamp[Int(seed)] != generation {
            stamp[Int(seed)] = generation
            stack.append(seed)
        }
        while let state = stack.popLast() {
            result.append(state)
            for next in nfa.epsilons[Int(state)] where stamp[Int(next)] != generation {
                stamp[Int(next)] = generation
                stack.append(next)
            }
        }
        result.sort()
        return result
    }
}
