import Foundation
import VoiceCommands

/// Names for an address book with as many different words as a real one
/// (100,000 people have some 30,000 different first names and surnames):
/// words of the pronunciation dictionary, 3 to 10 letters, none of the
/// common names', 8,000 as first names and 25,000 as surnames, spread over
/// the alphabet. Each pairing is used once, so the book holds no name twice.
enum DiverseNames {
    static let firstCount = 8_000, lastCount = 25_000

    static func words() throws -> (first: [String], last: [String]) {
        let path = try SpeechModelFiles.locate().dictionary
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw BenchError(message: "cannot read \(path)") }
        let common = Set(CommonNames.first + CommonNames.last)
        var seen: Set<Substring> = []
        var words: [String] = []
        for line in text.split(separator: "\n") {
            guard let word = line.split(separator: " ").first, (3...10).contains(word.count),
                  word.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }), !common.contains(String(word)), seen.insert(word).inserted else { continue }
            words.append(String(word))
        }
        let wanted = firstCount + lastCount
        guard words.count >= wanted else { throw BenchError(message: "\(path) has \(words.count) plain words, fewer than \(wanted)") }
        let spread = (0..<wanted).map { words[$0 * words.count / wanted] }
        // Alternate words are first names until there are enough of them.
        let first = stride(from: 0, to: 2 * firstCount, by: 2).map { spread[$0] }
        let last = stride(from: 1, to: 2 * firstCount, by: 2).map { spread[$0] } + spread[(2 * firstCount)...]
        return (first, Array(last))
    }

    /// Name `index` (from 0): every first name with a surname, then every
    /// first name with the surname 8,001 further on, and so on; distinct
    /// for as many as 8,000 × 25,000.
    static func name(_ index: Int, words: (first: [String], last: [String])) -> String {
        let first = index % firstCount, round = index / firstCount
        let last = (first + round * (firstCount + 1)) % lastCount
        return [words.first[first], words.last[last]].map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
