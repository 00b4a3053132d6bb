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

    /// ±1 LSB dither, the quietest noise there is: with the energy gate
    /// the endpointer cuts "utterances" from it, in which the recogniser
    /// finds no words; they are no utterances at all.
    @Test func ditherIsNoSpeech() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-dither-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var state: UInt32 = 12_345
        let samples = (0..<160_000).map { _ -> Int16 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 31 == 0 ? -1 : 1
        }
        try Self.wave(samples).write(to: URL(fileURLWithPath: path))
        for gate in ["energy", "auto"] {
            let run = try ToolRunner.run(["transcribe", "--voice-gate", gate, path])
            #expect(run.status == 0)
            #expect(run.stdout == path + ": no speech\n", "\(gate): \(run.stdout)")
        }
    }

    /// 16 kHz mono 16-bit PCM in a WAV file.
    static func wave(_ samples: [Int16]) -> Data {
        func bytes<T: FixedWidthInteger>(_ value: T) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
        let body = samples.reduce(into: Data()) { $0 += bytes($1) }
        return Data("RIFF".utf8) + bytes(UInt32(36 + body.count)) + Data("WAVEfmt ".utf8) + bytes(UInt32(16)) + bytes(UInt16(1))
            + bytes(UInt16(1)) + bytes(UInt32(16_000)) + bytes(UInt32(32_000)) + bytes(UInt16(2)) + bytes(UInt16(16))
            + Data("data".utf8) + bytes(UInt32(body.count)) + body
    }

    /// Without --json too, a rejected recognition says why: the words fit
    /// a command, heard with less confidence than a command needs.
    @Test func aRejectionSaysWhyInText() throws {
        let run = try ToolRunner.run(["transcribe", Self.clips + "out-of-grammar-fox.flac"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("  no command: heard with confidence 0.") == true, "\(run.stdout)")
        #expect(lines.last?.hasSuffix(" a command needs") == true, "\(run.stdout)")
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
