import Foundation

/// Raw 16 kHz 16-bit little-endian mono PCM from a file or standard input.
public struct RawPCMReader: AudioReader {
    private let handle: FileHandle
    private let name: String
    /// A byte left over when a read ended between the two bytes of a sample.
    private var pendingByte: UInt8?

    /// `path` nil reads standard input.
    public init(path: String?) throws(SpeechError) {
        guard let path else {
            handle = FileHandle.standardInput
            name = "standard input"
            return
        }
        guard let opened = FileHandle(forReadingAtPath: path) else {
            throw SpeechError(FileManager.default.fileExists(atPath: path) ? "\(path): cannot be read" : "\(path): no such file")
        }
        handle = opened
        name = path
    }

    public mutating func nextChunk() throws(SpeechError) -> [Int16]? {
        let data: Data
        do {
            data = try handle.read(upToCount: AudioReaders.chunkFrames * 2) ?? Data()
        } catch {
            throw SpeechError("\(name): \(error.localizedDescription)")
        }
        var bytes = [UInt8](data)
        if let pendingByte { bytes.insert(pendingByte, at: 0); self.pendingByte = nil }
        if bytes.isEmpty { return nil }
        if bytes.count % 2 == 1 { pendingByte = bytes.removeLast() }
        var samples = [Int16](repeating: 0, count: bytes.count / 2)
        for index in samples.indices {
            samples[index] = Int16(bitPattern: UInt16(bytes[2 * index]) | UInt16(bytes[2 * index + 1]) << 8)
        }
        return samples
    }
}
