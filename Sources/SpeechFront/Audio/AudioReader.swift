import PhraseMatcher

/// The recogniser's input: 16 kHz, mono, 16-bit samples.
public enum RecognizerAudio {
    /// Samples per second.
    public static let sampleRate = 16_000
}

/// Reads 16 kHz mono 16-bit audio in chunks, blocking until each is there:
/// a file, a raw stream. Chunks are bounded, so hours of audio stream through
/// without being held in memory. Batch transcription pulls from a reader
/// directly; a live stream wraps one in an `AudioSource`.
public protocol AudioReader {
    /// The next chunk, or nil at the end of the audio.
    mutating func nextChunk() throws(SpeechError) -> [Int16]?
}

/// Opens recordings as `AudioReader`s, and reads them whole.
public enum AudioReaders {
    /// Samples per chunk: a quarter of a second at 16 kHz.
    static let chunkFrames = 4_000

    /// Opens a recording: raw 16 kHz 16-bit mono PCM for `-` (standard input)
    /// or a `.raw`/`.pcm` file, anything libsndfile reads otherwise.
    public static func open(path: String) throws(SpeechError) -> any AudioReader {
        if path == "-" { return try RawPCMReader(path: nil) }
        // A FIFO would block in open() until something writes, a device
        // (/dev/zero) never ends: a stream comes through standard input, or
        // a descriptor already open (bash's <(…) is /dev/fd/63, a pipe
        // with its writer running), which may be a pipe but not a device.
        do {
            if isOpenDescriptor(path) {
                try BoundedFileReader.requireNoDevice(path)
            } else {
                try BoundedFileReader.requireRegularFile(path)
            }
        } catch {
            throw SpeechError("\(path): \(error.reason)" + (error.isStream ? "; a stream is read from standard input" : ""))
        }
        let lowered = path.lowercased()
        if lowered.hasSuffix(".raw") || lowered.hasSuffix(".pcm") { return try RawPCMReader(path: path) }
        return try SoundFileReader(path: path)
    }

    /// `/dev/stdin`, `/dev/fd/N` or `/proc/self/fd/N`: a descriptor the
    /// process already holds.
    static func isOpenDescriptor(_ path: String) -> Bool {
        if path == "/dev/stdin" { return true }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            let number = path.dropFirst(prefix.count)
            return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
        }
        return false
    }

    /// Every sample of a source, for short clips and tests.
    public static func readAll(_ source: inout any AudioReader) throws(SpeechError) -> [Int16] {
        var samples: [Int16] = []
        while let chunk = try source.nextChunk() { samples += chunk }
        return samples
    }
}
