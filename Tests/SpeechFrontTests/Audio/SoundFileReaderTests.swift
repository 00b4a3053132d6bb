import Foundation
import Testing
@testable import SpeechFront

/// Audio files in several encodings, rates and channel counts, made with sox
/// at test time: every one comes out as 16 kHz mono with its length and pitch kept.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sox"), "sox is not installed"))
struct SoundFileReaderTests {
    static func makeTone(_ name: String, _ soxOptions: [String], seconds: Double = 1, frequency: Int = 440) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-audio-\(getpid())-\(name)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        // -R: sox dithers with a fresh seed each run unless told to repeat,
        // and a fixture must be the same bytes every time.
        process.arguments = ["-R", "-n"] + soxOptions + [path, "synth", String(seconds), "sine", String(frequency), "vol", "0.5"]
        try process.run()
        process.waitUntilExit()
        // A tone sox did not finish would pass for a file of another shape.
        guard process.terminationReason == .exit, process.terminationStatus == 0,
              let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 44 else {
            throw ToneError(description: "sox did not make \(path) (status \(process.terminationStatus))")
        }
        return path
    }
    struct ToneError: Error, CustomStringConvertible { let description: String }

    /// Sign changes per second / 2 ≈ the tone's frequency.
    static func frequency(of samples: [Int16]) -> Double {
        var crossings = 0
        for index in 1..<samples.count where (samples[index - 1] < 0) != (samples[index] < 0) { crossings += 1 }
        return Double(crossings) / 2 / (Double(samples.count) / 16_000)
    }

    @Test(arguments: [
        ("pcm16.wav", ["-r", "16000", "-c", "1", "-b", "16"]),
        ("pcm8.wav", ["-r", "16000", "-c", "1", "-b", "8", "-e", "unsigned-integer"]),
        ("pcm24.wav", ["-r", "16000", "-c", "1", "-b", "24"]),
        ("float.wav", ["-r", "16000", "-c", "1", "-b", "32", "-e", "floating-point"]),
        ("cd.wav", ["-r", "44100", "-c", "2", "-b", "16"]),
        ("espeak-rate.wav", ["-r", "22050", "-c", "1", "-b", "16"]),
        ("low.wav", ["-r", "8000", "-c", "1", "-b", "16"]),
        ("tone.flac", ["-r", "48000", "-c", "1", "-b", "16"]),
    ])
    func readsAnyEncodingAs16kHzMono(_ name: String, _ options: [String]) throws {
        let path = try Self.makeTone(name, options, seconds: 1.5)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var source = try AudioReaders.open(path: path)
        let samples = try AudioReaders.readAll(&source)
        #expect(abs(samples.count - 24_000) < 400, "\(samples.count) samples")
        #expect(abs(Self.frequency(of: samples) - 440) < 10)
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 14_000 && peak < 18_000, "peak \(peak)")
    }
}
