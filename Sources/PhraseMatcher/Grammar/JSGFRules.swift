/// The rules of a JSGF grammar as expressions, as far as voicecmd writes
/// them: words, `<rule>` references, sequences, `|`, `( )`, `[ ]`, `*`, `+`.
struct JSGFRules {
    indirect enum Expression: Sendable, Hashable {
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

extension JSGFRules.Expression {
    /// Alternatives, with nested alternatives flattened; nil when there are none.
    static func choice(_ options: [Self]) -> Self? {
        let flat = options.flatMap { option -> [Self] in
            if case .alternatives(let inner) = option { return inner }
            return [option]
        }
        return flat.isEmpty ? nil : flat.count == 1 ? flat[0] : .alternatives(flat)
    }

    /// A sequence, with nested sequences flattened.
    static func sequence(of parts: Self...) -> Self {
        let flat = parts.flatMap { part -> [Self] in
            if case .sequence(let inner) = part { return inner }
            return [part]
        }
        return flat.count == 1 ? flat[0] : .sequence(flat)
    }

    /// The expression as the body of a rule, in the style of the built-in
    /// rules: `(a | b) c [d]`.
    var jsgf: String {
        switch self {
        case .void: "<VOID>"
        case .word(let word): word
        case .rule(let name): "<\(name)>"
        case .alternatives(let options): options.map(\.jsgf).joined(separator: " | ")
        case .sequence(let parts): parts.map { if case .alternatives = $0 { "(\($0.jsgf))" } else { $0.jsgf } }.joined(separator: " ")
        case .optional(let inner): "[\(inner.jsgf)]"
        case .repeated(let inner, let atLeastOnce): inner.grouped + (atLeastOnce ? "+" : "*")
        }
    }

    /// `jsgf`, in parentheses when it holds alternatives or a sequence.
    private var grouped: String {
        switch self {
        case .alternatives, .sequence: "(\(jsgf))"
        default: jsgf
        }
    }
}
