import Foundation
import Testing

/// Noise never reaches the decoder: with Silero's voice gate, loud white
/// and brown noise and random bytes are no utterance at all (before the
/// gate, 3 s of white noise came out as "show map" at 98 %, and random
/// bytes on standard input ran "show map" and "get a cab").
@Suite(.enabled(if: SileroInstallation.isInstalled, "Silero VAD is not installed (scripts/install-vad)"))
struct VoiceGateTests {
    static func noise(_ kind: String, _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-gate-\(getpid())-\(name).wav").path
        let made = try ToolRunner.shell("sox -R -n -r 16000 -b 16 -c 1 \(path) synth 3 \(kind) vol 0.3")
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    @Test(arguments: ["whitenoise", "brownnoise", "pinknoise"])
    func loudNoiseIsNoSpeech(_ kind: String) throws {
        let path = try Self.noise(kind, kind)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ToolRunner.run(["transcribe", "--json", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"text\":\"\""), "\(run.stdout)")
        #expect(!run.stdout.contains("\"intent\":\""), "\(run.stdout)")
    }

    /// Ten seconds of random bytes as raw PCM on standard input: no command.
    @Test func randomBytesOnStandardInputAreNoCommand() throws {
        let run = try ToolRunner.shell("head -c 320000 /dev/urandom | \"$VOICECMD\" listen --input - --json")
        #expect(run.status == 0, "\(run.stderr)")
        let events = try ListenCommandTests.events(run.stdout)
        #expect(ListenCommandTests.kinds(events) == ["listening"], "\(run.stdout)")
    }

    /// The gate can be chosen, and a wrong choice is a usage error.
    @Test func theGateIsAnOption() throws {
        let bad = try ToolRunner.run(["transcribe", "--voice-gate", "maybe", "x.wav"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'maybe' is not a voice gate; use silero, energy or auto"))
        let confidence = try ToolRunner.run(["listen", "--min-confidence", "2"])
        #expect(confidence.status == 64)
        #expect(confidence.stderr.contains("--min-confidence needs a number from 0 to 1, not '2'"))
        let clip = "Tests/SpeechFrontTests/Fixtures/clips/device-on-slt.flac"
        for gate in ["silero", "energy"] {
            let run = try ToolRunner.run(["transcribe", "--voice-gate", gate, clip])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("ChangeDeviceState"), "\(gate): \(run.stdout)")
        }
    }
}

enum SileroInstallation {
    static var isInstalled: Bool {
        FileManager.default.fileExists(atPath: ToolRunner.projectDirectory.appendingPathComponent(".build/vendor/share/voicecmd/silero_vad.onnx").path)
    }
}
