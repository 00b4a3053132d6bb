import Foundation

/// Test helper: reads the rules of a JSGF grammar and expands them at
/// random, so tests can check that every sentence the grammar allows is one
/// the matcher accepts.
struct JSGFSampler {
    indirect enum Expression {
        case word(String)
        case rule(String)
        case sequence([Expression])
        case alternatives([Expression])
        case optional(Expression)
        case repeated(Expression, atLeastOnce: Bool)
    }

    private(set) var rules: [String: Expression] = [:]
    private var generator: SplitMix

    init(_ grammar: String, seed: UInt64 = 42) {
        generator = SplitMix(state: seed)
        for line in grammar.split(separator: "\n") {
            var text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("public ") { text = String(text.dropFirst(7)) }
            guard text.hasPrefix("<"), let equals = text.range(of: " = ") else { continue }
            let name = String(text[text.index(after: text.startIndex)..<text.firstIndex(of: ">")!])
            var body = String(text[equals.upperBound...])
            if body.hasSuffix(";") { body.removeLast() }
            var tokens = Self.tokenize(body)[...]
            rules[name] = Self.parseAlternatives(&tokens)
        }
    }

    mutating func sample(_ rule: String) -> [String] {
        var words: [String] = []
        expand(.rule(rule), into: &words, depth: 0)
        return words
    }

    private mutating func expand(_ expression: Expression, into words: inout [String], depth: Int) {
        switch expression {
        case .word(let word): words.append(word)
        case .rule(let name): if let body = rules[name] { expand(body, into: &words, depth: depth + 1) }
        case .sequence(let parts): for part in parts { expand(part, into: &words, depth: depth) }
        case .alternatives(let options): expand(options[Int(generator.next() % UInt64(options.count))], into: &words, depth: depth)
        case .optional(let inner): if generator.next() % 2 == 0 { expand(inner, into: &words, depth: depth) }
        case .repeated(let inner, let atLeastOnce):
            let count = Int(generator.next() % 3) + (atLeastOnce ? 1 : 0)
            for _ in 0..<count { expand(inner, into: &words, depth: depth) }
        }
    }

    private static func tokenize(_ body: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var inRule = false
        for character in body {
            if inRule {
                current.append(character)
                if character == ">" { tokens.append(current); current = ""; inRule = false }
            } else if character == "<" {
                if !current.isEmpty { tokens.append(current); current = "" }
                current = "<"; inRule = true
            } else if "()[]|*+".contains(character) || character == " " {
                if !current.isEmpty { tokens.append(current); current = "" }
                if character != " " { tokens.append(String(character)) }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    private static func parseAlternatives(_ tokens: inout ArraySlice<String>) -> Expression {
        var options = [parseSequence(&tokens)]
        while tokens.first == "|" {
            tokens.removeFirst()
            options.append(parseSequence(&tokens))
        }
        return options.count == 1 ? options[0] : .alternatives(options)
    }

    private static func parseSequence(_ tokens: inout ArraySlice<String>) -> Expression {
        var parts: [Expression] = []
        while let token = tokens.first, token != "|", token != ")", token != "]" {
            tokens.removeFirst()
            var part: Expression
            switch token {
            case "(": part = parseAlternatives(&tokens); tokens.removeFirst()
            case "[": part = .optional(parseAlternatives(&tokens)); tokens.removeFirst()
            default:
                part = token.hasPrefix("<") ? .rule(String(token.dropFirst().dropLast())) : .word(token.replacingOccurrences(of: "\"", with: ""))
            }
            if tokens.first == "*" { tokens.removeFirst(); part = .repeated(part, atLeastOnce: false) }
            if tokens.first == "+" { tokens.removeFirst(); part = .repeated(part, atLeastOnce: true) }
            parts.append(part)
        }
        return parts.count == 1 ? parts[0] : .sequence(parts)
    }
}

/// A small deterministic random generator for repeatable samples.
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
