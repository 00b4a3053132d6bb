/// The recognition grammar of a model as one minimal word automaton: the
/// language of `JSGFGrammar`, compiled rule by rule (each rule minimised
/// once and copied where it is referenced) so number, duration and money
/// rules stay small.
package enum RecognitionGrammar {

    private static func failure(_ message: String) -> ModelLoadError {
        ModelLoadError(diagnostics: [Diagnostic(severity: .error, message: message, file: "recognition grammar", line: 0, column: 1)])
    }

    package static func automaton(for grammar: JSGFGrammar) throws(ModelLoadError) -> WordAutomaton {
        let rules = JSGFRules(grammar.text)
        guard let root = rules.publicRules.first else { throw Self.failure("the grammar has no public rule") }
        var compiled: [String: WordAutomaton] = [:]
        var inProgress: Set<String> = []
        return try compile(rule: root, rules: rules, compiled: &compiled, inProgress: &inProgress)
    }

    private static func compile(rule name: String, rules: JSGFRules, compiled: inout [String: WordAutomaton],
                                inProgress: inout Set<String>) throws(ModelLoadError) -> WordAutomaton {
        if let done = compiled[name] { return done }
        guard let body = rules.rules[name] else { throw Self.failure("rule <\(name)> is used but not defined") }
        guard inProgress.insert(name).inserted else { throw Self.failure("rule <\(name)> refers to itself") }
        var automaton = WordAutomaton()
        let start = automaton.addState()
        automaton.setStart(start)
        let end = try build(body, from: start, into: &automaton, rules: rules, compiled: &compiled, inProgress: &inProgress,
                            current: (name, start))
        automaton.setFinals(end.map { [$0] } ?? [])
        let minimal = automaton.minimized()
        inProgress.remove(name)
        compiled[name] = minimal
        return minimal
    }

    /// Adds `expression` after `state`; returns the state after it, or nil
    /// when nothing can follow (`<VOID>`).
    private static func build(_ expression: JSGFRules.Expression, from state: Int32, into automaton: inout WordAutomaton,
                              rules: JSGFRules, compiled: inout [String: WordAutomaton],
                              inProgress: inout Set<String>, current: (name: String, start: Int32)) throws(ModelLoadError) -> Int32? {
        switch expression {
        case .void:
            return nil
        case .word(let word):
            let next = automaton.addState()
            automaton.addArc(state, automaton.wordID(word), next)
            return next
        case .rule(let name) where name == current.name:
            // Right recursion (`<digits> = <digit> [<digits>]`): loop back to
            // the rule's start; the rule's own end is where the path finishes.
            automaton.addArc(state, WordAutomaton.epsilon, current.start)
            return nil
        case .rule(let name):
            let sub = try compile(rule: name, rules: rules, compiled: &compiled, inProgress: &inProgress)
            let (subStart, subFinals) = automaton.embed(sub)
            let join = automaton.addState()
            automaton.addArc(state, WordAutomaton.epsilon, subStart)
            for final in subFinals { automaton.addArc(final, WordAutomaton.epsilon, join) }
            return join
        case .sequence(let parts):
            var position = state
            for part in parts {
                guard let next = try build(part, from: position, into: &automaton, rules: rules, compiled: &compiled,
                                           inProgress: &inProgress, current: current) else { return nil }
                position = next
            }
            return position
        case .alternatives(let options):
            let join = automaton.addState()
            var any = false
            for option in options {
                let branch = automaton.addState()
                automaton.addArc(state, WordAutomaton.epsilon, branch)
                if let end = try build(option, from: branch, into: &automaton, rules: rules, compiled: &compiled, inProgress: &inProgress, current: current) {
                    automaton.addArc(end, WordAutomaton.epsilon, join)
                    any = true
                }
            }
            return any ? join : nil
        case .optional(let inner):
            let join = automaton.addState()
            automaton.addArc(state, WordAutomaton.epsilon, join)
            if let end = try build(inner, from: state, into: &automaton, rules: rules, compiled: &compiled, inProgress: &inProgress, current: current) {
                automaton.addArc(end, WordAutomaton.epsilon, join)
            }
            return join
        case .repeated(let inner, let atLeastOnce):
            let loop = automaton.addState()
            automaton.addArc(state, WordAutomaton.epsilon, loop)
            guard let end = try build(inner, from: loop, into: &automaton, rules: rules, compiled: &compiled, inProgress: &inProgress, current: current) else {
                return atLeastOnce ? nil : loop
            }
            automaton.addArc(end, WordAutomaton.epsilon, loop)
            if atLeastOnce {
                let after = automaton.addState()
                automaton.addArc(end, WordAutomaton.epsilon, after)
                return after
            }
            return loop
        }
    }
}
