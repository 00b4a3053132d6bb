import Foundation
import Testing

/// `--denoise` on the command line, and voicecmd without RNNoise: it still
/// recognises, and says once why it cannot denoise.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us/en-us/mdef"), "pocketsphinx-en-us is not installed"))
struct DenoiseOptionTests {
    static let clips = "Tests/SpeechFrontTests/Fixtures/clips/"
    /// As if the library had been removed: the variable alone is searched.
    static let withoutRNNoise = ProcessInfo.processInfo.environment.merging(["VOICECMD_RNNOISE": "/nonexistent/librnnoise.so"]) { $1 }

    @Test func withoutTheLibraryTranscribeWorksAndSaysWhyOnce() throws {
        let run = try ToolRunner.run(["transcribe", "--jobs", "2", Self.clips + "timer-cancel-kal.flac", Self.clips + "device-noisy-awb.flac"],
                                     environment: Self.withoutRNNoise)
        #expect(run.status == 0)
        #expect(run.stderr == "voicecmd: denoising is unavailable, going on without it: "
                + "VOICECMD_RNNOISE names /nonexistent/librnnoise.so, which does not exist\n")
        #expect(run.stdout.contains("CancelTimer"))
        #expect(run.stdout.contains("ChangeDeviceState"))
    }

    /// A truncated library (a damaged download, a full disk) would map and
    /// then kill the process with SIGBUS: it is refused before loading.
    @Test func aTruncatedLibraryIsRefusedNotLoaded() throws {
        let library = ToolRunner.projectDirectory.appendingPathComponent(".build/vendor/lib/librnnoise.so")
        let truncated = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-\(UUID().uuidString)-librnnoise.so")
        defer { try? FileManager.default.removeItem(at: truncated) }
        let whole = try Data(contentsOf: library)
        try whole.prefix(whole.count / 2).write(to: truncated)
        let environment = ProcessInfo.processInfo.environment.merging(["VOICECMD_RNNOISE": truncated.path]) { $1 }
        let run = try ToolRunner.run(["transcribe", Self.clips + "timer-cancel-kal.flac"], environment: environment)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("voicecmd: denoising is unavailable, going on without it: cannot load \(truncated.path): "
                                     + "it is truncated or damaged"), "\(run.stderr)")
        #expect(run.stdout.contains("CancelTimer"))
        let on = try ToolRunner.run(["transcribe", "--denoise", "on", Self.clips + "timer-cancel-kal.flac"], environment: environment)
        #expect(on.status == 1)
        #expect(on.stderr.hasPrefix("Error: cannot denoise: cannot load \(truncated.path): it is truncated or damaged"), "\(on.stderr)")
    }

    @Test func onWithoutTheLibraryIsAnError() throws {
        let run = try ToolRunner.run(["transcribe", "--denoise", "on", Self.clips + "timer-cancel-kal.flac"], environment: Self.withoutRNNoise)
        #expect(run.status == 1)
        #expect(run.stderr == "Error: cannot denoise: VOICECMD_RNNOISE names /nonexistent/librnnoise.so, which does not exist\n")
        let off = try ToolRunner.run(["transcribe", "--denoise", "off", Self.clips + "timer-cancel-kal.flac"], environment: Self.withoutRNNoise)
        #expect(off.status == 0)
        #expect(off.stderr.isEmpty)
    }

    @Test func anUnknownModeIsAUsageError() throws {
        let run = try ToolRunner.run(["listen", "--denoise", "loud", "--input", Self.clips + "timer-cancel-kal.flac"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: 'loud' is not a denoising mode; use on, off or auto\n"))
    }

    @Test func listenWorksWithoutTheLibrary() throws {
        let run = try ToolRunner.run(["listen", "--fast", "--input", Self.clips + "two-commands.flac"], environment: Self.withoutRNNoise)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("voicecmd: denoising is unavailable"))
        #expect(run.stdout.contains("CancelTimer") && run.stdout.contains("ChangeDeviceState"))
    }
}
