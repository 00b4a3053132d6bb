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

    /// A closed standard error is not taken by a file voicecmd opens later
    /// (here the shortcuts' lock), so no message lands in that file.
    @Test func aClosedStandardErrorIsNotReusedForAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-streams-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ToolRunner.shell("XDG_CONFIG_HOME='\(folder)' \"$VOICECMD\" shortcut add 'coffee time' -- 'words nobody has ever said' 2>&-; "
                                       + "echo \"status $?\"")
        #expect(run.stdout.hasSuffix("status 1\n"), "\(run.stdout) \(run.stderr)")
        let lock = (try? String(contentsOfFile: folder + "/voicecmd/shortcuts.json.lock", encoding: .utf8)) ?? ""
        #expect(!lock.contains("Error:"), "\(lock)")
    }
}
