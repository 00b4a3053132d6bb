import Foundation
import Testing

/// voicecmd without Moonshine: it still recognises, judging commands on
/// PocketSphinx's evidence alone, and says so once.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us/en-us/mdef"), "pocketsphinx-en-us is not installed"))
struct SecondOpinionNoteTests {
    /// As if it had not been installed: the variable's folder alone is searched.
    static let withoutMoonshine = ProcessInfo.processInfo.environment.merging(["VOICECMD_ASR": "/nonexistent"]) { $1 }

    @Test func withoutMoonshineTranscribeWorksAndSaysWhyOnce() throws {
        let run = try ToolRunner.run(["transcribe", "--jobs", "2", DenoiseOptionTests.clips + "timer-flite-slt.flac",
                                      DenoiseOptionTests.clips + "device-on-slt.flac"], environment: Self.withoutMoonshine)
        #expect(run.status == 0)
        #expect(run.stderr == "voicecmd: the second opinion is unavailable, judging commands without it: Moonshine is not installed "
                + "(run make deps, or scripts/install-vad and scripts/install-asr, from the source folder; "
                + "or set VOICECMD_ASR to a folder holding lib/ and share/voicecmd/)\n")
        #expect(run.stdout.contains("SetTimer"))
        #expect(run.stdout.contains("ChangeDeviceState"))
    }

    /// Grammar mode judges nothing, so it needs no second opinion and says nothing.
    @Test func grammarModeSaysNothing() throws {
        let run = try ToolRunner.run(["transcribe", "--mode", "grammar", DenoiseOptionTests.clips + "timer-cancel-kal.flac"],
                                     environment: Self.withoutMoonshine)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}
