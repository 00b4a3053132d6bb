import Foundation
import VoiceCommands

/// The test-case format `voicecmd sample` writes and `voicecmd test` reads:
/// one case a line, tab-separated — what is said (a sentence, or a
/// recording's path), the intent expected ("-" for none; "App: Intent"
/// when several applications are loaded), then any `name=value` arguments
/// expected. "#" starts a comment line.
struct TestCase: Sendable, Equatable {
    var said: String
    /// Nil: nothing should be understood.
    var intent: String?
    var arguments: [(name: String, value: String)]
    var line: Int

    static func == (left: TestCase, right: TestCase) -> Bool {
        left.said == right.said && left.intent == right.intent && left.line == right.line
            && left.arguments.map(\.name) == right.arguments.map(\.name) && left.arguments.map(\.value) == right.arguments.map(\.value)
    }

    /// Audio files by their extension: what libsndfile reads, and raw PCM.
    static let audioExtensions: Set<String> = ["wav", "flac", "ogg", "oga", "opus", "mp3", "aiff", "aif", "au", "raw", "pcm"]

    var isRecording: Bool { Self.audioExtensions.contains((said as NSString).pathExtension.lowercased()) }

    /// Nil for a blank or comment line; throws what is wrong with a malformed one.
    static func parse(_ text: Substring, line: Int) throws(TestCaseError) -> TestCase? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map { unescaped($0.trimmingCharacters(in: .whitespaces)) }
        guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else {
            throw TestCaseError(line: line, message: "a case is what is said, a tab, and the intent expected (\"-\" for none)")
        }
        var arguments: [(String, String)] = []
        for field in fields.dropFirst(2) where !field.isEmpty {
            guard let equals = field.firstIndex(of: "="), equals != field.startIndex else {
                throw TestCaseError(line: line, message: "an argument is name=value, not \(UsageError.quoted(field))")
            }
            arguments.append((String(field[..<equals]), String(field[field.index(after: equals)...])))
        }
        return TestCase(said: fields[0], intent: fields[1] == "-" ? nil : fields[1], arguments: arguments, line: line)
    }

    /// The line for a case, each field escaped (`\\t`, `\\n`, `\\r`, `\\\\`), so an
    /// entity id or a sentence holding a tab reads back as written.
    var text: String {
        ([said, intent ?? "-"] + arguments.map { "\($0.name)=\($0.value)" }).map(Self.escaped).joined(separator: "\t")
    }

    static func escaped(_ field: String) -> String {
        guard field.contains(where: { $0 == "\\" || $0 == "\t" || $0.isNewline }) else { return field }
        var out = ""
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A field as `escaped` wrote it; a backslash before anything else stays.
    static func unescaped(_ field: String) -> String {
        guard field.contains("\\") else { return field }
        var out = ""
        var scalars = field.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.next() {
            case "\\": out += "\\"
            case "t": out += "\t"
            case "n": out += "\n"
            case "r": out += "\r"
            case let other?: out += "\\" + String(other)
            case nil: out += "\\"
            }
        }
        return out
    }

    /// A value as a case writes it: the number, the seconds, the case or
    /// entity identifier, the text; money as "3.5 USD".
    static func valueText(_ value: SlotValue) -> String {
        switch value {
        case .integer(let number), .ordinal(let number): String(number)
        case .number(let number): JSONOutput.number(number).serialized
        case .duration(let seconds): JSONOutput.number(seconds).serialized
        case .currency(let amount, let code): JSONOutput.number(amount).serialized + " " + code
        case .boolean(let flag): flag ? "true" : "false"
        case .text(let text), .enumCase(let text), .entity(let text): text
        case .ambiguousEntities(let ids): ids.joined(separator: "|")
        }
    }

    /// Why `result` is not what this case expects; nil when it is.
    func mismatch(_ result: MatchResult, showApplication: Bool) -> String? {
        guard let expected = intent else {
            return result.best.map { "expected nothing, got \($0.label(showApplication: showApplication))" }
        }
        guard let best = result.best else { return "expected \(expected), got nothing" }
        let got = best.label(showApplication: showApplication)
        guard got == expected else { return "expected \(expected), got \(got)" }
        for (name, value) in arguments {
            guard let argument = best.argument(name) else { return "expected \(name)=\(value), got no \(name)" }
            let said = Self.valueText(argument.value)
            if said != value { return "expected \(name)=\(value), got \(name)=\(said)" }
        }
        return nil
    }
}

/// A malformed line of a test file.
struct TestCaseError: Error {
    var line: Int
    var message: String
}
