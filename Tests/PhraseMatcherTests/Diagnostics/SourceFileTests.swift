import Testing
@testable import PhraseMatcher

/// Positions and excerpts in a minified model: one line of megabytes.
struct SourceFileTests {
    /// 10,000 intents on one line, as a minifier writes them.
    private static let minified: String = {
        let intents = (0..<10_000).map { "\"Intent\($0)\":{\"phrases\":[\"do thing number \($0)\"]}" }.joined(separator: ",")
        return "{\"application\":\"A\",\"intents\":{" + intents + "}}"
    }()

    @Test func columnsAreCountedInScalarsAcrossCheckpoints() {
        let text = String(repeating: "é", count: 5_000) + "\n" + String(repeating: "x", count: 9_000) + "ü!"
        let source = SourceFile(name: "t", text: text)
        #expect(source.location(of: 0) == (1, 1))
        #expect(source.location(of: 10_000) == (1, 5_001))
        #expect(source.location(of: 10_001) == (2, 1))
        #expect(source.location(of: 10_001 + 9_000 + 2) == (2, 9_002))
        #expect(source.location(of: text.utf8.count) == (2, 9_003))
    }

    /// Each phrase keeps a diagnostic location; of a one-line file it was the
    /// whole file each time (13 GB for 10,000 intents).
    @Test func aPhraseLocationInAMinifiedModelKeepsAWindowOfTheLine() throws {
        let model = try ModelLoader.load(text: Self.minified, name: "min.json")
        let last = try #require(model.intents.last?.phrases.first?.location)
        #expect(last.line == 1)
        #expect(last.column == Self.minified.utf8.count - "\"do thing number 9999\"]}}}".utf8.count + 1)
        #expect(last.sourceLine.unicodeScalars.count <= SourceFile.excerptWidth + 2)
        #expect(last.sourceLine.hasPrefix("…"))
        #expect(last.sourceLine.contains("\"do thing number 9999\""))
        let caret = last.excerpt.split(separator: "\n")[1]
        let quote = last.sourceLine.range(of: "\"do thing number 9999\"")!
        #expect(caret.count - (caret.count - caret.drop(while: { $0 == " " }).count) == "\"do thing number 9999\"".count)
        #expect(last.sourceLine.distance(from: last.sourceLine.startIndex, to: quote.lowerBound) == caret.prefix(while: { $0 == " " }).count)
    }

    @Test func anErrorInAMinifiedModelShowsWhereItIs() {
        let broken = Self.minified.replacingOccurrences(of: "\"Intent9998\":{\"phrases\"", with: "\"Intent9998\":{\"phrase\"")
        do {
            _ = try ModelLoader.load(text: broken, name: "min.json")
            Issue.record("loaded a broken model")
        } catch {
            let diagnostic = error.diagnostics[0]
            let key = broken.range(of: "\"Intent9998\":{\"phrase\"")!
            let column = broken.utf8.distance(from: broken.startIndex, to: key.lowerBound) + "\"Intent9998\":{".count + 1
            #expect(diagnostic.summary.hasPrefix("min.json:1:\(column): error: unknown field \"phrase\""))
            #expect(diagnostic.excerpt.split(separator: "\n").allSatisfy { $0.count <= SourceFile.excerptWidth + 2 })
        }
    }
}
