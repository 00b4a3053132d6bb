/// A C library call that failed, named, with the library's own words.
public struct CLibraryError: Error, Sendable, CustomStringConvertible {
    public var function: String
    public var code: Int32
    public var reason: String
    public var description: String { "\(function) failed (\(code)): \(reason)" }
}

/// The one place every C return code goes through: a negative or non-zero
/// result (as the library defines failure) becomes a `CLibraryError` naming
/// the call.
@discardableResult
func check(_ result: Int32, _ function: String, failsWhen isFailure: (Int32) -> Bool = { $0 < 0 },
           reason: (Int32) -> String = { _ in "see the library's log" }) throws(CLibraryError) -> Int32 {
    guard !isFailure(result) else { throw CLibraryError(function: function, code: result, reason: reason(result)) }
    return result
}
