/// What went wrong in audio or recognition, said in one line: the one error
/// type of SpeechFront.
public struct SpeechError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
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
