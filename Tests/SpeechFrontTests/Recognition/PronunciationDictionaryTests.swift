import Foundation
import Testing
@testable import SpeechFront

/// The lean dictionary's lookup: just the words asked for, alternative
/// pronunciations included, exactly as the file has them.
struct PronunciationDictionaryTests {
    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-dict-\(UUID().uuidString).dict").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func findsTheWordsAskedForWithTheirAlternatives() throws {
        let path = try Self.write("## a comment\n;; read R EH D\na AH\na(2) EY\nabc EY B IY S IY\nread R IY D\nread(2) R EH D\r\nreader R IY D ER\n\n  weird\tW IH R D \n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let entries = try PronunciationDictionary.entries(for: ["read", "a", "weird", "absent"], in: path)
        #expect(entries.map(\.word) == ["a", "a(2)", "read", "read(2)", "weird"])
        #expect(entries.map(\.phones) == ["AH", "EY", "R IY D", "R EH D", "W IH R D"])
        #expect(try PronunciationDictionary.entries(for: nil, in: path).count == 7)
        #expect(try PronunciationDictionary.entries(for: [], in: path).isEmpty)
    }

    /// Lines bound the entries, which size an n-gram search's word table.
    @Test func countsLinesOrNoneForAnUnreadableFile() throws {
        let path = try Self.write("a AH\na(2) EY\n\nread R IY D\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(PronunciationDictionary.lineCount(of: path) == 4)
        #expect(PronunciationDictionary.lineCount(of: "/nonexistent/cmudict.dict") == 0)
    }

    @Test func anUnreadableFileIsAnError() {
        #expect(throws: SpeechError.self) { try PronunciationDictionary.entries(for: ["a"], in: "/nonexistent/cmudict.dict") }
    }
}
