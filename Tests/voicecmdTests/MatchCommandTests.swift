import Foundation
import Testing

struct MatchCommandTests {
    @Test func printsTheIntentAndArgumentsAsJSON() throws {
        let run = try ToolRunner.run(["match", "--json", "set a timer for five minutes"])
        #expect(run.status == 0)
        #expect(run.stdout == #"{"text":"set a timer for five minutes","intent":"SetTimer","application":"Assistant","confidence":0.98,"arguments":{"duration":{"value":300,"text":"five minutes"}}}"# + "\n")
    }

    @Test func wordsGivenSeparatelyAreOneUtterance() throws {
        let run = try ToolRunner.run(["match", "--json", "cancel", "the", "timer"])
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""intent":"CancelTimer""#))
    }

    @Test func humanReadableOutput() throws {
        let run = try ToolRunner.run(["match", "send a message to Alex saying running late"])
        #expect(run.status == 0)
        #expect(run.stdout == """
            send a message to Alex saying running late
              SendMessage  confidence 87%
                recipient: one of alex-smith, alex-jones  (said "Alex")
                content: "running late"

            """)
    }

    @Test func noMatchExitsWithOneAndSaysSo() throws {
        let run = try ToolRunner.run(["match", "--json", "what is the meaning of life"])
        #expect(run.status == 1)
        #expect(run.stdout == #"{"text":"what is the meaning of life","intent":null}"# + "\n")
    }

    @Test func readsOneUtterancePerLineFromStandardInput() throws {
        let run = try ToolRunner.run(["match", "--json"], stdin: "cancel the timer\n\nfly me to the moon\nturn off the kitchen light\n")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""intent":"CancelTimer""#))
        #expect(lines[1].contains(#""intent":null"#))
        #expect(lines[2].contains(#""intent":"ChangeDeviceState""#))
        #expect(run.status == 1)
    }

    @Test func allListsEveryCandidate() throws {
        let run = try ToolRunner.run(["match", "--json", "--all", "set a timer for five minutes"])
        #expect(run.stdout.contains(#""candidates":[{"intent":"SetTimer""#))
    }

    @Test func aModelFileWithAnErrorIsReportedWithItsPosition() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-cli-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("bad.json")
        try #"{"application": "A", "intents": {"X": {"phrases": ["(a|b"]}}}"#.write(to: model, atomically: false, encoding: .utf8)
        let run = try ToolRunner.run(["match", "--commands", model.path, "a"])
        #expect(run.status == 1)
        #expect(run.stderr == """
            Error: \(model.path):1:53: phrase "(a|b": '(' is never closed: expected ')' before the end
            {"application": "A", "intents": {"X": {"phrases": ["(a|b"]}}}
                                                                ^

            """)
    }

    @Test func aMissingModelFileIsOneLine() throws {
        let run = try ToolRunner.run(["check", "no-such-model.json"])
        #expect(run.status == 1)
        #expect(run.stderr == "Error: no-such-model.json: cannot read the model file: no such file\n")
    }

    /// What matched nothing is explained by the phrases that came nearest.
    @Test func explainShowsWherePhrasesPart() throws {
        let run = try ToolRunner.run(["match", "--explain", "turn the kitchen light purple"])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("""
            turn the kitchen light purple
              no intent matches
              nearest phrases:
                ChangeDeviceState  "turn [the|my] \\(device) \\(state)": follows 4 words, then expects <state> where "purple" was said

            """), "\(run.stdout)")
    }
}
