/// What went wrong in VoiceCommands' own work, said in one line: a shortcut
/// that cannot be read, added or removed, or a handler reading a value as
/// what it is not. The one error type VoiceCommands defines; a model that
/// cannot be loaded stays PhraseMatcher's `ModelLoadError`, and audio or
/// recognition that fails stays SpeechFront's `SpeechError`.
public struct VoiceCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in one line, in the library's terms.
    public var message: String
    /// What a front end can add, in its own terms (a command-line flag, a
    /// settings screen).
    public var hint: Hint?

    /// What a front end could suggest to put the error right.
    public enum Hint: Sendable, Equatable {
        /// A shortcut could leave this required parameter open, to be
        /// asked for each time the shortcut is said.
        case leaveOpen(parameter: String)
    }

    /// An error saying `message`; `hint` when a front end can help.
    public init(_ message: String, hint: Hint? = nil) {
        self.message = message
        self.hint = hint
    }

    public var description: String { message }
}
