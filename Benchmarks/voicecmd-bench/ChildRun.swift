import Foundation

/// A voicecmd (or other) process a benchmark ran, measured from outside.
struct ChildRun {
    var status: Int32
    var output: String
    var seconds: Double
    var peakMB: Double
}

/// The voicecmd a benchmark runs: `--voicecmd`, else the one built beside voicecmd-bench.
func voicecmdTool(_ options: BenchOptions) throws -> String {
    let tool = options.value("voicecmd") ?? URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("voicecmd").path
    guard FileManager.default.isExecutableFile(atPath: tool) else {
        throw BenchError(message: "no voicecmd at \(tool): build it (swift build -c release --product voicecmd) or give --voicecmd")
    }
    return tool
}

/// Runs a program to its end, its output and errors together (errors
/// dropped when `keepErrors` is false); its peak
/// resident memory comes from wait4 (spawned directly: Foundation's
/// Process reaps its children itself, and their rusage with them).
/// `input`: a file to read as standard input (else the bench's own).
func runChild(_ program: String, _ arguments: [String], keepErrors: Bool = true, input: String? = nil) throws -> ChildRun {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw BenchError(message: "cannot make a pipe") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    if keepErrors {
        posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
    } else {
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addclose(&actions, ends[0])
    if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
    let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let started = nanoseconds()
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
    close(ends[1])
    guard spawned == 0 else { close(ends[0]); throw BenchError(message: "cannot run \(program): \(String(cString: strerror(spawned)))") }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = read(ends[0], &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        data.append(contentsOf: buffer[0..<count])
    }
    close(ends[0])
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Double(nanoseconds() - started) / 1e9
    return ChildRun(status: (status >> 8) & 0xff, output: String(decoding: data, as: UTF8.self), seconds: seconds,
                    peakMB: Double(usage.ru_maxrss) / 1024)
}
