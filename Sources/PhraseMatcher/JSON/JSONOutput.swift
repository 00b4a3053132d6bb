import Foundation

/// A JSON value to print, with object members in the order given (the JSON
/// Lines output of `voicecmd` keeps a fixed, readable member order).
public indirect enum JSONOutput: Sendable, Hashable {
    /// Members in the order given.
    case object([(String, JSONOutput)])
    /// Elements in order.
    case array([JSONOutput])
    /// A string, escaped when written.
    case string(String)
    /// A whole number.
    case integer(Int)
    /// A number; a whole one is written without a fraction, one not finite as null.
    case number(Double)
    /// true or false.
    case bool(Bool)
    /// null.
    case null

    /// A number to two decimals: times in seconds and confidences, which
    /// mean nothing finer and would otherwise print seventeen digits.
    public static func hundredths(_ value: Double) -> JSONOutput { .number((value * 100).rounded() / 100) }

    public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool { lhs.serialized == rhs.serialized }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized) }

    /// Compact JSON text on one line.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .string(let text): Self.writeString(text, to: &out)
        case .integer(let value): out += String(value)
        case .number(let value):
            if !value.isFinite {
                out += "null"
            } else if value == value.rounded(), abs(value) < 1e15 {
                out += String(Int(value))
            } else {
                out += String(value)
            }
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
