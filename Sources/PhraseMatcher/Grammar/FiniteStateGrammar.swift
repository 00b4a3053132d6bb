/// A word graph as PocketSphinx's finite-state grammar search takes it:
/// numbered states, one start and one final, transitions with a
/// probability and a word (nil for a null transition).
package struct FiniteStateGrammar: Sendable {
    package struct Transition: Sendable, Equatable {
        package var from: Int32
        package var to: Int32
        package var probability: Double
        /// An index into `words`; nil for a transition that reads nothing.
        package var word: Int32?
    }

    package var stateCount: Int
    package var start: Int32
    package var final: Int32
    package var words: [String]
    package var transitions: [Transition]

    /// PocketSphinx's FSG text format (`voicecmd grammar --fsg`, and files for its tools).
    package func text(name: String) -> String {
        var lines = ["FSG_BEGIN \(name)", "NUM_STATES \(stateCount)", "START_STATE \(start)", "FINAL_STATE \(final)"]
        lines.reserveCapacity(transitions.count + 5)
        for transition in transitions {
            let word = transition.word.map { " " + words[Int($0)] } ?? ""
            lines.append("TRANSITION \(transition.from) \(transition.to) \(transition.probability)\(word)")
        }
        lines.append("FSG_END")
        return lines.joined(separator: "\n") + "\n"
    }
}
