import Foundation
import PhraseMatcher

/// Raw 16 kHz 16-bit little-endian mono PCM from a file or standard input.
package struct RawPCMReader: AudioReader {
    private let handle: FileHandle
    private let name: String
    /// A byte left over when a read ended between the two bytes of a sample.
    private var pendingByte: UInt8?
    private var checkedStart = false

    /// `path` nil reads standard input.
    package init(path: String?) throws(SpeechError) {
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

    package mutating func nextChunk() throws(SpeechError) -> [Int16]? {
        let data: Data
        do {
            data = try handle.read(upToCount: AudioReaders.chunkFrames * 2) ?? Data()
        } catch {
            throw SpeechError("\(name): \(SystemReason.of(error))")
        }
        var bytes = [UInt8](data)
        if !checkedStart {
            checkedStart = true
            if let problem = Self.notRawPCM(bytes) { throw SpeechError("\(name): \(problem.message)", hint: problem.isAudioFile ? .readAsFile : nil) }
        }
        // The end: a last odd byte is half a sample, and is dropped.
        if bytes.isEmpty { pendingByte = nil; return nil }
        if let pendingByte { bytes.insert(pendingByte, at: 0); self.pendingByte = nil }
        if bytes.count % 2 == 1 { pendingByte = bytes.removeLast() }
        var samples = [Int16](repeating: 0, count: bytes.count / 2)
        for index in samples.indices {
            samples[index] = Int16(bitPattern: UInt16(bytes[2 * index]) | UInt16(bytes[2 * index + 1]) << 8)
        }
        return samples
    }

    /// Why the start of a stream is not raw 16-bit PCM, when it clearly is not:
    /// an audio file's header, or text.
    static func notRawPCM(_ bytes: [UInt8]) -> (message: String, isAudioFile: Bool)? {
        for (magic, format) in [("RIFF", "a WAV file"), ("fLaC", "a FLAC file"), ("OggS", "an Ogg file"), ("ID3", "an MP3 file")]
        where bytes.starts(with: Array(magic.utf8)) {
            return ("holds \(format), not raw PCM: read it as a file, or convert it (sox FILE -t raw -r 16000 -b 16 -e signed -c 1 -)", true)
        }
        // Text is nearly all printable ASCII; 16-bit samples are not (quiet
        // audio is full of 0x00 and 0xFF high bytes).
        let sample = bytes.prefix(4096)
        let printable = sample.filter { (32...126).contains($0) || $0 == 9 || $0 == 10 || $0 == 13 }.count
        if sample.count >= 64, printable * 100 >= sample.count * 95 {
            return ("is text, not raw 16 kHz 16-bit mono PCM", false)
        }
        return nil
    }
}
