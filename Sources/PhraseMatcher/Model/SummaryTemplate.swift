import Foundation

/// An intent's summary as written: words, `\(parameter)` values, and
/// `[optional parts]` that are left out when a value in them is missing
/// ("Order a \(size) \(beverage)[ with \(milk)]").
package struct SummaryTemplate: Sendable, Hashable {
    /// A piece of the summary.
    package indirect enum Part: Sendable, Hashable {
        /// Words as written.
        case text(String)
        /// The value of the parameter of this name.
        case value(String)
        /// Left out when a value in it is missing.
        case optional([Part])
    }

    /// A `\(name)` written in the summary, at UTF-8 offsets in it.
    package struct Slot: Sendable, Hashable {
        /// The parameter named.
        package var name: String
        /// UTF-8 offset of the `\(` in the summary.
        package var offset: Int
        /// UTF-8 length of the slot as written.
        package var length: Int
    }

    /// Why a summary cannot be read, and where.
    package struct ParseError: Error, Sendable {
        /// What is wrong.
        package var message: String
        /// UTF-8 offset of the problem in the summary.
        package var offset: Int
    }

    /// The pieces, in order.
    package private(set) var parts: [Part] = []
    /// Every `\(name)` written, in order.
    package private(set) var slots: [Slot] = []

    /// Optional parts nest at most this deep.
    static let maximumDepth = 8

    /// Parses a summary as written in a model.
    package init(_ text: String) throws(ParseError) {
        let bytes = Array(text.utf8)
        guard bytes.count <= TemplateParser.maximumLength else {
            throw ParseError(message: "is \(bytes.count) bytes long; a summary may be at most \(TemplateParser.maximumLength)", offset: 0)
        }
        var stack: [(parts: [Part], open: Int)] = [([], 0)]
        var literal: [UInt8] = []
        func flush() {
            if !literal.isEmpty { stack[stack.count - 1].parts.append(.text(String(decoding: literal, as: UTF8.self))) }
            literal = []
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") {
                guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ")")) else {
                    throw ParseError(message: "\"\\(\" is not closed with \")\"", offset: index)
                }
                let name = String(decoding: bytes[(index + 2)..<close], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { throw ParseError(message: "\"\\()\" names no parameter", offset: index) }
                flush()
                stack[stack.count - 1].parts.append(.value(name))
                slots.append(Slot(name: name, offset: index, length: close + 1 - index))
                index = close + 1
                continue
            }
            switch byte {
            case UInt8(ascii: "["):
                guard stack.count <= Self.maximumDepth else {
                    throw ParseError(message: "optional parts nest more than \(Self.maximumDepth) deep", offset: index)
                }
                flush()
                stack.append(([], index))
            case UInt8(ascii: "]"):
                guard stack.count > 1 else { throw ParseError(message: "\"]\" closes no optional part", offset: index) }
                flush()
                let inner = stack.removeLast()
                stack[stack.count - 1].parts.append(.optional(inner.parts))
            default:
                literal.append(byte)
            }
            index += 1
        }
        guard stack.count == 1 else { throw ParseError(message: "\"[\" is not closed with \"]\"", offset: stack[stack.count - 1].open) }
        flush()
        parts = stack[0].parts
    }
}
