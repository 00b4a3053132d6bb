import Foundation
import Testing

/// The README's embedding code is the example's, which the package builds:
/// the two never drift apart.
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

extension ReadmeSnippetTests {
    /// The example does what the README says, with the real recogniser.
    @Test func theExampleHearsItsRecording() throws {
        let process = Process()
        process.executableURL = ToolRunner.productsDirectory.appendingPathComponent("music-player")
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text == """
            typed: PlaySong
            heard: play yellow submarine
            intent: PlaySong entity("yellow-submarine")
            reply: Playing Yellow Submarine.

            """)
    }
}
