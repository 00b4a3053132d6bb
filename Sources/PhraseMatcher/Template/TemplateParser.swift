/// Reads the phrase syntax of the command model: words, `\(slot)`,
/// `\(.applicationName)`, `(a|b)` alternatives and `[optional]` parts, nested.
///
/// Positions in errors are UTF-8 offsets into the phrase text, so the loader
/// can point at the exact character in the model file.
package struct TemplateParser {
    /// A syntax error at a span of the phrase text.
    package struct SyntaxError: Error, Sendable, Hashable {
        package var message: String
        package var offset: Int
        package var length: Int
    }

    /// Where a slot was written, for diagnostics about its name.
    package struct SlotReference: Sendable, Hashable {
        package var name: String
        package var offset: Int
        package var length: Int
    }

    package struct Result: Sendable {
        package var template: PhraseTemplate
        package var slots: [SlotReference]
    }

    private let bytes: [UInt8]
    private var index = 0
    private var slots: [SlotReference] = []

    private init(text: String) { bytes = Array(text.utf8) }

    package static func parse(_ text: String) throws(SyntaxError) -> Result {
        var parser = TemplateParser(text: text)
        guard parser.bytes.count <= Self.maximumLength else {
            throw SyntaxError(message: "phrase is \(parser.bytes.count) bytes long; the most a phrase may be is \(Self.maximumLength)",
                              offset: 0, length: 1)
        }
        let alternatives = try parser.parseAlternatives(closer: nil, openerOffset: 0, depth: 0)
        let elements = alternatives.count <= 1 ? alternatives.first ?? [] : [.choice(alternatives)]
        let template = PhraseTemplate(elements: elements)
        if elements.isEmpty {
            throw SyntaxError(message: "phrase has no words", offset: 0, length: max(1, parser.bytes.count))
        }
        if template.matchesEmpty {
            throw SyntaxError(message: "phrase can match an empty utterance; it needs a word or slot outside [ ]",
                              offset: 0, length: max(1, parser.bytes.count))
        }
        return Result(template: template, slots: parser.slots)
    }

    private static let special: Set<UInt8> = Set("\\()[]|".utf8)
    /// The deepest nesting of groups: every stage after parsing (matcher,
    /// grammar, checks) walks groups recursively, so a phrase of thousands
    /// of '(' would otherwise overflow the stack.
    package static let maximumDepth = 32
    /// The longest phrase, in UTF-8 bytes: enough for long lists of
    /// alternatives, and it keeps one phrase from costing the matcher megabytes.
    package static let maximumLength = 4_000

    /// Parses `seq (| seq)*` up to `closer` (or the end of the text when nil).
    private mutating func parseAlternatives(closer: UInt8?, openerOffset: Int, depth: Int) throws(SyntaxError) -> [[PhraseTemplate.Element]] {
        var alternatives: [[PhraseTemplate.Element]] = []
        var current: [PhraseTemplate.Element] = []
        var alternativeStart = index
        func finishAlternative(at end: Int) throws(SyntaxError) {
            if current.isEmpty {
                let what = closer == nil ? "phrase" : "'\(Character(Unicode.Scalar(bytes[openerOffset])))…\(Character(Unicode.Scalar(closer!)))'"
                throw SyntaxError(message: "empty alternative in \(what)", offset: min(alternativeStart, max(0, end)),
                                  length: max(1, end - alternativeStart))
            }
            alternatives.append(current)
            current = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "|"):
                try finishAlternative(at: index)
                index += 1
                alternativeStart = index
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                guard let closer else {
                    throw SyntaxError(message: "unmatched '\(Character(Unicode.Scalar(byte)))' with no opening '\(byte == UInt8(ascii: ")") ? "(" : "[")'",
                                      offset: index, length: 1)
                }
                guard byte == closer else {
                    let opener = Character(Unicode.Scalar(bytes[openerOffset]))
                    throw SyntaxError(message: "expected '\(Character(Unicode.Scalar(closer)))' to close '\(opener)', found '\(Character(Unicode.Scalar(byte)))'",
                                      offset: index, length: 1)
                }
                try finishAlternative(at: index)
                index += 1
                return alternatives
            case UInt8(ascii: "("), UInt8(ascii: "["):
                let opener = index
                guard depth < Self.maximumDepth else {
                    throw SyntaxError(message: "groups nested more than \(Self.maximumDepth) deep", offset: opener, length: 1)
                }
                index += 1
                let inner = try parseAlternatives(closer: byte == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]"),
                                                  openerOffset: opener, depth: depth + 1)
                current.append(byte == UInt8(ascii: "(") ? .choice(inner) : .optional(inner))
            case UInt8(ascii: "\\"):
                current.append(try parseSlot())
            default:
                let start = index
                while index < bytes.count, !Self.special.contains(bytes[index]) { index += 1 }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                let words = TextNormalizer.words(of: text)
                if let long = words.first(where: { $0.count > TextNormalizer.maximumWordLength }) {
                    throw SyntaxError(message: TextNormalizer.tooLong(long), offset: start, length: index - start)
                }
                current.append(contentsOf: words.map(PhraseTemplate.Element.word))
            }
        }
        if let closer {
            let opener = Character(Unicode.Scalar(bytes[openerOffset]))
            throw SyntaxError(message: "'\(opener)' is never closed: expected '\(Character(Unicode.Scalar(closer)))' before the end",
                              offset: openerOffset, length: 1)
        }
        if !current.isEmpty || !alternatives.isEmpty { try finishAlternative(at: index) }
        return alternatives
    }

    /// Parses `\(name)` or `\(.applicationName)` at a backslash.
    private mutating func parseSlot() throws(SyntaxError) -> PhraseTemplate.Element {
        let start = index
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") else {
            throw SyntaxError(message: "a backslash must start a slot such as \\(name)", offset: start, length: 1)
        }
        index += 2
        let nameStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ")"), !Self.special.contains(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ")") else {
            throw SyntaxError(message: "slot '\\(' is never closed: expected ')' after the parameter name", offset: start, length: index - start)
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        index += 1
        if name.hasPrefix(".") {
            guard name == ".applicationName" else {
                throw SyntaxError(message: "unknown built-in slot '\\(\(name))'; the only one is \\(.applicationName)",
                                  offset: start, length: index - start)
            }
            return .applicationName
        }
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_",
              name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_" }) else {
            throw SyntaxError(message: name.isEmpty ? "empty slot '\\()': expected a parameter name" : "invalid parameter name '\(name)' in a slot",
                              offset: start, length: index - start)
        }
        slots.append(SlotReference(name: name, offset: start, length: index - start))
        return .slot(name)
    }
}
