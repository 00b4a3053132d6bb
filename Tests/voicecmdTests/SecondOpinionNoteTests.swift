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
        #expect(run.stderr == "voicecmd: the second opinion is unavailable, judging commands without it: Moonshine tiny-en is not installed "
                + "(run make deps, or scripts/install-vad and scripts/install-asr, from the source folder; "
                + "or set VOICECMD_ASR to a folder holding lib/ and share/voicecmd/)\n")
        #expect(run.stdout.contains("SetTimer"))
        #expect(run.stdout.contains("ChangeDeviceState"))
    }

    /// The neural recogniser is named by --hearing or $VOICECMD_HEARING;
    /// a name that is neither is said in one line, with the choices.
    @Test func anUnknownHearingIsSaidInOneLine() throws {
        let clip = DenoiseOptionTests.clips + "timer-flite-slt.flac"
        let flag = try ToolRunner.run(["transcribe", "--hearing", "large", clip])
        #expect(flag.status == 64)
        #expect(flag.stderr.contains("'large' is not a neural recogniser; use tiny or base"), "\(flag.stderr)")
        let variable = try ToolRunner.run(["transcribe", clip], environment: ProcessInfo.processInfo.environment.merging(["VOICECMD_HEARING": "huge"]) { $1 })
        #expect(variable.status == 1)
        #expect(variable.stderr == "Error: VOICECMD_HEARING is 'huge', not a neural recogniser; use tiny or base\n")
        #expect(variable.stdout.isEmpty)
    }

    /// Grammar mode judges nothing, so it needs no second opinion and says nothing.
    @Test func grammarModeSaysNothing() throws {
        let run = try ToolRunner.run(["transcribe", "--mode", "grammar", DenoiseOptionTests.clips + "timer-cancel-kal.flac"],
                                     environment: Self.withoutMoonshine)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}
