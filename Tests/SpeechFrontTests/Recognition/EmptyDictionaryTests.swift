import Foundation
import Testing
@testable import SpeechFront

/// The empty dictionary a lean decoder starts on: as many blank lines as
/// words to come (PocketSphinx sizes its word table by them), gone once
/// the decoder has read it.
struct EmptyDictionaryTests {
    @Test func fewWordsNeedNoFile() throws {
        let path = try EmptyDictionary.withRoom(for: 4_096) { path in path }
        #expect(path == "/dev/null")
    }

    @Test func manyWordsGetABlankLineEachAndTheFileIsRemoved() throws {
        let (path, contents) = try EmptyDictionary.withRoom(for: 100_000) { path in (path, FileManager.default.contents(atPath: path)) }
        #expect(path != "/dev/null")
        #expect(contents == Data(repeating: UInt8(ascii: "\n"), count: 100_000))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func theFileIsRemovedWhenTheDecoderFails() throws {
        var seen = ""
        #expect(throws: SpeechError.self) {
            try EmptyDictionary.withRoom(for: 10_000) { path throws(SpeechError) in
                seen = path
                throw SpeechError("no decoder")
            }
        }
        #expect(!seen.isEmpty && !FileManager.default.fileExists(atPath: seen))
    }

    @Test(.enabled(if: SharedRecognizer.modelInstalled, "needs pocketsphinx-en-us"))
    func aDecoderStartsOnItKnowingNoWordAndTakesNewOnes() throws {
        let files = try SpeechModelFiles.locate()
        let decoder = try EmptyDictionary.withRoom(for: 50_000) { path throws(SpeechError) in
            try SearchDecoder(options: [("hmm", files.acousticModel), ("dict", path)], verbose: false)
        }
        #expect(decoder.pronunciation(of: "hello") == nil)
        try decoder.addWord("hello", phones: "HH AH L OW", updateSearch: false)
        #expect(decoder.pronunciation(of: "hello") == "HH AH L OW")
    }
}
