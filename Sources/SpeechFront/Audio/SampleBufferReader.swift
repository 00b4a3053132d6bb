/// Audio already in memory (16 kHz mono), handed out in chunks like a file.
public struct SampleBufferSource: AudioSource {
    private let samples: [Int16]
    private var position = 0

    public init(samples: [Int16]) { self.samples = samples }

    public mutating func nextChunk() throws(AudioError) -> [Int16]? {
        guard position < samples.count else { return nil }
        let end = min(samples.count, position + AudioSources.chunkFrames)
        defer { position = end }
        return Array(samples[position..<end])
    }
}
