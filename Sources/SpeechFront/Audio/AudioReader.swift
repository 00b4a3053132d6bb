/// The recogniser's input: 16 kHz, mono, 16-bit samples.
public enum RecognizerAudio {
    public static let sampleRate = 16_000
}

/// Something that yields 16 kHz mono 16-bit audio in chunks: a file, a raw
/// stream, a microphone. Chunks are bounded, so hours of audio stream through
/// without being held in memory.
public protocol AudioSource {
    /// The next chunk, or nil at the end of the audio.
    mutating func nextChunk() throws(AudioError) -> [Int16]?
}

/// Audio that cannot be read, said in one line.
public struct AudioError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public enum AudioSources {
    /// Samples per chunk: a quarter of a second at 16 kHz.
    static let chunkFrames = 4_000

    /// Opens a recording: raw 16 kHz 16-bit mono PCM for `-` (standard input)
    /// or a `.raw`/`.pcm` file, anything libsndfile reads otherwise.
    public static func open(path: String) throws(AudioError) -> any AudioSource {
        if path == "-" { return try RawPCMSource(path: nil) }
        let lowered = path.lowercased()
        if lowered.hasSuffix(".raw") || lowered.hasSuffix(".pcm") { return try RawPCMSource(path: path) }
        return try SoundFileSource(path: path)
    }

    /// Every sample of a source, for short clips and tests.
    public static func readAll(_ source: inout any AudioSource) throws(AudioError) -> [Int16] {
        var samples: [Int16] = []
        while let chunk = try source.nextChunk() { samples += chunk }
        return samples
    }
}
