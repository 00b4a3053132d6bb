import Foundation

/// A private PulseAudio server for microphone tests, as in
/// pocketsphinx-notes.md: a null sink whose monitor is the default source,
/// so what is played into the sink is what a microphone hears. No system
/// daemon: its own socket and runtime folder in a temporary directory.
// @unchecked Sendable: after init only stop() changes anything; play()
// reads constants, so a player thread may share it.
final class PulseAudioServer: @unchecked Sendable {
    static let binary = "/usr/bin/pulseaudio"
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    let directory: URL
    private var daemon: Subprocess?
    private var roomNoise: Subprocess?
    /// The value for PULSE_SERVER.
    var address: String { "unix:" + directory.appendingPathComponent("native").path }
    let sink = "virtspk"
    var monitor: String { sink + ".monitor" }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-pulse-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("run"), withIntermediateDirectories: true)
        let script = """
            load-module module-native-protocol-unix auth-anonymous=1 socket=\(directory.appendingPathComponent("native").path)
            load-module module-null-sink sink_name=\(sink) rate=16000 channels=1
            set-default-source \(sink).monitor
            set-default-sink \(sink)

            """
        let scriptURL = directory.appendingPathComponent("virtmic.pa")
        try script.write(to: scriptURL, atomically: false, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = directory.appendingPathComponent("run").path
        environment["HOME"] = directory.path
        // No shared memory (containers often lack /dev/shm) and no pid file
        // (nothing is left behind when a test run is killed).
        daemon = try Subprocess(Self.binary, ["-n", "-F", scriptURL.path, "--daemonize=no", "--exit-idle-time=-1",
                                              "--disable-shm=yes", "--use-pid-file=no"],
                                environment: environment)
        // Ready when a client gets an answer.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("native").path),
               (try? run("/usr/bin/pactl", ["info"]))?.status == 0 {
                try startRoomNoise()
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        throw ServerError(message: "the test PulseAudio server did not start within 10 s")
    }

    deinit { stop() }

    struct ServerError: Error { var message: String }

    /// A room is never digitally silent, and a monitor of an idle sink
    /// delivers nothing: two minutes of faint pink noise play under
    /// everything, so the microphone hears a background as a real one does.
    private func startRoomNoise() throws {
        let noise = directory.appendingPathComponent("room.wav").path
        guard try run("/usr/bin/sox", ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", "120", "pinknoise", "vol", "0.003"]).status == 0 else {
            throw ServerError(message: "sox could not make the room noise")
        }
        roomNoise = try Subprocess("/usr/bin/paplay", ["-d", sink, noise], environment: clientEnvironment)
    }

    /// Kills the server (a test of a server going away mid-session).
    func stop() {
        if let daemon {
            daemon.signal(SIGTERM)
            daemon.wait()
            self.daemon = nil
        }
        // paplay drains its stream before it honours SIGTERM.
        if let roomNoise {
            roomNoise.signal(SIGKILL)
            roomNoise.wait()
            self.roomNoise = nil
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The environment a client of this server runs with.
    var clientEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = address
        return environment
    }

    /// Plays a recording into the sink at real time, waiting until it has played.
    func play(_ path: String) throws {
        let path = path.hasPrefix("/") ? path : ToolRunner.projectDirectory.appendingPathComponent(path).path
        let played = try run("/usr/bin/paplay", ["-d", sink, path])
        if played.status != 0 { throw ServerError(message: "paplay failed: \(played.stderr)") }
    }

    /// Runs a PulseAudio client program to its end, with this server's address.
    @discardableResult
    func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let client = try Subprocess(program, arguments, environment: clientEnvironment)
        let status = client.wait()
        return (status, client.stderr)
    }

    /// `voicecmd` run against this server.
    func voicecmd(_ arguments: [String]) throws -> Subprocess {
        try Subprocess(ToolRunner.productsDirectory.appendingPathComponent("voicecmd").path, arguments, environment: clientEnvironment)
    }
}
