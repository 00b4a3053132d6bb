import Foundation
import Testing

/// The README's embedding code is the example's, a package of its own that
/// `make test` builds against the public API and runs: the two never drift
/// apart.
struct ReadmeSnippetTests {
    @Test func theEmbeddingCodeIsTheExamples() throws {
        let root = ToolRunner.projectDirectory
        let example = try String(contentsOf: root.appendingPathComponent("Examples/MusicPlayer/main.swift"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(example.range(of: "// README:begin\n"))
        let end = try #require(example.range(of: "// README:end"))
        let region = String(example[begin.upperBound..<end.lowerBound])
        #expect(readme.contains("```swift\n" + region + "```\n"))
    }
}
