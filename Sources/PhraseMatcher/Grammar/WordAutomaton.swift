/// A finite automaton over words, built from grammar expressions and
/// minimised, so a recognition grammar is as small as its language allows:
/// PocketSphinx's own JSGF compiler copies every rule at every reference,
/// which turns number and duration rules into hundreds of thousands of arcs.
package struct WordAutomaton: Sendable {
    /// Word ids on arcs; `epsilon` for an arc that reads nothing.
    package static let epsilon: Int32 = -1

    package private(set) var words: [String] = []
    private var wordIDs: [String: Int32] = [:]
    /// Arcs per state: (word id or epsilon, target).
    package private(set) var arcs: [[(word: Int32, target: Int32)]] = []
    package private(set) var start: Int32 = 0
    package private(set) var finals: Set<Int32> = []

    package var stateCount: Int { arcs.count }
    package var arcCount: Int { arcs.reduce(0) { $0 + $1.count } }

    init() {}

    mutating func addState() -> Int32 {
        arcs.append([])
        return Int32(arcs.count - 1)
    }

    mutating func wordID(_ word: String) -> Int32 {
        if let id = wordIDs[word] { return id }
        let id = Int32(words.count)
        words.append(word)
        wordIDs[word] = id
        return id
    }

    mutating func addArc(_ from: Int32, _ word: Int32, _ to: Int32) { arcs[Int(from)].append((word, to)) }

    /// Copies `other` in; returns its start and finals as states of `self`.
    mutating func embed(_ other: WordAutomaton) -> (start: Int32, finals: [Int32]) {
        let offset = Int32(arcs.count)
        let ids = other.words.map { wordID($0) }
        for stateArcs in other.arcs {
            arcs.append(stateArcs.map { ($0.word == Self.epsilon ? Self.epsilon : ids[Int($0.word)], $0.target + offset) })
        }
        return (other.start + offset, other.finals.map { $0 + offset })
    }

    /// The same language with `prefix` said first (a wake phrase before a
    /// command, heard in one breath).
    package func prefixed(by prefix: [String]) -> WordAutomaton {
        var result = WordAutomaton()
        var state = result.addState()
        for word in prefix {
            let next = result.addState()
            result.addArc(state, result.wordID(word), next)
            state = next
        }
        let embedded = result.embed(self)
        result.addArc(state, Self.epsilon, embedded.start)
        result.finals = Set(embedded.finals)
        return result
    }

    /// The same language, deterministic and with the fewest states:
    /// determinised, then states with the same future merged (Moore's
    /// partition refinement).
    func minimized() -> WordAutomaton {
        determinized().mergingEquivalentStates()
    }

    /// For a deterministic automaton: splits states into classes by
    /// finality, then by which class each word leads to, until stable.
    private func mergingEquivalentStates() -> WordAutomaton {
        var classOf = (0..<arcs.count).map { finals.contains(Int32($0)) ? 1 : 0 }
        var classCount = Set(classOf).count
        while true {
            var signatures: [[Int]: Int] = [:]
            var next = [Int](repeating: 0, count: arcs.count)
            for state in arcs.indices {
                var signature = [classOf[state]]
                for arc in arcs[state].sorted(by: { $0.word < $1.word }) {
                    signature.append(Int(arc.word))
                    signature.append(classOf[Int(arc.target)])
                }
                if let known = signatures[signature] {
                    next[state] = known
                } else {
                    next[state] = signatures.count
                    signatures[signature] = signatures.count
                }
            }
            classOf = next
            if signatures.count == classCount { break }
            classCount = signatures.count
        }
        var result = WordAutomaton()
        result.words = words
        result.wordIDs = wordIDs
        result.arcs = Array(repeating: [], count: classCount)
        var built = [Bool](repeating: false, count: classCount)
        for state in arcs.indices where !built[classOf[state]] {
            built[classOf[state]] = true
            result.arcs[classOf[state]] = arcs[state].map { ($0.word, Int32(classOf[Int($0.target)])) }
            if finals.contains(Int32(state)) { result.finals.insert(Int32(classOf[state])) }
        }
        result.start = Int32(classOf[Int(start)])
        return result
    }

    /// Subset construction with epsilon closure.
    private func determinized() -> WordAutomaton {
        var result = WordAutomaton()
        result.words = words
        result.wordIDs = wordIDs
        var ids: [[Int32]: Int32] = [:]
        var pending: [[Int32]] = []
        // Closures reuse one visited stamp per state instead of building sets.
        var stamp = [UInt32](repeating: 0, count: arcs.count)
        var generation: UInt32 = 0
        var stack: [Int32] = []
        func closure(_ seeds: [Int32]) -> [Int32] {
            generation &+= 1
            var members: [Int32] = []
            for seed in seeds where stamp[Int(seed)] != generation {
                stamp[Int(seed)] = generation
                stack.append(seed)
            }
            while let state = stack.popLast() {
                members.append(state)
                for arc in arcs[Int(state)] where arc.word == Self.epsilon && stamp[Int(arc.target)] != generation {
                    stamp[Int(arc.target)] = generation
                    stack.append(arc.target)
                }
            }
            members.sort()
            return members
        }
        func id(_ set: [Int32], in result: inout WordAutomaton) -> Int32 {
            if let known = ids[set] { return known }
            let new = result.addState()
            ids[set] = new
            pending.append(set)
            if set.contains(where: finals.contains) { result.finals.insert(new) }
            return new
        }
        result.start = id(closure([start]), in: &result)
        var index = 0
        var targets: [[Int32]] = Array(repeating: [], count: words.count)
        var order: [Int32] = []
        while index < pending.count {
            let set = pending[index]
            for state in set {
                for arc in arcs[Int(state)] where arc.word != Self.epsilon {
                    if targets[Int(arc.word)].isEmpty { order.append(arc.word) }
                    targets[Int(arc.word)].append(arc.target)
                }
            }
            for word in order {
                let target = id(closure(targets[Int(word)]), in: &result)
                result.addArc(Int32(index), word, target)
                targets[Int(word)].removeAll(keepingCapacity: true)
            }
            order.removeAll(keepingCapacity: true)
            index += 1
        }
        return result
    }

    mutating func setStart(_ state: Int32) { start = state }
    mutating func setFinals(_ states: Set<Int32>) { finals = states }

    /// True when the automaton accepts exactly these words.
    package func accepts(_ sentence: [String]) -> Bool {
        states(after: sentence).map { !$0.isDisjoint(with: finals) } ?? false
    }

    /// The states the words lead to from the start (epsilons followed);
    /// nil when they are no start of a sentence. `excluded`: words that
    /// may not be among them.
    func states(after words: [String], excluding excluded: Set<String> = []) -> Set<Int32>? {
        var current: Set<Int32> = epsilonClosure([start])
        for word in words {
            guard let id = wordIDs[word], !excluded.contains(word) else { return nil }
            var next: [Int32] = []
            for state in current { for arc in arcs[Int(state)] where arc.word == id { next.append(arc.target) } }
            current = epsilonClosure(next)
            if current.isEmpty { return nil }
        }
        return current
    }

    /// The word's number, nil for a word the automaton lacks.
    func wordID(_ word: String) -> Int32? { wordIDs[word] }

    func epsilonClosure(_ seeds: [Int32]) -> Set<Int32> {
        var seen = Set(seeds)
        var stack = seeds
        while let state = stack.popLast() {
            for arc in arcs[Int(state)] where arc.word == Self.epsilon && seen.insert(arc.target).inserted { stack.append(arc.target) }
        }
        return seen
    }

    /// The grammar PocketSphinx searches: one start, one final (reached from
    /// every accepting state by a null arc), arc probabilities shared evenly.
    package func finiteStateGrammar() -> FiniteStateGrammar {
        let final = Int32(arcs.count)
        var stateCount = arcs.count + 1
        var transitions: [FiniteStateGrammar.Transition] = []
        for (state, stateArcs) in arcs.enumerated() {
            let from = Int32(state)
            let outgoing = stateArcs.count + (finals.contains(from) ? 1 : 0)
            let probability = 1 / Double(max(1, outgoing))
            // PocketSphinx looks for a duplicate among the arcs between the same
            // two states each time it adds one, so 50,000 one-word entity
            // names between two states took it minutes: arcs beyond
            // `parallelArcLimit` go through a state of their own per group,
            // then on with a word-less arc, which changes neither the language
            // nor a path's score.
            var parallel: [Int32: Int] = [:]
            for arc in stateArcs where arc.word != Self.epsilon { parallel[arc.target, default: 0] += 1 }
            var groups: [Int32: (state: Int32, used: Int)] = [:]
            for arc in stateArcs {
                let word = arc.word == Self.epsilon ? nil : arc.word
                guard word != nil, parallel[arc.target, default: 0] > Self.parallelArcLimit else {
                    transitions.append(.init(from: from, to: arc.target, probability: probability, word: word))
                    continue
                }
                var group = groups[arc.target] ?? (-1, Self.parallelArcLimit)
                if group.used == Self.parallelArcLimit {
                    group = (Int32(stateCount), 0)
                    stateCount += 1
                    transitions.append(.init(from: group.state, to: arc.target, probability: 1, word: nil))
                }
                transitions.append(.init(from: from, to: group.state, probability: probability, word: word))
                groups[arc.target] = (group.state, group.used + 1)
            }
            if finals.contains(from) { transitions.append(.init(from: from, to: final, probability: probability, word: nil)) }
        }
        return FiniteStateGrammar(stateCount: stateCount, start: start, final: final, words: words, transitions: transitions)
    }

    /// PocketSphinx's FSG text format of `finiteStateGrammar()`.
    package func fsgText(name: String) -> String {
        finiteStateGrammar().text(name: name)
    }

    /// The most arcs written between one pair of states.
    static let parallelArcLimit = 64
}
