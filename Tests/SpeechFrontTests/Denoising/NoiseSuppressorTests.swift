import Foundation
import Testing
@testable import SpeechFront

/// RNNoise as the set-up step installs it (the tests skip, saying why, where it could not be).
@Suite(.enabled(if: NoiseSuppressor.unavailableReason == nil, "RNNoise is unavailable: \(NoiseSuppressor.unavailableReason ?? "")"))
struct NoiseSuppressorTests {
    /// Steady noise comes out much quieter once the suppressor has learned it.
    @Test func steadyNoiseIsSuppressed() throws {
        let suppressor = try NoiseSuppressor()
        #expect(suppressor.frameSize == 480)
        var random: UInt64 = 42
        func noise() -> Float {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return (Float(random >> 40) / Float(1 << 24) - 0.5) * 2_000
        }
        var energyIn = 0.0, energyOut = 0.0
        for index in 0..<300 {
            var frame = (0..<480).map { _ in noise() }
            let before = frame.reduce(0.0) { $0 + Double($1 * $1) }
            let speech = suppressor.denoise(&frame)
            #expect(speech >= 0 && speech <= 1)
            // After the first second, when the noise has been learned.
            if index >= 100 {
                energyIn += before
                energyOut += frame.reduce(0.0) { $0 + Double($1 * $1) }
            }
        }
        #expect(10 * log10(energyIn / max(energyOut, 1)) > 10, "suppressed by \(10 * log10(energyIn / max(energyOut, 1))) dB")
    }

}

struct RNNoiseLibraryTests {
    /// A library that is missing or is not RNNoise is a reason, not a crash.
    @Test func aMissingOrWrongLibraryIsAReason() {
        guard case .failure(let missing) = RNNoiseLibrary.load(from: ["/nonexistent/librnnoise.so"]) else {
            Issue.record("loaded a library that does not exist")
            return
        }
        #expect(missing.message.hasPrefix("RNNoise is not installed (run make deps"))
        guard case .failure(let wrong) = RNNoiseLibrary.load(from: ["/usr/lib/x86_64-linux-gnu/libsndfile.so.1"]) else {
            Issue.record("loaded libsndfile as RNNoise")
            return
        }
        #expect(wrong.message.hasSuffix("is not RNNoise: it lacks rnnoise_create"))
    }
}
