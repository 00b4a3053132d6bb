/// How a command the recogniser heard only the start of goes on: a class
/// language model may end its hypothesis anywhere ("send a message" for
/// "send a message to melissa mitchell"), and the grammar still knows the
/// words that lead to the name and those after it.
extension WordAutomaton {
    /// A way `words` go on to a whole sentence of the automaton through
    /// one of `slots` (words standing for a list, as a class's token):
    /// the words before the slot, the slot, the words after it.
    package struct Completion: Equatable, Sendable {
        package var before: [String]
        package var slot: String
        package var after: [String]
    }

    /// The completions of `words` that pass exactly one slot and need the
    /// fewest words (the slot counting as one), at most `mostWords` words
    /// and `limit` completions; none when there are no `words`, or they
    /// are no start of a sentence or already pass a slot.
    package func completions(of words: [String], through slots: Set<String>, mostWords: Int = 8, limit: Int = 4) -> [Completion] {
        // Nothing heard is nothing to go on from: a command is not made up whole.
        guard !words.isEmpty, let current = states(after: words, excluding: slots) else { return [] }
        let slotIDs = Set(slots.compactMap(wordID))
        guard !slotIDs.isEmpty, mostWords > 0 else { return [] }
        // Breadth first, a word a step. A state is entered at one depth
        // before the slot and one after it (later paths to it are longer),
        // by as many paths as reach it there, up to `widest` a step.
        struct Path { var state: Int32; var said: [Int32]; var slot: Int? }
        var frontier = current.sorted().map { Path(state: $0, said: [], slot: nil) }
        var enteredAt: [Int: Int] = [:]
        for state in current { enteredAt[Int(state) * 2] = 0 }
        var found: [Completion] = []
        for depth in 1...mostWords {
            var next: [Path] = []
            for path in frontier where next.count < Self.widest {
                for arc in arcs[Int(path.state)] where arc.word != Self.epsilon && next.count < Self.widest {
                    let isSlot = slotIDs.contains(arc.word)
                    if isSlot && path.slot != nil { continue }
                    let slot = isSlot ? path.said.count : path.slot
                    for target in epsilonClosure([arc.target]).sorted() where next.count < Self.widest {
                        let key = Int(target) * 2 + (slot == nil ? 0 : 1)
                        guard enteredAt[key, default: depth] == depth else { continue }
                        enteredAt[key] = depth
                        next.append(Path(state: target, said: path.said + [arc.word], slot: slot))
                    }
                }
            }
            for path in next where finals.contains(path.state) {
                guard let slot = path.slot else { continue }
                let said = path.said.map { self.words[Int($0)] }
                let completion = Completion(before: Array(said[..<slot]), slot: said[slot], after: Array(said[(slot + 1)...]))
                if !found.contains(completion) { found.append(completion) }
            }
            if !found.isEmpty || next.isEmpty { break }
            frontier = next
        }
        return Array(found.prefix(limit))
    }

    /// Paths followed a step at most: a grammar's commands are many, the
    /// ways one start goes on few.
    private static var widest: Int { 256 }
}
