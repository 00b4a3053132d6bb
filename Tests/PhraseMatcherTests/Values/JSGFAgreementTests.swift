import Testing
@testable import PhraseMatcher

/// The JSGF rules of each type describe exactly the words its parser reads:
/// random expansions of the rules parse over their whole length, and on those
/// sentences and perturbed ones the parser and the rules end at the same places.

private struct ValueType: Sendable, CustomTestStringConvertible {
    var rules: [JSGFRule]
    var root: String
    var parser: any SpokenValueParser
    var testDescription: String { root }

    static let all: [ValueType] = [
        ValueType(rules: IntegerParser.jsgfRules, root: IntegerParser.jsgfRootRule, parser: IntegerParser()),
        ValueType(rules: DecimalNumberParser.jsgfRules, root: DecimalNumberParser.jsgfRootRule, parser: DecimalNumberParser()),
        ValueType(rules: OrdinalParser.jsgfRules, root: OrdinalParser.jsgfRootRule, parser: OrdinalParser()),
        ValueType(rules: DurationParser.jsgfRules, root: DurationParser.jsgfRootRule, parser: DurationParser()),
        ValueType(rules: CurrencyParser.jsgfRules, root: CurrencyParser.jsgfRootRule, parser: CurrencyParser()),
        ValueType(rules: BooleanParser.jsgfRules, root: BooleanParser.jsgfRootRule, parser: BooleanParser()),
    ]
}

