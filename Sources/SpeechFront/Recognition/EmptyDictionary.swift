import Foundation

/// An empty pronunciation dictionary with room for many words, for a
/// decoder that is given its words one by one (`ps_add_word`).
/// PocketSphinx sizes its word table from the lines of the dictionary file
/// (blank lines count and add no word: Debian's 5prealpha, measured) plus
/// 4,096, and the table never grows. Started on `/dev/null`, 100,000 names
/// share about 6,000 buckets, and adding them and looking them up costs
/// 0.13 s more than with room for them.
enum EmptyDictionary {
    /// Beyond this many words the file is not made bigger (a million
    /// entities with their words fit).
    static let mostRoom = 4_000_000

    /// Runs `body` with the path of an empty dictionary with room for
    /// `words` words, removed afterwards (PocketSphinx reads it while the
    /// decoder starts). `/dev/null` when PocketSphinx's own room is enough,
    /// or when the file cannot be written: the decoder is then slower to
    /// set up, not wrong.
    static func withRoom<Result>(for words: Int, _ body: (String) throws(SpeechError) -> Result) throws(SpeechError) -> Result {
        guard words > 4_096 else { return try body("/dev/null") }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("voicecmd-empty-\(getpid())-\(UUID().uuidString).dict").path
        let lines = Data(repeating: UInt8(ascii: "\n"), count: min(words, mostRoom))
        guard FileManager.default.createFile(atPath: path, contents: lines, attributes: [.posixPermissions: 0o600]) else {
            return try body("/dev/null")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }
}
