import Foundation
import SpeechFront

/// The audio readers on any bytes, as a .wav (libsndfile decides the format
/// from the header) and as raw PCM: samples or one error, bounded work.
private let directory: String = {
    let path = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()) + "/voicecmd-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func audioReadersFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    for name in ["input.wav", "input.raw"] {
        let path = directory + "/" + name
        guard (try? bytes.write(to: URL(fileURLWithPath: path))) != nil else { continue }
        do {
            var reader = try AudioReaders.open(path: path)
            var total = 0
            while let chunk = try reader.nextChunk() {
                total += chunk.count
                // A few seconds of fuzz input can declare hours; reading them all is not the point.
                if total > 60 * RecognizerAudio.sampleRate { break }
            }
        } catch {
            precondition(error.message.hasPrefix(path), "an audio error names the file: \(error.message)")
        }
    }
    return 0
}
