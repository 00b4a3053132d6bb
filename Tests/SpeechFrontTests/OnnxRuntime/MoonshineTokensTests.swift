import Foundation
import Testing
@testable import SpeechFront

struct MoonshineTokensTests {
    /// A token file as scripts/install-asr writes it, of `tokens`' bytes.
    private func tokenFile(_ tokens: [[UInt8]], lines: [String]? = nil) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-tokens-\(getpid())-\(UUID().uuidString).txt").path
        let text = lines ?? tokens.enumerated().map { "\(Data($1).base64EncodedString()) \($0)" }
        try (text.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    private let specials: [[UInt8]] = [Array("<unk>".utf8), Array("<s>".utf8), Array("</s>".utf8)]

    @Test func wordsStartAtTheirMarkAndSpecialTokensAreLeftOut() throws {
        // The real list holds an empty token too (its line starts with the space).
        let path = try tokenFile(specials + [Array("\u{2581}Call".utf8), Array("\u{2581}Da".utf8), Array("vid".utf8), Array(".".utf8), []])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tokens = try MoonshineTokens(path: path, expectedCount: 8)
        #expect(tokens.text(of: [1, 3, 4, 7, 5, 6, 2]) == "Call David.")
        #expect(tokens.text(of: [0, 99, -1]) == "")
    }

    /// Byte tokens spell a character between them.
    @Test func bytesOfOneCharacterJoin() throws {
        let path = try tokenFile(specials + [[0xC3], [0xA9], Array("\u{2581}caf".utf8)])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tokens = try MoonshineTokens(path: path, expectedCount: 6)
        #expect(tokens.text(of: [5, 3, 4]) == "café")
    }

    @Test func aDamagedFileIsRefusedWithWhere() throws {
        let short = try tokenFile(specials)
        defer { try? FileManager.default.removeItem(atPath: short) }
        #expect(throws: SpeechError("\(short) holds 3 tokens, not Moonshine's 32768 (damaged? run scripts/install-asr)")) {
            try MoonshineTokens(path: short, expectedCount: 32_768)
        }
        let garbled = try tokenFile([], lines: ["PHVuaz4= 0", "PHM+ 7"])
        defer { try? FileManager.default.removeItem(atPath: garbled) }
        #expect(throws: SpeechError("\(garbled):2: not a token line (\"base64 id\", ids in order)")) {
            try MoonshineTokens(path: garbled, expectedCount: 2)
        }
    }
}
