@testable import PhraseMatcher

/// Test helper over the grammar reader the recogniser uses (`JSGFRules`):
/// random sentences of a rule, and every place a rule can end in a word
/// sequence — so tests can hold grammars and parsers to the same language.
struct JSGFSampler {
    typealias Expression = JSGFRules.Expression
    let rules: JSGFRules
    private var generator: SplitMix

    init(_ grammar: String, seed: UInt64 = 42) {
        rules = JSGFRules(grammar)
        generator = SplitMix(state: seed)
    }

    /// The rules of a built-in type, as a grammar.
    init(rules: [JSGFRule], seed: UInt64 = 42) {
        self.init(rules.map { "<\($0.name)> = \($0.body);" }.joined(separator: "\n"), seed: seed)
    }

    mutating func sample(_ rule: String) -> [String] {
        var words: [String] = []
        expand(.rule(rule), into: &words, depth: 0)
        return words
    }

    mutating func random(below limit: Int) -> Int { Int(generator.next() % UInt64(limit)) }

    private mutating func expand(_ expression: Expression, into words: inout [String], depth: Int) {
        switch expression {
        case .void: break
        case .word(let word): words.append(word)
        case .rule(let name): if let body = rules.rules[name] { expand(body, into: &words, depth: depth + 1) }
        case .sequence(let parts): for part in parts { expand(part, into: &words, depth: depth) }
        case .alternatives(let options): expand(options[random(below: options.count)], into: &words, depth: depth)
        case .optional(let inner):
            // Recursive rules (digits) stop ever sooner.
            if random(below: 10) < (depth > 12 ? 2 : 6) { expand(inner, into: &words, depth: depth) }
        case .repeated(let inner, let atLeastOnce):
            for _ in 0..<(random(below: 3) + (atLeastOnce ? 1 : 0)) { expand(inner, into: &words, depth: depth) }
        }
    }

    /// Every index where rule `name` can end when matched on `words` from index 0.
    func ends(of name: String, _ words: [String]) -> Set<Int> {
        var memo: [Int: [String: Set<Int>]] = [:]
        return ends(.rule(name), words, from: 0, memo: &memo)
    }

    private func ends(_ expression: Expression, _ words: [String], from start: Int, memo: inout [Int: [String: Set<Int>]]) -> Set<Int> {
        switch expression {
        case .void: return []
        case .word(let word): return start < words.count && words[start] == word ? [start + 1] : []
        case .rule(let name):
            if let known = memo[start]?[name] { return known }
            guard let body = rules.rules[name] else { return [] }
            let found = ends(body, words, from: start, memo: &memo)
            memo[start, default: [:]][name] = found
            return found
        case .sequence(let parts):
            var positions: Set<Int> = [start]
            for part in parts {
                var next: Set<Int> = []
                for position in positions { next.formUnion(ends(part, words, from: position, memo: &memo)) }
                positions = next
            }
            return positions
        case .alternatives(let options):
            return options.reduce(into: Set<Int>()) { $0.formUnion(ends($1, words, from: start, memo: &memo)) }
        case .optional(let inner):
            return ends(inner, words, from: start, memo: &memo).union([start])
        case .repeated(let inner, let atLeastOnce):
            var reached: Set<Int> = atLeastOnce ? [] : [start]
            var frontier: Set<Int> = [start]
            while !frontier.isEmpty {
                var next: Set<Int> = []
                for position in frontier { next.formUnion(ends(inner, words, from: position, memo: &memo)) }
                frontier = next.subtracting(reached)
                reached.formUnion(next)
            }
            return reached
        }
    }

    /// Every sentence of rule `name`, or nil when there are more than
    /// `limit` or the rule recurses (`<num_digits>`).
    func allSentences(of name: String, limit: Int = 200_000) -> [[String]]? {
        var inProgress: Set<String> = []
        return all(.rule(name), limit: limit, inProgress: &inProgress)
    }

    private func all(_ expression: Expression, limit: Int, inProgress: inout Set<String>) -> [[String]]? {
        switch expression {
        case .void: return []
        case .word(let word): return [[word]]
        case .rule(let name):
            guard let body = rules.rules[name], inProgress.insert(name).inserted else { return nil }
            defer { inProgress.remove(name) }
            return all(body, limit: limit, inProgress: &inProgress)
        case .sequence(let parts):
            var sentences: [[String]] = [[]]
            for part in parts {
                guard let tails = all(part, limit: limit, inProgress: &inProgress),
                      sentences.count * tails.count <= limit else { return nil }
                sentences = sentences.flatMap { head in tails.map { head + $0 } }
            }
            return sentences
        case .alternatives(let options):
            var sentences: [[String]] = []
            for option in options {
                guard let more = all(option, limit: limit, inProgress: &inProgress) else { return nil }
                sentences += more
                if sentences.count > limit { return nil }
            }
            return sentences
        case .optional(let inner):
            return all(inner, limit: limit, inProgress: &inProgress).map { [[]] + $0 }
        case .repeated:
            return nil
        }
    }

    /// Whether rule `name` matches all of `words`.
    func accepts(_ name: String, _ words: [String]) -> Bool {
        ends(of: name, words).contains(words.count)
    }

    /// Rules a body refers to.
    static func references(_ expression: Expression) -> [String] {
        switch expression {
        case .word, .void: []
        case .rule(let name): [name]
        case .sequence(let parts), .alternatives(let parts): parts.flatMap(references)
        case .optional(let inner), .repeated(let inner, _): references(inner)
        }
    }
}

/// SplitMix64: the same sentences on every run.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
