/// Audio already in memory (16 kHz mono), handed out in chunks like a file.
package struct SampleBufferReader: AudioReader {
    private let samples: [Int16]
    private var position = 0

    package init(samples: [Int16]) { self.samples = samples }

    package mutating func nextChunk() throws(SpeechError) -> [Int16]? {
        guard position < samples.count else { return nil }
        let end = min(samples.count, position + AudioReaders.chunkFrames)
        defer { position = end }
        return Array(samples[position..<end])
    }
}