/// A parsed JSGF rule body.
private indirect enum Expansion {
    case word(String)
    case rule(String)
    case sequence([Expansion])
    case alternatives([Expansion])
    case optional(Expansion)

    /// Parses `body`; nil if it is not well formed.
    init?(body: String) {
        var tokens: [String] = []
        var index = body.startIndex
        while index < body.endIndex {
            let character = body[index]
            if character == " " {
                index = body.index(after: index)
            } else if "()[]|".contains(character) {
                tokens.append(String(character))
                index = body.index(after: index)
            } else if character == "<" {
                guard let close = body[index...].firstIndex(of: ">") else { return nil }
                tokens.append(String(body[index...close]))
                index = body.index(after: close)
            } else {
                let end = body[index...].firstIndex { " ()[]|<>".contains($0) } ?? body.endIndex
                let word = body[index..<end]
                guard word.allSatisfy({ $0.isLowercase || $0 == "'" }) else { return nil }
                tokens.append(String(word))
                index = end
            }
        }
        var position = 0
        guard let parsed = Self.alternatives(tokens, &position), position == tokens.count else { return nil }
        self = parsed
    }

    private static func alternatives(_ tokens: [String], _ position: inout Int) -> Expansion? {
        var choices: [Expansion] = []
        repeat {
            if !choices.isEmpty { position += 1 }
            guard let choice = sequence(tokens, &position) else { return nil }
            choices.append(choice)
        } while position < tokens.count && tokens[position] == "|"
        return choices.count == 1 ? choices[0] : .alternatives(choices)
    }

    private static func sequence(_ tokens: [String], _ position: inout Int) -> Expansion? {
        var items: [Expansion] = []
        while position < tokens.count, !["|", ")", "]"].contains(tokens[position]) {
            let token = tokens[position]
            position += 1
            if token == "(" || token == "[" {
                guard let inner = alternatives(tokens, &position), position < tokens.count,
                      tokens[position] == (token == "(" ? ")" : "]") else { return nil }
                position += 1
                items.append(token == "(" ? inner : .optional(inner))
            } else if token.hasPrefix("<") {
                items.append(.rule(String(token.dropFirst().dropLast())))
            } else {
                items.append(.word(token))
            }
        }
        if items.isEmpty { return nil }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    var referencedRules: [String] {
        switch self {
        case .word: []
        case .rule(let name): [name]
        case .sequence(let items), .alternatives(let items): items.flatMap(\.referencedRules)
        case .optional(let inner): inner.referencedRules
        }
    }
}

private struct Grammar {
    var expansions: [String: Expansion] = [:]

    init(_ rules: [JSGFRule]) {
        for rule in rules { expansions[rule.name] = Expansion(body: rule.body) }
    }

    func generate(_ expansion: Expansion, depth: Int, using generator: inout some RandomNumberGenerator, into words: inout [String]) {
        switch expansion {
        case .word(let word): words.append(word)
        case .rule(let name):
            if let body = expansions[name] { generate(body, depth: depth + 1, using: &generator, into: &words) }
        case .sequence(let items):
            for item in items { generate(item, depth: depth, using: &generator, into: &words) }
        case .alternatives(let choices):
            if let choice = choices.randomElement(using: &generator) { generate(choice, depth: depth, using: &generator, into: &words) }
        case .optional(let inner):
            // Recursive rules (digits) stop ever sooner.
            if Double.random(in: 0..<1, using: &generator) < (depth > 12 ? 0.2 : 0.6) {
                generate(inner, depth: depth, using: &generator, into: &words)
            }
        }
    }

    /// Every index where the rule `name` can end when matched on `words` from index 0.
    func ends(of name: String, _ words: [String]) -> Set<Int> {
        var memo: [Int: [String: Set<Int>]] = [:]
        return ends(.rule(name), words, from: 0, memo: &memo)
    }

    /// Every index where `expansion` can end when matched from `start`;
    /// rule matches are memoised by start, so nested optionals stay cheap.
    private func ends(_ expansion: Expansion, _ words: [String], from start: Int, memo: inout [Int: [String: Set<Int>]]) -> Set<Int> {
        switch expansion {
        case .word(let word):
            return start < words.count && words[start] == word ? [start + 1] : []
        case .rule(let name):
            if let known = memo[start]?[name] { return known }
            guard let body = expansions[name] else { return [] }
            let found = ends(body, words, from: start, memo: &memo)
            memo[start, default: [:]][name] = found
            return found
        case .sequence(let items):
            var positions: Set<Int> = [start]
            for item in items {
                var next: Set<Int> = []
                for position in positions { next.formUnion(ends(item, words, from: position, memo: &memo)) }
                positions = next
            }
            return positions
        case .alternatives(let choices):
            var found: Set<Int> = []
            for choice in choices { found.formUnion(ends(choice, words, from: start, memo: &memo)) }
            return found
        case .optional(let inner):
            return ends(inner, words, from: start, memo: &memo).union([start])
        }
    }
}

/// SplitMix64: the same sentences on every run.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

@Suite struct JSGFAgreementTests {
    @Test func rulesAreWellFormedAndShareBodiesByName() {
        var bodies: [String: String] = [:]
        for type in ValueType.all {
            let names = Set(type.rules.map(\.name))
            #expect(names.count == type.rules.count, "\(type.root) repeats a rule")
            #expect(names.contains(type.root))
            for rule in type.rules {
                guard let expansion = Expansion(body: rule.body) else {
                    Issue.record("<\(rule.name)> = \(rule.body) does not parse")
                    continue
                }
                for reference in expansion.referencedRules {
                    #expect(names.contains(reference), "<\(rule.name)> refers to undefined <\(reference)>")
                }
                if let earlier = bodies[rule.name] { #expect(earlier == rule.body, "<\(rule.name)> differs between types") }
                bodies[rule.name] = rule.body
            }
        }
    }

    @Test(arguments: ValueType.all)
    private func rulesAndParserReadTheSameWords(type: ValueType) {
        let grammar = Grammar(type.rules)
        guard let root = grammar.expansions[type.root] else {
            Issue.record("no root rule")
            return
        }
        let vocabulary = Array(Set(type.rules.flatMap { $0.body.split(separator: " ") }.map(String.init)
            .filter { $0.allSatisfy(\.isLowercase) })).sorted() + ["lights"]
        var generator = SeededGenerator(state: 7)

        func expectSameEnds(_ words: [String]) {
            let parserEnds = Set(type.parser.parses(words, from: 0).map(\.end))
            let grammarEnds = grammar.ends(of: type.root, words).subtracting([0])
            #expect(parserEnds == grammarEnds, "\(words.joined(separator: " "))")
        }

        for _ in 0..<1_500 {
            var sentence: [String] = []
            grammar.generate(root, depth: 0, using: &generator, into: &sentence)
            #expect(type.parser.parses(sentence, from: 0).first?.end == sentence.count, "\(sentence.joined(separator: " "))")
            expectSameEnds(sentence)
            var perturbed = sentence
            let position = Int.random(in: 0..<perturbed.count, using: &generator)
            if let word = vocabulary.randomElement(using: &generator) {
                if Bool.random(using: &generator) { perturbed[position] = word } else { perturbed.insert(word, at: position) }
            }
            expectSameEnds(perturbed)
        }
    }
}
