import PhraseMatcher

/// A grammar spelled out as phones, to read another recogniser's hearing
/// through: the grammar's word sequence whose phones are fewest edits from
/// the phones heard. Moonshine writes what it does not know as words it
/// does ("said a timer", "order a capuccino", "start to work out"); their
/// sounds are still near the command's, and the grammar says which
/// commands there are.
///
/// Each arc of the word automaton becomes a chain of phone edges (the word
/// on its first edge); alignment is a Viterbi search over (phones heard,
/// graph node) with a substitution costing nothing for the same phone,
/// half for one of its kind and one otherwise (`SecondOpinion`'s costs), a
/// phone heard but not in the path one, and a path phone not heard one.
/// A beam around each column's best keeps it to the nodes that matter.
struct GrammarPhoneGraph {
    private var edgeStart: [Int32] = [0]
    private var edgeTarget: [Int32] = []
    /// Phone id, or -1 for an edge that reads nothing.
    private var edgePhone: [Int32] = []
    /// Word id said on the edge, or -1.
    private var edgeWord: [Int32] = []
    private var phoneIDs: [String: Int32] = [:]
    private var phoneKinds: [Int] = []
    private let words: [String]
    private let start: Int32
    private var finals: [Bool]

    /// Costs in half edits.
    private static let sameKind = 1, edit = 2
    /// How many half edits behind a column's best a node may be and live.
    private static let beam = 8
    /// The most phones heard that are read (a command is far shorter).
    static let longestHeard = 120

    /// `phonesOf`: a word's phones (empty for none known: it reads nothing).
    init(_ automaton: WordAutomaton, phonesOf: (String) -> [String]) {
        words = automaton.words
        start = automaton.start
        let wordPhones = automaton.words.map(phonesOf)
        var pending: [[(target: Int32, phone: Int32, word: Int32)]] = Array(repeating: [], count: automaton.arcs.count)
        var nodeCount = Int32(automaton.arcs.count)
        var ids: [String: Int32] = [:]
        var kinds: [Int] = []
        func phoneID(_ phone: String) -> Int32 {
            if let id = ids[phone] { return id }
            let id = Int32(kinds.count)
            ids[phone] = id
            kinds.append(PhoneCodes.kind(of: phone) ?? -1 - Int(id))
            return id
        }
        for (state, arcs) in automaton.arcs.enumerated() {
            for arc in arcs {
                let phones = arc.word == WordAutomaton.epsilon ? [] : wordPhones[Int(arc.word)]
                guard !phones.isEmpty else {
                    pending[state].append((arc.target, -1, arc.word == WordAutomaton.epsilon ? -1 : arc.word))
                    continue
                }
                var from = Int32(state)
                for (index, phone) in phones.enumerated() {
                    let to: Int32
                    if index == phones.count - 1 {
                        to = arc.target
                    } else {
                        to = nodeCount
                        nodeCount += 1
                        pending.append([])
                    }
                    pending[Int(from)].append((to, phoneID(phone), index == 0 ? arc.word : -1))
                    from = to
                }
            }
        }
        for edges in pending {
            for edge in edges {
                edgeTarget.append(edge.target)
                edgePhone.append(edge.phone)
                edgeWord.append(edge.word)
            }
            edgeStart.append(Int32(edgeTarget.count))
        }
        phoneIDs = ids
        phoneKinds = kinds
        finals = Array(repeating: false, count: Int(nodeCount))
        for final in automaton.finals { finals[Int(final)] = true }
    }

    var nodeCount: Int { finals.count }

