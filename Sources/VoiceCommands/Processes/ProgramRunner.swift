import Foundation
import PhraseMatcher

/// Runs one program directly (never through a shell) with a deadline: its
/// stdout read line by line as it comes, stderr passed through, and its
/// whole process group killed when the deadline passes or when it exits.
///
/// Spawned with posix_spawn rather than Foundation's Process: Process
/// learns of the exit through a descriptor the child's children inherit,
/// so a handler that leaves a background job looked like it never ended.
enum ProgramRunner {
    enum Ending: Sendable, Equatable {
        case exited(Int32)
        case killedBySignal(Int32)
        case timedOut
        case couldNotStart(String)

        /// How `program` ended, for the user's log: "… exited with status 2".
        func explanation(program: String, timeout: Double) -> String {
            switch self {
            case .exited(let status): "\(program) exited with status \(status)"
            case .killedBySignal(let signal): "\(program) was killed by signal \(signal)"
            case .timedOut: "\(program) timed out after \(String(format: "%g", timeout)) s and was killed"
            case .couldNotStart(let reason): reason
            }
        }
    }

    /// After the program exits, how long output from what it left behind is still read.
    static let drainAfterExit = 0.2

    /// `onLine` is called on the calling thread, in order, for each stdout line.
    static func run(_ arguments: [String], input: Data, environment: [String: String], timeout: Double,
                    onLine: (String) -> Void) -> Ending {
        guard let program = arguments.first, !program.isEmpty else { return .couldNotStart("the handler names no program") }
        let executable: String
        switch locate(program, path: environment["PATH"]) {
        case .found(let path): executable = path
        case .missing(let reason): return .couldNotStart(reason)
        }
        // Socket pairs rather than pipes: made close-on-exec at once (no other
        // thread's spawn inherits them), and writable with MSG_NOSIGNAL, so a
        // program that exits without reading its input cannot kill us with
        // SIGPIPE and no process-wide signal setting is needed.
        guard let toChild = channel() else { return .couldNotStart("\(program): cannot make a socket pair (\(String(cString: strerror(errno))))") }
        guard let fromChild = channel() else {
            close(toChild[0]); close(toChild[1])
            return .couldNotStart("\(program): cannot make a socket pair (\(String(cString: strerror(errno))))")
        }
        let pid: pid_t
        switch spawn(executable, arguments: arguments, environment: environment, stdin: toChild[0], stdout: fromChild[1]) {
        case .success(let spawned): pid = spawned
        case .failure(let reason):
            [toChild[0], toChild[1], fromChild[0], fromChild[1]].forEach { close($0) }
            return .couldNotStart("\(program): \(reason)")
        }
        close(toChild[0])
        close(fromChild[1])
        let writer = toChild[1]
        Thread.detachNewThread { writeAll(input, to: writer) }

        let reader = fromChild[0]
        let deadline = Date().addingTimeInterval(timeout)
        var lines = LineBuffer()
        var exitedAt: Date?
        var endOfOutput = false
        var timedOut = false
        var chunk = [UInt8](repeating: 0, count: 65_536)
        reading: while true {
            if exitedAt == nil, hasExited(pid) {
                exitedAt = Date()
                // Nothing it started outlives it (the zombie leader keeps the group id ours).
                kill(-pid, SIGKILL)
            }
            let now = Date()
            if exitedAt == nil, now >= deadline {
                timedOut = true
                break
            }
            if let exitedAt, endOfOutput || now >= exitedAt.addingTimeInterval(drainAfterExit) { break }
            if endOfOutput {
                usleep(10_000)
                continue
            }
            var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 20)
            guard ready > 0 else { continue }
            let count = read(reader, &chunk, chunk.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else {
                endOfOutput = true
                if let last = lines.finish() { onLine(last) }
                continue
            }
            for line in lines.append(Data(chunk[0..<count])) {
                // A flood of output does not stretch the deadline.
                if exitedAt == nil, Date() >= deadline { timedOut = true; break reading }
                onLine(line)
            }
        }
        if timedOut { kill(-pid, SIGKILL) }
        close(reader)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if timedOut { return .timedOut }
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .killedBySignal(signal)
    }

    private enum Spawned {
        case success(pid_t)
        case failure(String)
    }

    /// A connected socket pair, both ends close-on-exec.
    private static func channel() -> [Int32]? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        return ends
    }

    /// Starts the program as the leader of a new process group, with the
    /// two channel ends as stdin and stdout, no other descriptor of ours, and
    /// default signal handling.
    private static func spawn(_ executable: String, arguments: [String], environment: [String: String],
                              stdin: Int32, stdout: Int32) -> Spawned {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        // The child gets only 0, 1 and 2: every other descriptor open now is
        // closed in the child (ours are left as they are; one closed by
        // another thread meanwhile is skipped by glibc).
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            if let fd = Int32(name), fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        // Every signal back to its default: a host that ignores SIGINT or
        // SIGPIPE (voicecmd listen handles Ctrl-C itself) must not pass that on.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigmask(&attributes, &noMask)

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        return result == 0 ? .success(pid) : .failure(String(cString: strerror(result)))
    }

    /// Whether the child has exited, without reaping it.
    private static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) {
        guard !data.isEmpty else { close(descriptor); return }
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
        }
        close(descriptor)
    }

    enum Location: Equatable {
        case found(String)
        /// Why there is no program to run: "…: not executable (chmod +x it)".
        case missing(String)
    }

    /// The program's path: as given when it names a path, else the first
    /// executable of that name on `path`.
    static func locate(_ program: String, path: String?) -> Location {
        if program.contains("/") {
            if let problem = problem(with: program) { return .missing("\(program): \(problem)") }
            return .found(program)
        }
        var unusable: String?
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = String(directory) + "/" + program
            guard let problem = problem(with: candidate) else { return .found(candidate) }
            if unusable == nil, FileManager.default.fileExists(atPath: candidate) { unusable = "\(candidate) is \(problem)" }
        }
        return .missing("\(program): no such program on PATH" + (unusable.map { " (\($0))" } ?? ""))
    }

    /// Why `path` cannot be run, nil when it can.
    private static func problem(with path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
        if isDirectory.boolValue { return "a directory, not a program" }
        return FileManager.default.isExecutableFile(atPath: path) ? nil : "not executable (chmod +x it)"
    }
}
