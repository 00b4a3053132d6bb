import PhraseMatcher

/// The matcher of the built-in model with Courier (Models/default.json and
/// Models/examples/courier.json: the script runs from the project), so the
/// application selectors are fuzzed too, on any text: results whose word
/// ranges lie inside the utterance, and of one application when it was named.
private let matcher: Matcher = {
    let (model, _) = try! ModelLoader.load(paths: ["Models/default.json", "Models/examples/courier.json"])
    return Matcher(model: model)
}()

/// Built before the first input, so the model's allocations are not taken
/// for a leak of that input.
@_cdecl("LLVMFuzzerInitialize")
public func matcherFuzzInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    _ = matcher
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func matcherFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let words = TextNormalizer.normalize(text).words.count
    let result = matcher.match(text)
    precondition(result.tiedApplications.count != 1, "a tie is between applications")
    for match in result.candidates {
        for argument in match.arguments {
            precondition(argument.wordRange.lowerBound >= 0 && argument.wordRange.upperBound <= words, "an argument lies in the words")
        }
    }
    return 0
}
