import Foundation
import Testing

/// `voicecmd listen` on recordings and raw PCM streams, end to end: real
/// PocketSphinx, recordings made by Tests/VoiceCommandsTests/Fixtures/sessions/make-sessions.sh.
@Suite struct ListenCommandTests {
    static let sessions = "Tests/VoiceCommandsTests/Fixtures/sessions"

    /// The JSON events of a run, parsed.
    static func events(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    static func kinds(_ events: [[String: Any]]) -> [String] {
        events.compactMap { event in
            switch event["event"] as? String {
            case "prompt": "prompt:\(event["kind"] ?? "")"
            case "reply": "reply:\(event["code"] ?? "")"
            case "intent": "intent:\(event["intent"] as? String ?? "null")"
            case let other?: other
            case nil: nil
            }
        }
    }

    @Test func aSpokenConversationAnswersEachQuestionByVoice() throws {
        let run = try ToolRunner.run(["listen", "--input", "\(Self.sessions)/conversation.flac", "--fast", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let events = try Self.events(run.stdout)
        #expect(Self.kinds(events) == [
            "listening",
            "transcript", "intent:SendMessage", "prompt:disambiguation",
            "transcript", "answer", "prompt:needsValue",
            "transcript", "answer", "prompt:confirmation",
            "transcript", "answer", "reply:success",
        ])
        let prompts = events.filter { $0["event"] as? String == "prompt" }.compactMap { $0["text"] as? String }
        #expect(prompts.first == "Which contact: Alex Smith or Alex Jones?")
        #expect(prompts.last?.hasSuffix("to Alex Jones?") == true)
        let answers = events.filter { $0["event"] as? String == "answer" }.compactMap { $0["text"] as? String }
        #expect(answers.first == "the second one")
        #expect(answers.last == "yes")
        let reply = try #require(events.last?["text"] as? String)
        #expect(reply.contains("Alex Jones"))
        // Every event of a turn carries its utterance's place in the stream.
        for event in events.dropFirst() {
            let start = try #require(event["start"] as? Double), end = try #require(event["end"] as? Double)
            #expect(start >= 0 && end > start && end <= 10.3)
        }
    }

    @Test func cancelEndsTheConversation() throws {
        let run = try ToolRunner.run(["listen", "--input", "\(Self.sessions)/conversation-cancel.flac", "--fast", "--json"])
        #expect(run.status == 0)
        let kinds = Self.kinds(try Self.events(run.stdout))
        #expect(kinds == ["listening", "transcript", "intent:SendMessage", "prompt:disambiguation", "transcript", "answer", "reply:canceled"])
    }

    static let kitchenIntents = ["SetTimer", "ChangeDeviceState", "OrderCoffee", "StartWorkout", "CancelTimer"]

    /// Five commands 2–3 s apart over synthetic kitchen noise at 18 dB:
    /// exactly five intents, the right ones, none invented from the clinks.
    @Test(arguments: [true, false]) func fiveCommandsInKitchenNoiseGiveFiveIntents(fast: Bool) throws {
        let run = try ToolRunner.run(["listen", "--input", "\(Self.sessions)/kitchen-five.flac", "--json"] + (fast ? ["--fast"] : []))
        #expect(run.status == 0)
        let events = try Self.events(run.stdout)
        let intents = events.filter { $0["event"] as? String == "intent" }.map { $0["intent"] as? String ?? "null" }
        #expect(intents == Self.kitchenIntents)
        #expect(!events.contains { $0["event"] as? String == "dropped" })
    }

    @Test func rawPCMOnStandardInputFromSox() throws {
        let run = try ToolRunner.shell(
            "sox \(Self.sessions)/kitchen-five.flac -t raw -r 16000 -b 16 -e signed -c 1 - | \"$VOICECMD\" listen --input - --json")
        #expect(run.status == 0, "\(run.stderr)")
        let intents = try Self.events(run.stdout).filter { $0["event"] as? String == "intent" }.map { $0["intent"] as? String ?? "null" }
        #expect(intents == Self.kitchenIntents)
    }

    /// A stream that stops mid-utterance ends cleanly with what was heard.
    @Test func aStreamCutMidUtteranceEndsWithWhatWasHeard() throws {
        let run = try ToolRunner.shell(
            "sox \(Self.sessions)/conversation.flac -t raw -r 16000 -b 16 -e signed -c 1 - trim 0 1.2 | \"$VOICECMD\" listen --input - --json")
        #expect(run.status == 0)
        let events = try Self.events(run.stdout)
        let transcript = try #require(events.first { $0["event"] as? String == "transcript" })
        #expect((transcript["text"] as? String)?.hasPrefix("send a message") == true)
        #expect((transcript["end"] as? Double ?? 0) <= 1.21)
    }

    @Test func badInputIsOneLineErrorOrACleanEnd() throws {
        let missing = try ToolRunner.run(["listen", "--input", "no-such-clip.wav"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: no-such-clip.wav: no such file\n")

        let unreadable = try ToolRunner.run(["listen", "--input", "Package.swift"])
        #expect(unreadable.status == 1)
        #expect(unreadable.stderr.hasPrefix("Error: Package.swift: not a readable audio file"))
        #expect(unreadable.stderr.split(separator: "\n").count == 1)

        let text = try ToolRunner.run(["listen", "--input", "-"], stdin: String(repeating: "this is not audio at all\n", count: 20))
        #expect(text.status == 1)
        #expect(text.stderr == "Error: standard input: is text, not raw 16 kHz 16-bit mono PCM\n")

        let wav = try ToolRunner.shell("sox \(Self.sessions)/conversation-cancel.flac -t wav - | \"$VOICECMD\" listen --input -")
        #expect(wav.status == 1)
        #expect(wav.stderr.hasPrefix("Error: standard input: holds a WAV file, not raw PCM"))

        let closed = try ToolRunner.run(["listen", "--input", "-"], stdin: "")
        #expect(closed.status == 0)
        #expect(closed.stdout.isEmpty && closed.stderr.isEmpty)

        // Without --input, the microphone: here no server to record from.
        var noServer = ProcessInfo.processInfo.environment
        noServer["PULSE_SERVER"] = "unix:/nonexistent/voicecmd-test"
        let noInput = try ToolRunner.run(["listen"], environment: noServer)
        #expect(noInput.status == 1)
        #expect(noInput.stderr.hasPrefix("Error: cannot reach a PulseAudio server"))

        let both = try ToolRunner.run(["listen", "--input", "-", "--device", "mic"])
        #expect(both.status == 64)

        let badSilence = try ToolRunner.run(["listen", "--input", "-", "--trailing-silence", "forever"])
        #expect(badSilence.status == 64)

        let thresholdAlone = try ToolRunner.run(["listen", "--input", "-", "--wake-threshold", "0.8"])
        #expect(thresholdAlone.status == 64)
        #expect(thresholdAlone.stderr.hasPrefix("Error: --wake-threshold needs a wake phrase (--wake \"hey computer\")"))
        let badThreshold = try ToolRunner.run(["listen", "--input", "-", "--wake", "hey computer", "--wake-threshold", "5"])
        #expect(badThreshold.status == 64)
        #expect(badThreshold.stderr.hasPrefix("Error: --wake-threshold needs a number from 0 to 1 (like 0.8), not '5'"))
        let voiceAlone = try ToolRunner.run(["listen", "--input", "-", "--voice", "slt"])
        #expect(voiceAlone.status == 64)
        #expect(voiceAlone.stderr.hasPrefix("Error: --voice chooses how --speak sounds: add --speak"))
        var noSynthesiser = ProcessInfo.processInfo.environment
        noSynthesiser["PATH"] = "/nonexistent"
        let cannotSpeak = try ToolRunner.run(["listen", "--input", "-", "--speak"], environment: noSynthesiser)
        #expect(cannotSpeak.status == 1)
        #expect(cannotSpeak.stderr == "Error: cannot speak: espeak-ng is not installed (on Debian or Ubuntu: apt install espeak-ng)\n")
        let badPhrase = try ToolRunner.run(["listen", "--input", "-", "--wake", "hey; rm"])
        #expect(badPhrase.status == 64)
        #expect(badPhrase.stderr.hasPrefix("Error: --wake: the wake phrase can hold only words, not \"hey;\""))
    }

    /// On a terminal, a status line redrawn in place says what voicecmd is
    /// doing and how loud the input is, and is cleared before each output
    /// line and at the end. (Piped, stderr stays empty: the other tests.)
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script (util-linux) is not installed"))
    func aTerminalShowsALiveStatusLine() throws {
        // `script` gives the tool a terminal for stdout and stderr alike.
        let run = try ToolRunner.shell("script -qfec \"$VOICECMD listen --input \(Self.sessions)/microphone.flac\" /dev/null")
        #expect(run.status == 0, "\(run.stderr)")
        let clear = "\r\u{1B}[2K"
        #expect(run.stdout.contains(clear + "listening "))
        #expect(run.stdout.contains(clear + "hearing   ▮"))
        // What stays visible of each line (after its last clear) is output,
        // never a status: every output line cleared the status first, and
        // the last status was cleared at the end.
        let visible = run.stdout.components(separatedBy: "\r\n").map { $0.components(separatedBy: clear).last ?? $0 }
        #expect(visible.contains { $0.hasSuffix("is on its way.") })
        #expect(!visible.contains { $0.hasSuffix(" dB") }, "\(visible)")
    }

    /// With --wake, only commands after the wake phrase run, one of them in
    /// the same breath; `wake` events mark the phrase, with the second
    /// stage's score at or above the default threshold.
    @Test func withAWakePhraseOnlyWakeCommandsRun() throws {
        let run = try ToolRunner.run(["listen", "--input", "\(Self.sessions)/wake.flac", "--fast", "--json", "--wake", "hey computer"])
        #expect(run.status == 0, "\(run.stderr)")
        let events = try Self.events(run.stdout)
        #expect(Self.kinds(events) == ["listening"] + Array(repeating: ["wake", "transcript", "intent:ChangeDeviceState", "reply:success"], count: 2).flatMap { $0 }
                + ["wake", "transcript", "intent:StartWorkout", "reply:success"])
        #expect(events.filter { $0["event"] as? String == "wake" }.allSatisfy { $0["phrase"] as? String == "hey computer" })
        #expect(events.filter { $0["event"] as? String == "wake" }.allSatisfy { (($0["confidence"] as? Double) ?? 0) >= 0.75 })
    }
}

/// Handlers run off the audio path; Ctrl-C finishes the utterance in progress.
@Suite struct ListenSessionBehaviourTests {
    /// The built-in model with a SetTimer handler that takes five seconds.
    static func slowHandlerModel() throws -> String {
        let source = ToolRunner.projectDirectory.appendingPathComponent("Models/default.json")
        var text = try String(contentsOf: source, encoding: .utf8)
        let anchor = "\"SetTimer\": {"
        #expect(text.contains(anchor))
        text = text.replacingOccurrences(of: anchor, with: anchor + #" "handler": {"run": ["/bin/sleep", "5"], "timeout": 10},"#)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-slow-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try String(contentsOf: ToolRunner.projectDirectory.appendingPathComponent("Models/default.dict"), encoding: .utf8)
            .write(to: directory.appendingPathComponent("slow.dict"), atomically: false, encoding: .utf8)
        let path = directory.appendingPathComponent("slow.json")
        try text.write(to: path, atomically: false, encoding: .utf8)
        return path.path
    }

    /// A handler that takes five seconds while the recording plays at real
    /// time: the audio is still read and buffered (nothing dropped) and the
    /// commands said meanwhile are all carried out afterwards.
    @Test func aSlowHandlerDoesNotStopTheAudio() throws {
        let model = try Self.slowHandlerModel()
        defer { try? FileManager.default.removeItem(atPath: (model as NSString).deletingLastPathComponent) }
        // Without denoising: denoised, two of the fixture's commands come
        // out just under the confirmation threshold, and the questions this
        // test is not about cancel them.
        let run = try ToolRunner.run(["listen", "--commands", model, "--denoise", "off",
                                      "--input", "\(ListenCommandTests.sessions)/kitchen-five.flac", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let events = try ListenCommandTests.events(run.stdout)
        #expect(events.filter { $0["event"] as? String == "intent" }.map { $0["intent"] as? String ?? "null" } == ListenCommandTests.kitchenIntents)
        #expect(events.filter { $0["event"] as? String == "reply" }.map { $0["code"] as? String ?? "" } == Array(repeating: "success", count: 5))
        #expect(!events.contains { $0["event"] as? String == "dropped" })
        #expect(!run.stderr.contains("dropped"))
    }

    /// Ctrl-C before the first utterance was ended: it is finished and has its turn, then a clean end.
    @Test func interruptFinishesTheUtteranceInProgress() throws {
        let process = Process()
        process.executableURL = ToolRunner.productsDirectory.appendingPathComponent("voicecmd")
        // A long trailing silence keeps the first utterance open well after it was said.
        process.arguments = ["listen", "--input", "\(ListenCommandTests.sessions)/conversation-cancel.flac", "--json",
                             "--trailing-silence", "4"]
        process.currentDirectoryURL = ToolRunner.projectDirectory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The audio starts playing, at real time, when the `listening` event
        // is printed; 3.3 s later "send a message to alex" (0.5–2.05 s) has
        // been said, "cancel" (from 4.05 s) not yet, and the trailing silence
        // has not yet ended the utterance.
        var printed = ToolRunner.firstLine(of: output)
        #expect(String(decoding: printed, as: UTF8.self).hasPrefix(#"{"event":"listening""#))
        Thread.sleep(forTimeInterval: 3.3)
        process.interrupt()
        printed += output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let events = try ListenCommandTests.events(String(decoding: printed, as: UTF8.self))
        let transcript = try #require(events.first { $0["event"] as? String == "transcript" }, "\(events)")
        #expect(transcript["text"] as? String == "send a message to alex")
        #expect(!events.contains { ($0["start"] as? Double ?? 0) > 3 })
    }
}

extension ListenCommandTests {
    /// A recording that can be read only once (a pipe) is opened once.
    @Test func aRecordingThroughAPipeIsReadOnce() throws {
        let run = try ToolRunner.shell(
            "bash -c '\"$VOICECMD\" listen --fast --json --input <(sox \(Self.sessions)/conversation-cancel.flac -t wav -)'")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.kinds(try Self.events(run.stdout)).last == "reply:canceled")
    }
}
