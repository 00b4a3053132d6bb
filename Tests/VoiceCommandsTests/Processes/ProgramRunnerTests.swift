import Foundation
import Testing
@testable import VoiceCommands

/// The one process runner, for each of its callers: what the child gets,
/// what the host keeps, and deadlines.
struct ProgramRunnerTests {
    static func run(_ arguments: [String], input: Data = Data(), timeout: Double = 5) -> (ProgramRunner.Ending, [String]) {
        var lines: [String] = []
        let ending = ProgramRunner.run(arguments, input: input, environment: ProcessInfo.processInfo.environment,
                                       timeout: timeout) { lines.append($0) }
        return (ending, lines)
    }

    /// The child sees descriptors 0, 1 and 2 only, and the host's own
    /// descriptors keep their flags (nothing is marked close-on-exec behind its back).
    @Test func theChildGetsOnlyItsThreeDescriptorsAndOursAreUntouched() throws {
        let descriptor = open("/etc/hostname", O_RDONLY)
        try #require(descriptor > 2)
        defer { close(descriptor) }
        let flagsBefore = fcntl(descriptor, F_GETFD)
        let (ending, lines) = Self.run(["/bin/sh", "-c", "ls /proc/$$/fd"])
        #expect(ending == .exited(0))
        #expect(lines == ["0", "1", "2"])
        #expect(fcntl(descriptor, F_GETFD) == flagsBefore)
    }

    /// A program that exits without reading its input: no SIGPIPE for us,
    /// and no process-wide signal setting made to avoid one.
    @Test func aProgramThatIgnoresItsInputCannotKillUs() {
        var before = sigaction()
        sigaction(SIGPIPE, nil, &before)
        let (ending, _) = Self.run(["/bin/true"], input: Data(repeating: 65, count: 4 << 20))
        #expect(ending == .exited(0))
        var after = sigaction()
        sigaction(SIGPIPE, nil, &after)
        #expect(unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self))
    }

    @Test func aProgramPastItsDeadlineIsKilledWithItsGroup() {
        let started = Date()
        let (ending, _) = Self.run(["/bin/sh", "-c", "sleep 30 & sleep 30"], timeout: 0.5)
        #expect(ending == .timedOut)
        #expect(Date().timeIntervalSince(started) < 3)
    }

    /// The authentication program goes through the same runner and deadline.
    @Test func anAuthenticationProgramThatHangsIsRefusedAtItsTimeout() {
        let started = Date()
        let authenticator = ProgramAuthenticator(Handler(arguments: ["/bin/sleep", "30"], timeout: 0.5))
        #expect(authenticator.authenticateBlocking() == .refused(reason: "the authentication program /bin/sleep timed out after 0.5 s and was killed"))
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(ProgramAuthenticator(Handler(arguments: ["/bin/true"], timeout: 5)).authenticateBlocking() == .succeeded)
    }

    /// It said only "You need to sign in…": the reason goes to the log.
    @Test func anAuthenticationProgramThatFailsSaysWhy() {
        #expect(ProgramAuthenticator(Handler(arguments: ["/bin/false"], timeout: 5)).authenticateBlocking()
                == .refused(reason: "the authentication program /bin/false exited with status 1"))
        #expect(ProgramAuthenticator(Handler(arguments: ["no-such-authenticator-program"], timeout: 5)).authenticateBlocking()
                == .refused(reason: "the authentication program no-such-authenticator-program: no such program on PATH"))
    }

    /// A handler file without the execute bit was "not found on PATH".
    @Test func aProgramThatIsNotExecutableIsReportedAsSuch() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-noexec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("handler").path
        try "#!/bin/sh\necho hi\n".write(toFile: script, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: script)
        #expect(Self.run([script], timeout: 5).0 == .couldNotStart("\(script): not executable (chmod +x it)"))
        #expect(ProgramRunner.locate("handler", path: directory.path)
                == .missing("handler: no such program on PATH (\(script) is not executable (chmod +x it))"))
        #expect(Self.run([directory.path + "/"], timeout: 5).0 == .couldNotStart("\(directory.path)/: a directory, not a program"))
    }
}

extension ProgramRunnerTests {
    /// A host that ignores a signal (voicecmd listen ignores SIGINT and
    /// handles Ctrl-C itself) does not pass that on to the programs it runs.
    @Test func signalsTheHostIgnoresAreDefaultInTheChild() throws {
        let previous = signal(SIGQUIT, SIG_IGN)
        defer { signal(SIGQUIT, previous) }
        let (ending, lines) = Self.run(["/bin/sh", "-c", "grep SigIgn /proc/self/status"])
        #expect(ending == .exited(0))
        let mask = try #require(lines.first.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) })
        #expect(mask & (1 << (UInt64(SIGQUIT) - 1)) == 0)
    }
}
