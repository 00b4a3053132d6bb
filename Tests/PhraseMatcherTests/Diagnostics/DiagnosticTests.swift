import Testing
@testable import PhraseMatcher

/// Found by the model-reader fuzzer: a key written with "\n" in it made a
/// diagnostic two lines, which breaks scripts that grep for them.
struct DiagnosticTests {
    @Test func aControlCharacterInAMessageIsShownEscaped() {
        do {
            _ = try ModelLoader.load(text: #"{"applica\n(oo\thing)": "A", "intents": {"Go": {"phrases": ["go"]}}}"#, name: "m.json")
            Issue.record("loaded a model with an unknown field")
        } catch {
            let summary = error.diagnostics[0].summary
            #expect(!summary.contains("\n"))
            #expect(summary.hasPrefix(#"m.json:1:2: error: unknown field "applica\n(oo\thing)" in the model"#), "\(summary)")
        }
        #expect(Diagnostic.oneLine("bell\u{7}") == "bell\\u{7}")
        #expect(Diagnostic.oneLine("plain — café") == "plain — café")
    }
}
