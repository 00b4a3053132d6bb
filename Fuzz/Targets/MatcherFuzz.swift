import PhraseMatcher

/// The matcher of the built-in model (read from Models/default.json: the
/// script runs from the project) on any text: results whose word ranges lie
/// inside the utterance.
private let matcher: Matcher = {
    let model = try! ModelLoader.load(path: "Models/default.json")
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
    for match in matcher.match(text).candidates {
        for argument in match.arguments {
            precondition(argument.wordRange.lowerBound >= 0 && argument.wordRange.upperBound <= words, "an argument lies in the words")
        }
    }
    return 0
}
