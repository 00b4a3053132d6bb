/// What went wrong in audio or recognition, said in one line: the one error
/// type of SpeechFront.
public struct SpeechError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What went wrong, in one line.
    public var message: String
    /// What a front end can add, in its own terms (a command-line flag, a
    /// settings screen): the message speaks only of the library's concepts.
    public var hint: Hint?

    /// What a front end could suggest to put the error right.
    public enum Hint: Sendable, Equatable {
        /// A device was not found: the list of devices would show its name.
        case listDevices
        /// Audio read as a raw stream holds a file: it could be read as a file.
        case readAsFile
        /// A PocketSphinx file is missing: it can be given.
        case acousticModel, dictionary, languageModel
    }

    /// An error saying `message`; `hint` when a front end can help.
    public init(_ message: String, hint: Hint? = nil) {
        self.message = message
        self.hint = hint
    }

    public var description: String { message }
}

/// The one place every C return code goes through: a result the library
/// defines as failure becomes a `SpeechError` naming the call, its code and
/// the library's own reason.
@discardableResult
func check(_ result: Int32, _ function: String, failsWhen isFailure: (Int32) -> Bool = { $0 < 0 },
           reason: (Int32) -> String) throws(SpeechError) -> Int32 {
    guard !isFailure(result) else { throw SpeechError("\(function) failed (\(result)): \(reason(result))") }
    return result
}
