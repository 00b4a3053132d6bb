import Testing
@testable import PhraseMatcher

/// The count of plain phrases a model stands for saturates instead of
/// trapping: 64 two-way groups inside an optional part are 2^64 + 1.
struct ModelStatisticsTests {
    @Test func expansionsSaturate() throws {
        let groups = String(repeating: "(a|b)", count: 64)
        let model = try ModelLoader.load(text: #"{"application": "A", "intents": {"Go": {"phrases": ["go [\#(groups)]", "run [\#(groups)]"]}}}"#, name: "many.json")
        let statistics = ModelStatistics(model: model, matcher: Matcher(model: model))
        #expect(statistics.expandedPhrases == Int.max)
        let small = try ModelLoader.load(text: #"{"application": "A", "intents": {"Go": {"phrases": ["go [(a|b)] (c|d|e)"]}}}"#, name: "few.json")
        #expect(ModelStatistics(model: small, matcher: Matcher(model: small)).expandedPhrases == 9)
    }
}
