import Foundation
import PhraseMatcher

/// A trained `WakeNetwork` on disk: one line naming the format, one line of
/// JSON (the phrase, the hidden width, the embedding it reads, the training
/// recipe's version), then the
/// weights as little-endian 32-bit floats. Read back only when every part
/// is there and the sizes agree: a cache file can be cut short or replaced.
extension WakeNetwork {
    static let magic = "voicecmd-wake-network 1\n"
    /// The embedding the weights were trained on top of.
    static let embeddingName = "speech-embedding openwakeword-0.4.0"
    static let largestHiddenWidth = 1_024

    private struct Header: Codable {
        var phrase: String
        var hidden: Int
        var embedding: String
        var recipe: Int?
    }

    /// Writes the network to `path`, replacing any file there whole.
    public func write(to path: String) throws(SpeechError) {
        var data = Array(Self.magic.utf8)
        let header = Header(phrase: phrase, hidden: hiddenWidth, embedding: Self.embeddingName, recipe: recipe)
        // Keys in order: the same training writes the same file.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let json = try? encoder.encode(header) else { throw SpeechError("cannot encode the wake network's header") }
        data.append(contentsOf: json)
        data.append(UInt8(ascii: "\n"))
        for value in inputWeights + hiddenBiases + outputWeights + [outputBias] {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        }
        // A reader never sees half a network, and two trainings never share a temporary.
        do {
            try FileReplacement.write(data, to: path)
        } catch {
            throw SpeechError("cannot write the wake network to \(path): \(error.reason)")
        }
    }

    /// Reads a network `write(to:)` wrote; throws when the file is missing,
    /// damaged, or made on another embedding.
    public init(contentsOf path: String) throws(SpeechError) {
        let data: Data
        do {
            data = try BoundedFileReader.read(path, limit: Self.largestFile)
        } catch {
            throw SpeechError("cannot read the wake network \(path): \(error.reason)")
        }
        try self.init(data: data, path: path)
    }

    static var largestFile: Int { magic.utf8.count + 4_096 + 4 * (largestHiddenWidth * (inputWidth + 2) + 1) }

    /// The network in `data`, the contents of the file at `path` (named in errors).
    init(data: Data, path: String) throws(SpeechError) {
        guard data.count <= Self.largestFile else { throw SpeechError("\(path) is too large to be a wake network") }
        guard data.starts(with: Data(Self.magic.utf8)),
              let end = data[Self.magic.utf8.count...].firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONDecoder().decode(Header.self, from: data[Self.magic.utf8.count..<end]) else {
            throw SpeechError("\(path) is not a voicecmd wake network")
        }
        guard (try? WakePhrase(header.phrase))?.text == header.phrase else {
            throw SpeechError("\(path) names no wake phrase voicecmd could have trained")
        }
        guard header.embedding == Self.embeddingName else {
            throw SpeechError("\(path) was trained on another embedding than \(Self.embeddingName): train it again")
        }
        guard (1...Self.largestHiddenWidth).contains(header.hidden) else { throw SpeechError("\(path) has \(header.hidden) hidden units") }
        let counts = [header.hidden * Self.inputWidth, header.hidden, header.hidden, 1]
        let weights = data[(end + 1)...]
        guard weights.count == 4 * counts.reduce(0, +) else {
            throw SpeechError("\(path) is cut short or damaged (\(weights.count) bytes of weights, not \(4 * counts.reduce(0, +)))")
        }
        var values: [Float] = []
        values.reserveCapacity(weights.count / 4)
        var index = weights.startIndex
        while index < weights.endIndex {
            var bits: UInt32 = 0
            for byte in 0..<4 { bits |= UInt32(weights[index + byte]) << (8 * UInt32(byte)) }
            values.append(Float(bitPattern: bits))
            index += 4
        }
        guard values.allSatisfy(\.isFinite) else { throw SpeechError("\(path) holds weights that are not numbers") }
        phrase = header.phrase
        hiddenWidth = header.hidden
        recipe = header.recipe ?? 1
        var at = 0
        func next(_ count: Int) -> [Float] { defer { at += count }; return Array(values[at..<(at + count)]) }
        inputWeights = next(counts[0])
        hiddenBiases = next(counts[1])
        outputWeights = next(counts[2])
        outputBias = next(1)[0]
    }
}
