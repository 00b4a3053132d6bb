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

@Suite struct JSGFAgreementTests {
    @Test func rulesAreWellFormedAndShareBodiesByName() {
        var bodies: [String: String] = [:]
        for type in ValueType.all {
            let names = Set(type.rules.map(\.name))
            #expect(names.count == type.rules.count, "\(type.root) repeats a rule")
            #expect(names.contains(type.root))
            let parsed = JSGFSampler(rules: type.rules).rules
            for rule in type.rules {
                guard let expansion = parsed.rules[rule.name] else {
                    Issue.record("<\(rule.name)> = \(rule.body) does not parse")
                    continue
                }
                let words = rule.body.split(whereSeparator: { " ()[]|".contains($0) }).filter { !$0.hasPrefix("<") }
                #expect(words.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "'" } }, "<\(rule.name)> has a word that is not lower case")
                for reference in JSGFSampler.references(expansion) {
                    #expect(names.contains(reference), "<\(rule.name)> refers to undefined <\(reference)>")
                }
                if let earlier = bodies[rule.name] { #expect(earlier == rule.body, "<\(rule.name)> differs between types") }
                bodies[rule.name] = rule.body
            }
        }
    }

    @Test(arguments: ValueType.all)
    private func rulesAndParserReadTheSameWords(type: ValueType) {
        var grammar = JSGFSampler(rules: type.rules, seed: 7)
        let vocabulary = Array(Set(type.rules.flatMap { $0.body.split(separator: " ") }.map(String.init)
            .filter { $0.allSatisfy(\.isLowercase) })).sorted() + ["lights"]

        func expectSameEnds(_ words: [String]) {
            let parserEnds = Set(type.parser.parses(words, from: 0).map(\.end))
            let grammarEnds = grammar.ends(of: type.root, words).subtracting([0])
            #expect(parserEnds == grammarEnds, "\(words.joined(separator: " "))")
        }

        for _ in 0..<1_500 {
            let sentence = grammar.sample(type.root)
            #expect(type.parser.parses(sentence, from: 0).first?.end == sentence.count, "\(sentence.joined(separator: " "))")
            expectSameEnds(sentence)
            var perturbed = sentence
            let position = grammar.random(below: perturbed.count)
            let word = vocabulary[grammar.random(below: vocabulary.count)]
            if grammar.random(below: 2) == 0 { perturbed[position] = word } else { perturbed.insert(word, at: position) }
            expectSameEnds(perturbed)
        }
    }
}
