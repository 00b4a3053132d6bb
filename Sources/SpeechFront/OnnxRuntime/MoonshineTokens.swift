import Foundation

/// Moonshine's token list (tokens.txt, written by scripts/install-asr from
/// the wheel's tokenizer: "base64-of-the-token's-bytes id" per line) and the
/// text a sequence of tokens spells. A token is bytes of UTF-8, a word's
/// start marked by "▁"; the first 259 are the special tokens and the 256
/// single bytes that spell what no longer token does.
struct MoonshineTokens {
    /// All tokens' bytes one after another, and where each starts.
    private let bytes: [UInt8]
    private let starts: [Int32]

    static let unknown: Int32 = 0, start: Int32 = 1, end: Int32 = 2

    var count: Int { starts.count - 1 }

    init(path: String, expectedCount: Int) throws(SpeechError) {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 4 << 20,
              let text = String(data: data, encoding: .utf8) else {
            throw SpeechError("cannot read Moonshine's tokens from \(path)")
        }
        var bytes: [UInt8] = []
        var starts: [Int32] = [0]
        bytes.reserveCapacity(data.count / 2)
        starts.reserveCapacity(expectedCount + 1)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            // A token may be empty: its line starts with the space.
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count == 2, Int(fields[1]) == index, let token = Data(base64Encoded: String(fields[0])) else {
                throw SpeechError("\(path):\(index + 1): not a token line (\"base64 id\", ids in order)")
            }
            bytes += token
            starts.append(Int32(bytes.count))
        }
        guard starts.count - 1 == expectedCount else {
            throw SpeechError("\(path) holds \(starts.count - 1) tokens, not Moonshine's \(expectedCount) (damaged? run scripts/install-asr)")
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// The text `tokens` spell, special tokens left out, "▁" as spaces.
    func text(of tokens: [Int32]) -> String {
        var spelled: [UInt8] = []
        for token in tokens where token > Self.end && Int(token) < count {
            spelled += bytes[Int(starts[Int(token)])..<Int(starts[Int(token) + 1])]
        }
        return String(decoding: spelled, as: UTF8.self)
            .replacingOccurrences(of: "\u{2581}", with: " ")
            .trimmingCharacters(in: .whitespaces)
    }
}
