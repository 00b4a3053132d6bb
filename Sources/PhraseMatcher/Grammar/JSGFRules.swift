/// The rules of a JSGF grammar as expressions, as far as voicecmd writes
/// them: words, `<rule>` references, sequences, `|`, `( )`, `[ ]`, `*`, `+`.
struct JSGFRules {
    indirect enum Expression: Sendable {
        case word(String)
        case rule(String)
        case sequence([Expression])
        case alternatives([Expression])
        case optional(Expression)
        case repeated(Expression, atLeastOnce: Bool)
        case void
    }

    private(set) var rules: [String: Expression] = [:]
    private(set) var publicRules: [String] = []

    init(_ grammar: String) {
        for line in grammar.split(separator: "\n") {
            var text = Substring(line)
            let isPublic = text.hasPrefix("public ")
            if isPublic { text = text.dropFirst(7) }
            guard text.hasPrefix("<"), let close = text.firstIndex(of: ">"), let equals = text.range(of: " = ") else { continue }
            let name = String(text[text.index(after: text.startIndex)..<close])
            var body = String(text[equals.upperBound...])
            if body.hasSuffix(";") { body.removeLast() }
            var tokens = Self.tokenize(body)[...]
            rules[name] = Self.parseAlternatives(&tokens)
            if isPublic { publicRules.append(name) }
        }
    }

    private static func tokenize(_ body: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var inRule = false, inQuote = false
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        for character in body {
            if inRule {
                current.append(character)
                if character == ">" { flush(); inRule = false }
            } else if inQuote {
                if character == "\"" { flush(); inQuote = false } else { current.append(character) }
            } else if character == "\"" {
                flush(); inQuote = true
            } else if character == "<" {
                flush(); current = "<"; inRule = true
            } else if "()[]|*+".contains(character) {
                flush(); tokens.append(String(character))
            } else if character == " " {
                flush()
            } else {
                current.append(character)
            }
        }
        flush()
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
            case "(":
                part = parseAlternatives(&tokens)
                if tokens.first == ")" { tokens.removeFirst() }
            case "[":
                part = .optional(parseAlternatives(&tokens))
                if tokens.first == "]" { tokens.removeFirst() }
            case "<VOID>": part = .void
            default: part = token.hasPrefix("<") ? .rule(String(token.dropFirst().dropLast())) : .word(token)
            }
            if tokens.first == "*" { tokens.removeFirst(); part = .repeated(part, atLeastOnce: false) }
            if tokens.first == "+" { tokens.removeFirst(); part = .repeated(part, atLeastOnce: true) }
            parts.append(part)
        }
        return parts.count == 1 ? parts[0] : .sequence(parts)
    }
}
