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
    /// Each token as it reads: lower case (ASCII), "▁" as a space, so a
    /// wording can be spelled in tokens whatever their case.
    private let readBytes: [UInt8]
    private let readStarts: [Int32]
    /// The tokens (past the special ones) by the first byte they read as.
    private let tokensByFirstByte: [[Int32]]

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
        var readBytes: [UInt8] = [], readStarts: [Int32] = [0]
        readBytes.reserveCapacity(bytes.count)
        readStarts.reserveCapacity(starts.count)
        for token in 0..<(starts.count - 1) {
            let spelled = bytes[Int(starts[token])..<Int(starts[token + 1])]
            // Special tokens spell nothing a wording holds.
            if token > Int(Self.end) { readBytes += Self.reading(spelled) }
            readStarts.append(Int32(readBytes.count))
        }
        var tokensByFirstByte = [[Int32]](repeating: [], count: 256)
        for token in (Int(Self.end) + 1)..<(readStarts.count - 1) where readStarts[token + 1] > readStarts[token] {
            tokensByFirstByte[Int(readBytes[Int(readStarts[token])])].append(Int32(token))
        }
        self.readBytes = readBytes
        self.readStarts = readStarts
        self.tokensByFirstByte = tokensByFirstByte
    }

    /// `spelled` lower case (ASCII), each "▁" (E2 96 81) a space.
    static func reading(_ spelled: some Collection<UInt8>) -> [UInt8] {
        var read: [UInt8] = []
        read.reserveCapacity(spelled.count)
        var index = spelled.startIndex
        while index != spelled.endIndex {
            let byte = spelled[index]
            if byte == 0xE2, spelled[index...].starts(with: [0xE2, 0x96, 0x81]) {
                read.append(0x20)
                index = spelled.index(index, offsetBy: 3)
                continue
            }
            read.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            index = spelled.index(after: index)
        }
        return read
    }

    /// Calls `body` with each token that reads as the start of
    /// `text[from...]` (in `reading`'s form), and its length there.
    func forEachToken(readingAtStartOf text: [UInt8], from start: Int, _ body: (Int32, Int) -> Void) {
        guard start < text.count else { return }
        for token in tokensByFirstByte[Int(text[start])] {
            let lower = Int(readStarts[Int(token)]), upper = Int(readStarts[Int(token) + 1])
            guard upper - lower <= text.count - start else { continue }
            var same = true
            for offset in 1..<(upper - lower) where readBytes[lower + offset] != text[start + offset] {
                same = false
                break
            }
            if same { body(token, upper - lower) }
        }
    }

    /// The token that reads exactly `text`, if one does.
    func token(reading text: String) -> Int32? {
        let wanted = Self.reading(Array(text.utf8))
        var found: Int32?
        forEachToken(readingAtStartOf: wanted, from: 0) { token, length in
            if length == wanted.count, found == nil { found = token }
        }
        return found
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

extension MoonshineTokens: TokenReadings {
    var endToken: Int32 { Self.end }
    var punctuation: [Int32] { [".", ","].compactMap { token(reading: $0) } }
}
