import Foundation

/// The entries of a PocketSphinx dictionary file (`word PH O N E S`, with
/// alternatives as `word(2)`) for just the words asked for. A decoder that
/// never needs the general language model loads only its grammar's words:
/// the whole CMU dictionary costs about 21 MB and 0.1 s at start.
enum PronunciationDictionary {
    /// The lines of the file at `path` (an upper bound on its entries); 0
    /// when it cannot be read.
    static func lineCount(of path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        return data.withUnsafeBytes { bytes in bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
    }

    /// Every entry whose word (its alternatives included) is in `words`
    /// (every entry for nil), in file order.
    static func entries(for words: Set<String>?, in path: String) throws(SpeechError) -> [(word: String, phones: String)] {
        if words?.isEmpty == true { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SpeechError("cannot read the pronunciation dictionary \(path)")
        }
        var found: [(String, String)] = []
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            let text = bytes.bindMemory(to: UInt8.self)
            var lineStart = 0
            while lineStart < text.count {
                var lineEnd = lineStart
                while lineEnd < text.count, text[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                // Leading blanks, and PocketSphinx's comment lines (## and ;;), as its reader skips them.
                var lineStart = lineStart
                while lineStart < lineEnd, text[lineStart] == UInt8(ascii: " ") || text[lineStart] == UInt8(ascii: "\t") { lineStart += 1 }
                if lineEnd - lineStart >= 2, (text[lineStart] == UInt8(ascii: "#") && text[lineStart + 1] == UInt8(ascii: "#"))
                    || (text[lineStart] == UInt8(ascii: ";") && text[lineStart + 1] == UInt8(ascii: ";")) { continue }
                var wordEnd = lineStart
                while wordEnd < lineEnd, text[wordEnd] != UInt8(ascii: " "), text[wordEnd] != UInt8(ascii: "\t") { wordEnd += 1 }
                guard wordEnd > lineStart, wordEnd < lineEnd else { continue }
                var baseEnd = wordEnd
                if text[wordEnd - 1] == UInt8(ascii: ")"), let open = (lineStart..<wordEnd).last(where: { text[$0] == UInt8(ascii: "(") }) {
                    baseEnd = open
                }
                // A word of up to 15 bytes makes a String without allocating.
                if let words, !words.contains(String(decoding: UnsafeBufferPointer(rebasing: text[lineStart..<baseEnd]), as: UTF8.self)) { continue }
                let word = String(decoding: text[lineStart..<wordEnd], as: UTF8.self)
                let phones = String(decoding: text[wordEnd..<lineEnd], as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !phones.isEmpty { found.append((word, phones)) }
            }
        }
        return found
    }
}
