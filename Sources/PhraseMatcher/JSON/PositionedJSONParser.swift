import Foundation

/// A small JSON parser that keeps source positions and member order, which
/// Foundation's JSONSerialization does not.
///
/// One relaxation, from the command-model contract: inside a string an
/// unescaped `\(` is read as the two characters `\(`, so phrases can be
/// written as `"set a timer for \(duration)"`.
package struct PositionedJSONParser {
    private let bytes: [UInt8]
    private let source: SourceFile
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 512
    /// Whether long lists of entities are left to be read one at a time
    /// (`parseDeferringLongLists`), and the offsets of those left.
    private var defersLongLists = false
    private var deferredLists: Set<Int> = []
    /// The key being read in the document's top object: a type's list
    /// lies at types.<name>.entities, three objects deep.
    private var topKey = ""
    private static let deferredListDepth = 3
    /// A type's "entities" list at least this long (in bytes) is deferred: a
    /// list of a million names, kept as a tree, would take hundreds of
    /// megabytes to be read once.
    static let deferredListBytes = 1 << 16

    init(source: SourceFile) {
        self.source = source
        self.bytes = source.bytes
    }

    package static func parse(_ source: SourceFile) throws(ModelLoadError) -> JSONNode {
        try parseDocument(source, defersLongLists: false).root
    }

    /// Parses a document, leaving each type's long "entities" list (over
    /// `deferredListBytes`, at types.<name>.entities) as an empty array at its place, its brackets
    /// and strings checked to close; `forEachElement(of:arrayAt:)` reads
    /// it later one element at a time. Returns the offsets of those lists.
    package static func parseDeferringLongLists(_ source: SourceFile) throws(ModelLoadError) -> (root: JSONNode, deferredLists: Set<Int>) {
        try parseDocument(source, defersLongLists: true)
    }

    private static func parseDocument(_ source: SourceFile, defersLongLists: Bool) throws(ModelLoadError)
        -> (root: JSONNode, deferredLists: Set<Int>) {
        var parser = PositionedJSONParser(source: source)
        parser.defersLongLists = defersLongLists
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON document")
        }
        return (node, parser.deferredLists)
    }

    /// The array at `offset` of `source` (one `parseDeferringLongLists`
    /// left), each element handed to `each` as it is read.
    package static func forEachElement(of source: SourceFile, arrayAt offset: Int,
                                       _ each: (JSONNode) -> Void) throws(ModelLoadError) {
        var parser = PositionedJSONParser(source: source)
        parser.index = offset
        parser.depth = deferredListDepth
        guard offset < parser.bytes.count, parser.bytes[offset] == UInt8(ascii: "[") else {
            throw parser.error("expected an array")
        }
        try parser.parseArrayElements(each)
    }

    /// Parses a document whose value is an array element by element,
    /// handing each to `each` as it is read, so a list of a million entries
    /// is never a tree of a million nodes; false, having read nothing, when
    /// the document is not an array.
    package static func forEachElement(of source: SourceFile,
                                       _ each: (JSONNode) -> Void) throws(ModelLoadError) -> Bool {
        var parser = PositionedJSONParser(source: source)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "[") else { return false }
        try parser.parseArrayElements(each)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON document")
        }
        return true
    }

    private func error(_ message: String, at offset: Int? = nil) -> ModelLoadError {
        ModelLoadError(diagnostics: [Diagnostic(.error, "invalid JSON: " + message, in: source, at: offset ?? index)])
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(ModelLoadError) -> JSONNode {
        guard index < bytes.count else { throw error("expected a value, found end of file") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            let text = try parseString()
            return JSONNode(value: .string(text), offset: start, length: index - start)
        case UInt8(ascii: "t"): try expectLiteral("true"); return JSONNode(value: .bool(true), offset: start, length: 4)
        case UInt8(ascii: "f"): try expectLiteral("false"); return JSONNode(value: .bool(false), offset: start, length: 5)
        case UInt8(ascii: "n"): try expectLiteral("null"); return JSONNode(value: .null, offset: start, length: 4)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func expectLiteral(_ word: StaticString) throws(ModelLoadError) {
        let expected = Array(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected a value, found \(describeCurrent())")
        }
        index += expected.count
    }

    private mutating func enterNesting() throws(ModelLoadError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(ModelLoadError) -> JSONNode {
        let start = index
        try enterNesting()
        defer { depth -= 1 }
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONNode(value: .object(members), offset: start, length: index - start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in quotes, found \(describeCurrent())")
            }
            let keyOffset = index
            let key = try parseString()
            let keyLength = index - keyOffset
            if depth == 1 { topKey = key }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after member name \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let value: JSONNode
            if let list = deferredList(named: key) { value = list } else { value = try parseValue() }
            members.append(JSONMember(key: key, keyOffset: keyOffset, keyLength: keyLength, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}' to continue the object opened at \(position(start)), found end of file") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("expected ',' or '}' after the member \"\(key)\", found \(describeCurrent())")
        }
        return JSONNode(value: .object(members), offset: start, length: index - start)
    }

    /// A long "entities" list at `index`, when lists are deferred: an
    /// empty array in the tree, its offset noted, `index` past its end.
    /// Nil (nothing read) for anything else, and for a list whose
    /// brackets do not close, which is parsed to say where it goes wrong.
    private mutating func deferredList(named key: String) -> JSONNode? {
        guard defersLongLists, depth == Self.deferredListDepth, topKey == "types", key == "entities",
              index < bytes.count, bytes[index] == UInt8(ascii: "["),
              let end = endOfList(at: index), end - index >= Self.deferredListBytes else { return nil }
        let start = index
        index = end
        deferredLists.insert(start)
        return JSONNode(value: .array([]), offset: start, length: end - start)
    }

    /// Where the list opened at `start` ends, by its brackets and strings
    /// alone (the elements are checked when they are read); nil when it
    /// does not close, or closes with the wrong bracket.
    private func endOfList(at start: Int) -> Int? {
        var nesting = 0
        var position = start
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                    position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard position < bytes.count else { return nil }
            case UInt8(ascii: "["), UInt8(ascii: "{"): nesting += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                nesting -= 1
                if nesting == 0 { return bytes[position] == UInt8(ascii: "]") ? position + 1 : nil }
            default: break
            }
            position += 1
        }
        return nil
    }

    private mutating func parseArray() throws(ModelLoadError) -> JSONNode {
        let start = index
        var elements: [JSONNode] = []
        try parseArrayElements { elements.append($0) }
        return JSONNode(value: .array(elements), offset: start, length: index - start)
    }

    /// The array at `index` ('['), each element handed to `each` as it is read.
    private mutating func parseArrayElements(_ each: (JSONNode) -> Void) throws(ModelLoadError) {
        let start = index
        try enterNesting()
        defer { depth -= 1 }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            each(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']' to continue the array opened at \(position(start)), found end of file") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
        }
    }

    private func position(_ offset: Int) -> String {
        let (line, column) = source.location(of: offset)
        return "\(line):\(column)"
    }

    private mutating func parseNumber() throws(ModelLoadError) -> JSONNode {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout PositionedJSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - from
        }
        let integerDigits = digits(&self)
        if integerDigits == 0 { throw error("expected digits in a number", at: index) }
        if integerDigits > 1, bytes[index - integerDigits] == UInt8(ascii: "0") {
            throw error("a number may not start with a leading zero", at: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("expected digits after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("number \(text) is out of range", at: start) }
        return JSONNode(value: .number(value), offset: start, length: index - start)
    }

    /// Reads a string starting at its opening quote.
    private mutating func parseString() throws(ModelLoadError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ parser: PositionedJSONParser, upTo end: Int, into scalars: inout String.UnicodeScalarView) {
            if end > runStart { scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string (opened here)", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                // Most strings hold no escape: decoded in one piece.
                if runStart == start + 1 { return String(decoding: bytes[runStart..<index], as: UTF8.self) }
                flushRun(self, upTo: index, into: &scalars)
                return String(scalars)
            }
            if byte < 0x20 {
                throw error(byte == 0x0A ? "unterminated string: a newline inside a string must be written \\n" : "control character in a string must be escaped")
            }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            flushRun(self, upTo: index, into: &scalars)
            let escapeStart = index
            index += 1
            guard index < bytes.count else { throw error("unterminated string (opened here)", at: start) }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "("):
                // The documented relaxation: `\(` stays as written.
                scalars.append("\\")
                scalars.append("(")
            case UInt8(ascii: "u"):
                let high = try parseHex4(escapeStart: escapeStart)
                if (0xD800...0xDBFF).contains(high) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate \\u\(String(high, radix: 16, uppercase: true)) in a string", at: escapeStart)
                    }
                    index += 2
                    let low = try parseHex4(escapeStart: escapeStart)
                    guard (0xDC00...0xDFFF).contains(low),
                          let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                        throw error("invalid surrogate pair in a string", at: escapeStart)
                    }
                    scalars.append(scalar)
                } else {
                    guard let scalar = Unicode.Scalar(high) else {
                        throw error("unpaired surrogate \\u\(String(high, radix: 16, uppercase: true)) in a string", at: escapeStart)
                    }
                    scalars.append(scalar)
                }
            default:
                index -= 1
                throw error("invalid escape '\\\(describeCurrent().trimmingQuotes)' in a string", at: escapeStart)
            }
            runStart = index
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(ModelLoadError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("expected four hex digits after \\u", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}

private extension String {
    var trimmingQuotes: String {
        count >= 2 && hasPrefix("'") && hasSuffix("'") ? String(dropFirst().dropLast()) : self
    }
}
