import Foundation
import Testing

struct CheckAndGrammarCommandTests {
    @Test func checkSummarisesTheDefaultModel() throws {
        let run = try ToolRunner.run(["check"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("intents:            11"))
        #expect(run.stdout.contains("errors: 0, warnings: 0"))
    }

    @Test func checkReportsWarningsWithPositions() throws {
        let run = try ToolRunner.run(["check", "Tests/voicecmdTests/Fixtures/overlap.json"])
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("Tests/voicecmdTests/Fixtures/overlap.json:"))
        #expect(run.stderr.contains("warning: intents Lights and Lamps can match the same words, for example \"turn on <Room>\""))
    }

    /// What `run` would only answer with "Sorry, that didn't work.": a
    /// handler program that is not there, or cannot be run, and a reply
    /// naming something no handler prints.
    @Test func checkFindsProgramsThatCannotRunAndRepliesWithHoles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "#!/bin/sh\n".write(toFile: folder + "/not-executable.sh", atomically: false, encoding: .utf8)
        let model = #"""
            {"application": "Speaker", "intents": {
              "SetVolume": {"parameters": {"volume": {"type": "integer"}}, "phrases": ["volume \\(volume)"],
                            "handler": {"run": ["./no-such-handler.sh", "${volume}"]},
                            "replies": {"success": "Volume set to \\(level) percent."}},
              "Mute": {"phrases": ["mute"], "handler": {"run": ["\#(folder)/not-executable.sh"]}}}}
            """#
        try model.write(toFile: folder + "/speaker.json", atomically: false, encoding: .utf8)
        let run = try ToolRunner.run(["check", folder + "/speaker.json"])
        #expect(run.status == 1)
        // A model file's relative path is made from its folder when it loads.
        #expect(run.stderr.contains("error: the handler of intent SetVolume cannot be run: \(folder)/./no-such-handler.sh: no such file"),
                "\(run.stderr)")
        #expect(run.stderr.contains("error: the handler of intent Mute cannot be run: \(folder)/not-executable.sh: not executable (chmod +x it)"))
        #expect(run.stderr.contains("warning: reply \"success\" of intent SetVolume names 'level', which is no parameter; "
                                    + "it is said only when the handler prints a field \"level\" (parameters are: volume)"))
        #expect(run.stdout.contains("errors: 2, warnings: 1"))
    }

    @Test func grammarIsJSGF() throws {
        let run = try ToolRunner.run(["grammar"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("#JSGF V1.0;\n"))
        #expect(run.stdout.contains("public <command> = <filler>*"))
    }
}

extension CheckAndGrammarCommandTests {
    /// 64 two-way groups inside an optional part: 2^64 phrases, counted
    /// without a trap; 1,990 nested groups (as deep as the longest phrase
    /// allows): one error, no stack overflow.
    @Test func hugeAndDeepPhrasesAreCheckedSafely() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-huge-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let many = directory.appendingPathComponent("many.json").path
        try #"{"application": "A", "intents": {"Go": {"phrases": ["go [\#(String(repeating: "(a|b)", count: 64))]"]}}}"#
            .write(toFile: many, atomically: false, encoding: .utf8)
        let run = try ToolRunner.run(["check", many])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("phrases:            1 (more than 9e18 written out)"))
        let deep = directory.appendingPathComponent("deep.json").path
        try #"{"application": "A", "intents": {"Go": {"phrases": ["\#(String(repeating: "(", count: 1_990))go\#(String(repeating: ")", count: 1_990))"]}}}"#
            .write(toFile: deep, atomically: false, encoding: .utf8)
        let deepRun = try ToolRunner.run(["check", deep])
        #expect(deepRun.status == 1)
        #expect(deepRun.stderr.contains("groups nested more than 32 deep"), "\(deepRun.stderr.prefix(300))")
    }

    /// `check` passed phrases that `transcribe --commands` then refused with
    /// "no pronunciation for …" and no position: now both report the word
    /// where the model writes it.
    @Test func wordsTheRecogniserCannotPronounceAreErrorsWithTheirPosition() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-unpronounceable-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("travel.json").path
        try #"""
            {"application": "Travel",
             "types": {"City": {"kind": "entity", "entities": [{"id": "tokyo", "name": "Tokyo", "synonyms": ["東京"]}]}},
             "intents": {"Fly": {"parameters": {"city": {"type": "City"}}, "phrases": ["fly to \(city)", "zorbleflux to \(city)"]}}}
            """#.write(toFile: path, atomically: false, encoding: .utf8)
        let message = "error: no pronunciation for \"東京\": add it to travel.dict beside the model (flite guesses only words of the letters a–z)"
        let check = try ToolRunner.run(["check", path])
        #expect(check.status == 1)
        #expect(check.stderr.hasPrefix("\(path):2:99: \(message)\n"), "\(check.stderr)")
        #expect(check.stdout.contains("zorbleflux  Z AO R B L F L AH K S  (guessed by flite)"))
        #expect(check.stdout.contains("errors: 1, warnings: 0"))
        let transcribe = try ToolRunner.run(["transcribe", "--commands", path, "Tests/SpeechFrontTests/Fixtures/clips/device-on-slt.flac"])
        #expect(transcribe.status == 1)
        #expect(transcribe.stderr == "Error: \(path):2:99: \(message)\n")
    }

    /// A 10,000-letter word took `check` 78 s in the letter-to-sound program;
    /// now it is over the phrase limit, and a shorter one over the word limit,
    /// both reported at once and briefly.
    @Test func aVeryLongWordIsRefusedAtOnce() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-long-word-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let started = Date()
        for (letters, problem) in [(10_000, "phrase is 10003 bytes long; the most a phrase may be is 4000"),
                                   (3_000, "the word \"aaaaaaaaaaaaaaaaaaaa…\" is 3000 letters long; the most a word may have is 48")] {
            try #"{"application": "A", "intents": {"Go": {"phrases": ["go \#(String(repeating: "a", count: letters))"]}}}"#
                .write(toFile: path, atomically: false, encoding: .utf8)
            let run = try ToolRunner.run(["check", path])
            #expect(run.status == 1)
            let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("Error: \(path):1:"))
            #expect(first.hasSuffix(": phrase \"go \(String(repeating: "a", count: 57))…\": \(problem)"), "\(first)")
            #expect(run.stderr.utf8.count < 1_000)
        }
        #expect(Date().timeIntervalSince(started) < 10)
    }
}

extension CheckAndGrammarCommandTests {
    /// A number, duration or money parameter's range bounds what the
    /// recogniser can hear: its finite-state grammar has the words of the
    /// range and none beyond it.
    @Test(arguments: [
        (#""minutes": {"type": "integer", "min": 1, "max": 100}"#, "set a timer for \\(minutes) minutes",
         ["hundred", "ninety", "nine", "one", "a", "minutes"], ["thousand", "million", "minus", "negative", "zero", "point"]),
        (#""length": {"type": "duration", "max": 3600}"#, "set a timer for \\(length)",
         ["hour", "minutes", "seconds", "sixty", "half", "thousand"], ["day", "days", "week", "weeks", "million", "minus"]),
        (#""price": {"type": "currency", "min": 1, "max": 50}"#, "pay \\(price)",
         ["dollars", "cents", "fifty", "ninety", "euros", "thousand"], ["million", "minus", "negative"]),
    ])
    func aParametersRangeBoundsTheFiniteStateGrammar(parameter: String, phrase: String, heard: [String], notHeard: [String]) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-range-\(getpid())-\(heard[0]).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"{"application": "Timer", "intents": {"Go": {"parameters": {\#(parameter)}, "phrases": ["\#(phrase)"]}}}"#
            .write(toFile: path, atomically: false, encoding: .utf8)
        let run = try ToolRunner.run(["grammar", "--fsg", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("FSG_BEGIN commands\n"))
        let words = Set(run.stdout.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            return fields.first == "TRANSITION" && fields.count == 5 ? String(fields[4]) : nil
        })
        for word in heard { #expect(words.contains(word), "\(word)") }
        for word in notHeard { #expect(!words.contains(word), "\(word)") }
    }

    @Test func aRangeIsARuleOfTheJSGF() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-range-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"""
            {"application": "Timer", "intents": {"Go": {"parameters": {"minutes": {"type": "integer", "min": 1, "max": 100}},
             "phrases": ["set a timer for \(minutes) minutes", "set a \(minutes) minute timer"]}}}
            """#.write(toFile: path, atomically: false, encoding: .utf8)
        let run = try ToolRunner.run(["grammar", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("<intent_Go> = set a timer for <integer_1_to_100> minutes | set a <integer_1_to_100> minute timer;\n"))
        #expect(run.stdout.contains("\n<integer_1_to_100> = <num_1_to_100>;\n<num_1_to_100> = <num_below100> | (one | a) hundred;\n"))
        #expect(!run.stdout.contains("million"))
    }
}
