import PhraseMatcher

/// Model files: any bytes are a model, a one-line error list, or (for bytes
/// that are not UTF-8) an error at the first bad byte; never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func modelReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let model = try ModelLoader.load(text: String(decoding: bytes, as: UTF8.self), name: "fuzz.json")
        // What check does with a loaded model, so its analyses are fuzzed too.
        let matcher = Matcher(model: model)
        _ = OverlapCheck.warnings(for: model)
        _ = ModelStatistics(model: model, matcher: matcher)
        _ = JSGFGrammar(model: model).words
    } catch {
        for diagnostic in error.diagnostics {
            precondition(!diagnostic.summary.isEmpty && !diagnostic.summary.contains("\n"), "a diagnostic is one line")
            precondition(diagnostic.sourceLine.unicodeScalars.count <= 400, "an excerpt is bounded")
        }
    }
    return 0
}
