import VoiceCommands

/// Recordings of noise alone, for false accepts: 3 s pieces of a noise
/// recording, each at its own level and at a quarter of it.
enum NoiseOnlyRecordings {
    static func pieces(of path: String) throws -> [[Int16]] {
        var source = try AudioReaders.open(path: path)
        let noise = try AudioReaders.readAll(&source)
        let piece = 3 * RecognizerAudio.sampleRate
        var pieces: [[Int16]] = []
        for start in stride(from: 0, to: noise.count - piece + 1, by: piece) {
            let samples = Array(noise[start..<(start + piece)])
            pieces += [samples, samples.map { $0 / 4 }]
        }
        return pieces
    }
}
