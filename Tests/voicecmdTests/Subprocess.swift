import Foundation

/// A child process started with posix_spawn, its output collected by
/// reader threads, waited for with waitpid. The microphone tests use it
/// instead of Foundation's Process, which left children unreaped (hangs)
/// while another child, the test's PulseAudio server, was running.
final class Subprocess: @unchecked Sendable {
    // @unchecked: `output` and `errors` are guarded by `lock`; `status` is
    // written once by `wait`, on the test's thread.
    let pid: pid_t
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()
    private var readers: [Thread] = []
    private var status: Int32?

    /// Paths in `arguments` are relative to the project directory: the child
    /// starts in the test's own directory (posix_spawn cannot change it here).
    init(_ program: String, _ arguments: [String], environment: [String: String]) throws {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw SubprocessError(message: "pipe: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for descriptor in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0]); close(errPipe[0])
            throw SubprocessError(message: "\(program): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        for (descriptor, isOutput) in [(outPipe[0], true), (errPipe[0], false)] {
            let reader = Thread { [self] in
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    let count = read(descriptor, &chunk, chunk.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    lock.withLock {
                        if isOutput { output += chunk[0..<count] } else { errors += chunk[0..<count] }
                    }
                }
                close(descriptor)
            }
            reader.start()
            readers.append(reader)
        }
    }

    struct SubprocessError: Error { var message: String }

    var stdout: String { lock.withLock { String(decoding: output, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: errors, as: UTF8.self) } }

    func signal(_ number: Int32) { if status == nil { kill(pid, number) } }

    /// Waits for the exit; the exit status (128 + signal when killed).
    @discardableResult
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let signal = raw & 0x7f
        let code = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        // The readers finish when the child's end of the pipes closes.
        let deadline = Date().addingTimeInterval(2)
        while readers.contains(where: { !$0.isFinished }) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        status = code
        return code
    }

    /// Waits until stdout holds `text`, or `timeout` seconds pass.
    @discardableResult
    func wait(for text: String, timeout: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if stdout.contains(text) { return true }
            var raw: Int32 = 0
            if status == nil, waitpid(pid, &raw, WNOHANG | WNOWAIT) == pid { return stdout.contains(text) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }
}