    /// The grammar's word sequence nearest `heard` (phones), with its edits
    /// (in phones), its own phone count and how many of them were not
    /// heard; nil when there is no path within the beam or nothing was heard.
    func nearest(to heard: [String]) -> (words: [String], edits: Double, phones: Int, skipped: Int)? {
        guard !heard.isEmpty, heard.count <= Self.longestHeard else { return nil }
        // A phone the grammar never uses matches nothing, of no kind.
        let heardIDs = heard.map { phoneIDs[$0] ?? -1 }
        let heardKinds = heard.map { PhoneCodes.kind(of: $0) }
        var trace = Trace()
        var column: [Int32: Cell] = [start: Cell(cost: 0, phones: 0, trace: -1)]
        close(&column, &trace)
        for position in heard.indices {
            var next: [Int32: Cell] = [:]
            func offer(_ node: Int32, _ cell: Cell) {
                if let known = next[node], known.cost <= cell.cost { return }
                next[node] = cell
            }
            for (node, cell) in column {
                // Heard, not in the path.
                offer(node, Cell(cost: cell.cost + Self.edit, phones: cell.phones, skipped: cell.skipped, trace: cell.trace))
                for edge in Int(edgeStart[Int(node)])..<Int(edgeStart[Int(node) + 1]) where edgePhone[edge] >= 0 {
                    let phone = edgePhone[edge]
                    let cost = phone == heardIDs[position] ? 0
                        : (heardKinds[position] != nil && phoneKinds[Int(phone)] == heardKinds[position] ? Self.sameKind : Self.edit)
                    offer(edgeTarget[edge], Cell(cost: cell.cost + cost, phones: cell.phones + 1, skipped: cell.skipped,
                                                 trace: trace.extend(cell.trace, edgeWord[edge])))
                }
            }
            column = next
            close(&column, &trace)
        }
        guard let (_, best) = column.filter({ finals[Int($0.key)] }).min(by: { $0.value.cost < $1.value.cost }) else { return nil }
        return (trace.words(best.trace).map { words[Int($0)] }, Double(best.cost) / 2, best.phones, best.skipped)
    }

    private struct Cell {
        var cost: Int
        /// Path phones so far.
        var phones: Int
        /// Path phones not heard so far.
        var skipped = 0
        var trace: Int32
    }

    /// The words of the paths kept, as a tree of (earlier entry, word).
    private struct Trace {
        private var previous: [Int32] = []
        private var word: [Int32] = []

        mutating func extend(_ trace: Int32, _ said: Int32) -> Int32 {
            guard said >= 0 else { return trace }
            previous.append(trace)
            word.append(said)
            return Int32(word.count - 1)
        }

        func words(_ trace: Int32) -> [Int32] {
            var said: [Int32] = []
            var at = trace
            while at >= 0 {
                said.append(word[Int(at)])
                at = previous[Int(at)]
            }
            return said.reversed()
        }
    }

    /// Path phones not heard (and edges that read nothing) within one
    /// column: a shortest-path closure by cost level (Dial's buckets), then
    /// the beam.
    private func close(_ column: inout [Int32: Cell], _ trace: inout Trace) {
        guard let best = column.values.map(\.cost).min() else { return }
        var buckets = Array(repeating: [Int32](), count: Self.beam + 1)
        for (node, cell) in column where cell.cost - best <= Self.beam { buckets[cell.cost - best].append(node) }
        for level in 0...Self.beam {
            var index = 0
            while index < buckets[level].count {
                let node = buckets[level][index]
                index += 1
                guard let cell = column[node], cell.cost == best + level else { continue }
                for edge in Int(edgeStart[Int(node)])..<Int(edgeStart[Int(node) + 1]) {
                    let skipped = edgePhone[edge] >= 0
                    let cost = cell.cost + (skipped ? Self.edit : 0)
                    guard cost - best <= Self.beam else { continue }
                    let target = edgeTarget[edge]
                    if let known = column[target], known.cost <= cost { continue }
                    column[target] = Cell(cost: cost, phones: cell.phones + (skipped ? 1 : 0), skipped: cell.skipped + (skipped ? 1 : 0),
                                          trace: trace.extend(cell.trace, edgeWord[edge]))
                    buckets[cost - best].append(target)
                }
            }
        }
        column = column.filter { $0.value.cost - best <= Self.beam }
    }
}
