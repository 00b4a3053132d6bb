import Foundation
import Testing

/// `voicecmd transcribe` as scripts use it: JSON Lines, one bad file among
/// good ones, several jobs.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us/en-us/mdef"), "pocketsphinx-en-us is not installed"))
struct TranscribeCommandTests {
    static let clips = "Tests/SpeechFrontTests/Fixtures/clips/"

    @Test func aBadFileIsReportedOnItsOwnLineAndTheOthersStillRun() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-\(getpid())-notes.wav").path
        try "not audio".write(toFile: bad, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let run = try ToolRunner.run(["transcribe", "--json", "--jobs", "2", Self.clips + "timer-cancel-kal.flac", bad,
                                      Self.clips + "device-on-slt.flac"])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""intent":"CancelTimer""#))
        #expect(lines[1].hasPrefix(#"{"file":"\#(bad)","error":"\#(bad): not a readable audio file"#))
        #expect(lines[2].contains(#""intent":"ChangeDeviceState""#))
        #expect(lines[2].contains(#""arguments":{"device":{"value":"kitchen-light","text":"kitchen light"},"state":{"value":true,"text":"on"}}"#))
    }

    @Test func checkListsWordsTheDictionaryLacks() throws {
        let run = try ToolRunner.run(["check", "Tests/SpeechFrontTests/Fixtures/models/invented.json"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("""
              dictionary:         2 words missing
                quintaphone  K W IH N T AH F OW N  (dictionary file)
                zorbleflux  Z AO R B L F L AH K S  (guessed by flite)
            """))
    }

    @Test func anUnknownModeIsAUsageError() throws {
        let run = try ToolRunner.run(["transcribe", "--mode", "fast", Self.clips + "device-on-slt.flac"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: 'fast' is not a search mode; use grammar, lm or auto\n"))
    }
}

extension TranscribeCommandTests {
    /// It said "ps_set_lm_file(…) failed (-1)", the library's words.
    @Test func aLanguageModelFileThatIsNotOneIsNamedInTheError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-bad-\(getpid()).lm").path
        try "this is not a language model\n".write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ToolRunner.run(["transcribe", "--mode", "lm", Self.clips + "device-on-slt.flac"], environment: ProcessInfo.processInfo.environment.merging(["VOICECMD_LM": path]) { $1 })
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Error: \(path): not a language model PocketSphinx can read (ARPA text or its binary form; "))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func nbestListsOtherHypothesesButNotTheBestOne() throws {
        let run = try ToolRunner.run(["transcribe", "--json", "--nbest", "3", "--mode", "lm", Self.clips + "device-on-slt.flac"])
        #expect(run.status == 0)
        let line = try #require(run.stdout.split(separator: "\n").first.map(String.init))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let text = try #require(object["text"] as? String)
        let alternatives = try #require(object["alternatives"] as? [String])
        #expect(!alternatives.isEmpty && alternatives.count <= 2)
        #expect(!alternatives.contains(text))
        #expect(Set(alternatives).count == alternatives.count)
    }
}
