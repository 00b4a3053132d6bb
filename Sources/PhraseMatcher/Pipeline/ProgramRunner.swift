import Foundation

/// Runs one program directly (never through a shell) with a deadline: its
/// stdout read line by line as it comes, stderr passed through, and the
/// whole process group killed when the deadline passes.
enum ProgramRunner {
    enum Ending: Sendable, Equatable {
        case exited(Int32)
        case killedBySignal(Int32)
        case timedOut
        case couldNotStart(String)
    }

    /// `onLine` is called on the calling thread, in order, for each stdout line.
    static func run(_ arguments: [String], input: Data, environment: [String: String], timeout: Double,
                    onLine: (String) -> Void) -> Ending {
        guard let program = arguments.first, !program.isEmpty else { return .couldNotStart("the handler names no program") }
        guard let executable = locate(program, path: environment["PATH"]) else {
            return .couldNotStart("\(program): no such program (not found on PATH)")
        }
        _ = ignoreBrokenPipes
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment
        let output = Pipe(), inputPipe = Pipe()
        process.standardOutput = output
        process.standardInput = inputPipe
        let collector = LineCollector()
        process.terminationHandler = { _ in collector.signal(exited: true) }
        do {
            try process.run()
        } catch {
            return .couldNotStart("\(program): \(error.localizedDescription)")
        }
        // Foundation starts the child as leader of its own process group, so
        // a kill reaches everything it started.
        let group = process.processIdentifier
        let reader = output.fileHandleForReading
        Thread.detachNewThread {
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                collector.append(data)
            }
            collector.signal(endOfOutput: true)
        }
        let writer = inputPipe.fileHandleForWriting
        Thread.detachNewThread {
            try? writer.write(contentsOf: input)
            try? writer.close()
        }

        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        var exitSeen: Date?
        while true {
            let state = collector.wait(until: exitSeen.map { $0.addingTimeInterval(0.2) } ?? deadline)
            state.lines.forEach(onLine)
            if state.exited && exitSeen == nil { exitSeen = Date() }
            // After exit, a grandchild may hold stdout open: stop reading shortly after.
            if state.exited && (state.endOfOutput || Date() >= exitSeen!.addingTimeInterval(0.2)) { break }
            if !state.exited && Date() >= deadline {
                timedOut = true
                kill(-group, SIGKILL)
                process.waitUntilExit()
                collector.take().forEach(onLine)
                break
            }
        }
        process.waitUntilExit()
        // Nothing the handler started outlives it.
        kill(-group, SIGKILL)
        if timedOut { return .timedOut }
        return process.terminationReason == .uncaughtSignal ? .killedBySignal(process.terminationStatus) : .exited(process.terminationStatus)
    }

    /// The program's path: as given when it names a path, else the first
    /// executable of that name on `path`.
    static func locate(_ program: String, path: String?) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = String(directory) + "/" + program
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A handler that exits without reading its stdin must not kill us with SIGPIPE.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN); return () }()
}

/// Lines read on a background thread, handed to the waiting thread.
/// @unchecked Sendable: every field is guarded by `condition`.
private final class LineCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var buffer = LineBuffer()
    private var lines: [String] = []
    private var exited = false
    private var endOfOutput = false

    func append(_ data: Data) {
        condition.lock()
        lines += buffer.append(data)
        condition.signal()
        condition.unlock()
    }

    func signal(exited: Bool = false, endOfOutput: Bool = false) {
        condition.lock()
        if exited { self.exited = true }
        if endOfOutput {
            self.endOfOutput = true
            if let last = buffer.finish() { lines.append(last) }
        }
        condition.signal()
        condition.unlock()
    }

    /// Waits for a line, the exit or `deadline`, then hands over what came.
    func wait(until deadline: Date) -> (lines: [String], exited: Bool, endOfOutput: Bool) {
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && !(exited && endOfOutput) && Date() < deadline {
            if !condition.wait(until: deadline) { break }
        }
        let taken = lines
        lines = []
        return (taken, exited, endOfOutput)
    }

    func take() -> [String] {
        condition.lock()
        defer { condition.unlock() }
        let taken = lines + [buffer.finish()].compactMap { $0 }
        lines = []
        return taken
    }
}
