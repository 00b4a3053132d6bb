/// A recording in any format libsndfile reads (WAV in every PCM and float
/// encoding, FLAC, Ogg Vorbis/Opus, …), streamed as 16 kHz mono 16-bit
/// chunks: mixed down, converted, clipped.
package struct SoundFileReader: AudioReader {
    private let file: SoundFile
    private let converter: SampleRateConverter?
    private var finished = false
    private var producedAny = false
    private let path: String

    package init(path: String) throws(SpeechError) {
        self.path = path
        file = try SoundFile(path: path)
        do {
            converter = file.sampleRate == RecognizerAudio.sampleRate ? nil : try SampleRateConverter(fromRate: file.sampleRate)
        } catch {
            throw SpeechError("\(path): \(error.message)")
        }
    }

    package mutating func nextChunk() throws(SpeechError) -> [Int16]? {
        guard !finished else { return nil }
        let frames = AudioReaders.chunkFrames * max(1, file.sampleRate / RecognizerAudio.sampleRate)
        var samples: [Float]
        do {
            samples = try file.readMono(frames: frames)
        } catch {
            throw SpeechError("\(path): \(error.message)")
        }
        let isLast = samples.count < frames
        if let converter {
            do {
                samples = try converter.convert(samples, isLast: isLast)
            } catch {
                throw SpeechError("\(path): \(error.message)")
            }
        }
        if isLast { finished = true }
        if samples.isEmpty {
            if !producedAny { throw SpeechError("\(path): the file holds no audio samples") }
            return nil
        }
        producedAny = true
        return samples.map { Int16(max(-32768, min(32767, ($0 * 32767).rounded()))) }
    }
}
