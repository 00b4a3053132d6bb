/// A problem found in a command model, with where it is.
///
/// Rendered the way compilers do: one line `file:line:column: error: message`
/// that scripts can grep, then the source line and a caret span for people.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Whether the model cannot be used (error) or can, with a problem to fix (warning).
    public enum Severity: String, Sendable {
        /// The model cannot be used until it is fixed.
        case error
        /// The model can be used; something in it is likely a mistake.
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// What is wrong, in one sentence without the location.
    public var message: String
    /// The file (or, for a model made in code, the place) the problem is in.
    public var file: String
    /// Line from 1; 0 when there is no position (a model made in code).
    public var line: Int
    /// Column from 1, in Unicode scalars; 0 when there is no position.
    public var column: Int
    /// The source line the diagnostic points into (empty when unknown); of a
    /// long line, a window around the column, cut ends marked "…".
    public var sourceLine: String
    /// The column of the diagnostic within `sourceLine`.
    var excerptColumn: Int
    /// How many characters the caret span covers (at least 1).
    public var length: Int

    /// A diagnostic at `file:line:column`, `sourceLine` being the text it points into.
    public init(severity: Severity, message: String, file: String, line: Int, column: Int,
                sourceLine: String = "", length: Int = 1) {
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
        self.excerptColumn = column
        self.length = max(1, length)
    }

    /// Points at `length` UTF-8 bytes starting at `offset` in `source`.
    init(_ severity: Severity, _ message: String, in source: SourceFile, at offset: Int, byteLength: Int = 1) {
        let (line, column) = source.location(of: offset)
        let window = source.excerpt(around: offset)
        let windowText = (window.cutBefore ? "…" : "") + window.text + (window.cutAfter ? "…" : "")
        let windowColumn = window.column + (window.cutBefore ? 1 : 0)
        let end = source.location(of: offset + max(1, byteLength))
        let span = end.line == line ? end.column - column : windowText.unicodeScalars.count - windowColumn + 1
        self.init(severity: severity, message: message, file: source.name, line: line, column: column,
                  sourceLine: windowText, length: span)
        excerptColumn = windowColumn
    }

    /// This place with another message: a model keeps where its parts are
    /// written (a phrase, a type, an application name) as diagnostics
    /// without one, for the problems found with them later.
    public func reporting(_ severity: Severity, _ message: String) -> Diagnostic {
        var diagnostic = self
        diagnostic.severity = severity
        diagnostic.message = message
        return diagnostic
    }

    /// `file:line:column`, or just the file when the position is unknown.
    public var location: String { line > 0 ? "\(file):\(line):\(column)" : file }

    /// The single grep-able line: a control character in the message (a key
    /// written with "\n" in it) is shown escaped.
    public var summary: String { "\(location): \(severity.rawValue): \(Self.oneLine(message))" }

    public static func oneLine(_ text: String) -> String { escapingControlCharacters(text) }

    /// `text` with its control characters written as escapes ("\\n",
    /// "\\u{1b}"), so a name or a file's bytes cannot break a message's
    /// line or drive the terminal; newlines and tabs kept when
    /// `keepingNewlines` (a message of several lines, a source excerpt).
    public static func escapingControlCharacters(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        return String(text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\n": keepingNewlines ? "\n" : "\\n"
            case "\t": keepingNewlines ? "\t" : "\\t"
            case "\r": "\\r"
            default:
                scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
        }.joined())
    }

    /// The source line and a caret under the span; empty when unknown.
    public var excerpt: String {
        guard !sourceLine.isEmpty else { return "" }
        let scalars = sourceLine.unicodeScalars
        let visibleLength = max(1, min(length, scalars.count - excerptColumn + 1))
        let pad = String(String.UnicodeScalarView(scalars.prefix(excerptColumn - 1).map { $0 == "\t" ? "\t" : " " }))
        return sourceLine + "\n" + pad + "^" + String(repeating: "~", count: visibleLength - 1)
    }

    /// The summary, the source line and a caret under the span.
    public var rendered: String { excerpt.isEmpty ? summary : summary + "\n" + excerpt }

    public var description: String { rendered }
}

/// A model that could not be loaded, declared in code or compiled into a
/// grammar: every error found, in source order. The one error type of
/// PhraseMatcher's API.
public struct ModelLoadError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, in source order.
    public var diagnostics: [Diagnostic]
    public var description: String { diagnostics.map(\.rendered).joined(separator: "\n") }

    /// The error of `diagnostics`.
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// One error about a phrase written in code (no file): `where` names it,
    /// and the caret points into the phrase text.
    static func phrase(_ text: String, in place: String, _ message: String, offset: Int, length: Int = 1) -> ModelLoadError {
        let column = String(decoding: Array(text.utf8).prefix(max(0, offset)), as: UTF8.self).unicodeScalars.count + 1
        return ModelLoadError(diagnostics: [Diagnostic(severity: .error, message: message, file: place, line: 0, column: column,
                                                       sourceLine: text, length: length)])
    }
}
