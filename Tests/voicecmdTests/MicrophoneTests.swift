import Foundation
import Testing

/// `voicecmd listen` at a live audio device: a real PulseAudio server
/// started for the test, its null sink's monitor as the microphone, speech
/// played into the sink with paplay.
@Suite(.enabled(if: PulseAudioServer.isInstalled, "pulseaudio is not installed (apt-get install pulseaudio pulseaudio-utils)"),
       .serialized)
struct MicrophoneTests {
    static let sessions = ToolRunner.projectDirectory.appendingPathComponent(ListenCommandTests.sessions).path

    static func events(_ tool: Subprocess) throws -> [[String: Any]] {
        try ListenCommandTests.events(tool.stdout)
    }

    /// Three commands, one with a question answered by voice.
    @Test func aSpokenSessionAtTheMicrophone() throws {
        let server = try PulseAudioServer()
        let tool = try server.voicecmd(["listen", "--device", server.monitor, "--json"])
        #expect(tool.wait(for: #""event":"listening""#))
        try server.play("\(Self.sessions)/microphone.flac")
        #expect(tool.wait(for: #""event":"intent","intent":"OrderCoffee""#))
        tool.wait(for: "is on its way", timeout: 5)
        tool.signal(SIGINT)
        #expect(tool.wait() == 0, "\(tool.stderr)")
        let events = try Self.events(tool)
        let kinds = ListenCommandTests.kinds(events)
        #expect(kinds.filter { $0.hasPrefix("intent") } == ["intent:SetTimer", "intent:ChangeDeviceState", "intent:OrderCoffee"])
        #expect(kinds.contains("prompt:needsValue"))
        let answers = events.filter { $0["event"] as? String == "answer" }.compactMap { $0["text"] as? String }
        #expect(answers == ["ten minutes"])
        #expect(events.filter { $0["event"] as? String == "reply" }.map { $0["code"] as? String } == ["success", "success", "success"])
        #expect(!kinds.contains("dropped"))
    }

    /// With --speak, voicecmd says its reply into the very device it
    /// listens to, and the reply is itself a command of the model ("Turn on
    /// the kitchen light."): heard, it would run again, for ever. The
    /// microphone is muted while it speaks, so the command runs once.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng"), "espeak-ng is not installed"))
    func itDoesNotHearItsOwnReplies() throws {
        let server = try PulseAudioServer()
        let model = ToolRunner.projectDirectory.appendingPathComponent("Tests/voicecmdTests/Fixtures/echo.json").path
        // First, without --speak: the reply's words in espeak-ng's voice, played in, are the command.
        let reply = server.directory.appendingPathComponent("reply.wav").path
        let spoken = server.directory.appendingPathComponent("spoken.wav").path
        try #require(try server.run("/usr/bin/espeak-ng", ["-v", "en-us", "-w", spoken, "Turn on the kitchen light."]).status == 0)
        // A second to settle on the room first, as someone who starts voicecmd and then speaks.
        try #require(try server.run("/usr/bin/sox", [spoken, "-r", "16000", reply, "pad", "1", "0.5"]).status == 0)
        let deaf = try server.voicecmd(["listen", "--commands", model, "--json"])
        #expect(deaf.wait(for: #""event":"listening""#))
        try server.play(reply)
        #expect(deaf.wait(for: #""event":"intent","intent":"KitchenLightOn""#), "the reply, heard, is a command")
        deaf.signal(SIGINT)
        #expect(deaf.wait() == 0)

        let tool = try server.voicecmd(["listen", "--commands", model, "--json", "--speak"])
        #expect(tool.wait(for: #""event":"listening""#))
        try server.play(reply)
        #expect(tool.wait(for: #""event":"reply""#))
        // Time for the spoken reply (about 1.5 s) to be heard, and decoded, if it were.
        Thread.sleep(forTimeInterval: 6)
        tool.signal(SIGINT)
        #expect(tool.wait() == 0, "\(tool.stderr)")
        let kinds = ListenCommandTests.kinds(try Self.events(tool))
        #expect(kinds == ["listening", "transcript", "intent:KitchenLightOn", "reply:success"], "\(tool.stdout)")
        #expect(tool.stderr.isEmpty, "\(tool.stderr)")
    }

    @Test func noServerIsAOneLineError() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = "unix:/nonexistent/voicecmd-test"
        let run = try ToolRunner.run(["listen"], environment: environment)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Error: cannot reach a PulseAudio server"))
        #expect(run.stderr.split(separator: "\n").count == 1)
        let list = try ToolRunner.run(["listen", "--list-devices"], environment: environment)
        #expect(list.status == 1)
        #expect(list.stderr.hasPrefix("Error: cannot reach a PulseAudio server"))
    }

    @Test func aWrongDeviceIsAOneLineError() throws {
        let server = try PulseAudioServer()
        let run = try ToolRunner.run(["listen", "--device", "no-such-microphone"], environment: server.clientEnvironment)
        #expect(run.status == 1)
        #expect(run.stderr == "Error: no audio source named 'no-such-microphone' (No such entity): 'voicecmd listen --list-devices' lists them\n")
        let list = try ToolRunner.run(["listen", "--list-devices"], environment: server.clientEnvironment)
        #expect(list.status == 0)
        #expect(list.stdout.contains("\(server.monitor)  (monitor)"))
    }

    /// The server goes away mid-session: a one-line error, exit 1.
    @Test func theServerKilledMidSessionEndsWithAnError() throws {
        let server = try PulseAudioServer()
        // A long trailing silence keeps the utterance open well after it was
        // said, whatever the playback latency.
        let tool = try server.voicecmd(["listen", "--json", "--trailing-silence", "6"])
        #expect(tool.wait(for: #""event":"listening""#))
        // Only the first utterance, "send a message to alex" (0.5–2.05 s).
        let first = server.directory.appendingPathComponent("first.wav").path
        try #require(try server.run("/usr/bin/sox", ["\(Self.sessions)/conversation-cancel.flac", first, "trim", "0", "2.5"]).status == 0)
        let player = Thread { try? server.play(first) }
        player.start()
        // Said, and its trailing silence not yet over (the monitor of the
        // sink hears it up to a second and a half late).
        Thread.sleep(forTimeInterval: 5)
        server.stop()
        #expect(tool.wait() == 1)
        #expect(tool.stderr.hasPrefix("Error: the microphone (the default source) stopped:"), "\(tool.stderr)")
        #expect(tool.stderr.split(separator: "\n").count == 1)
    }
}
