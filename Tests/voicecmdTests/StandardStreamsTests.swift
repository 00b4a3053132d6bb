import Foundation
import Testing

/// A message that cannot be written never kills voicecmd: the exit status
/// still says what happened (it was SIGILL, 132, from a trapping write).
struct StandardStreamsTests {
    @Test(arguments: ["2>/dev/full", "2>&-"])
    func aFailedErrorMessageStillExitsOne(redirection: String) throws {
        let run = try ToolRunner.shell("\"$VOICECMD\" transcribe missing.wav \(redirection); echo \"status $?\"")
        #expect(run.stdout == "status 1\n", "\(run.stdout) \(run.stderr)")
    }

    /// With standard input closed, `test -` reads nothing and says so.
    @Test func aTestFromClosedStandardInputIsAnErrorNotACrash() throws {
        let run = try ToolRunner.shell("\"$VOICECMD\" test - <&- 2>/dev/full; echo \"status $?\"")
        #expect(run.stdout.hasSuffix("status 1\n"), "\(run.stdout) \(run.stderr)")
    }

    /// A closed standard error is not taken by a file voicecmd opens later,
    /// so no message lands in a written file.
    @Test func aClosedStandardErrorIsNotReusedForAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-streams-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ToolRunner.shell("\"$VOICECMD\" init '\(folder)' 2>&-; echo \"status $?\"")
        #expect(run.stdout.hasSuffix("status 0\n"), "\(run.stdout) \(run.stderr)")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let text = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
            #expect(!text.contains("Error:") && !text.contains("voicecmd:"), "\(name)")
        }
    }
}
