import Foundation

/// Runs the built `voicecmd` executable, as a user would, and collects what
/// it printed.
struct ToolRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum ToolRunner {
    /// The directory holding the test bundle also holds the built products;
    /// `$VOICECMD_TEST_PRODUCTS` names another build's (to see a test fail
    /// on the binary from before a fix).
    static let productsDirectory = ProcessInfo.processInfo.environment["VOICECMD_TEST_PRODUCTS"].map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    static let projectDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `keepInputOpen`: seconds to hold stdin open after writing `stdin`, as
    /// a person who has not answered yet would.
    /// `timeout`: seconds voicecmd may run (under `timeout`, killed 5 s
    /// after it is asked to stop), so a hang fails the test (status 124
    /// or 137) instead of stopping the run.
    static func run(_ arguments: [String], stdin: String? = nil, keepInputOpen: Double? = nil,
                    environment: [String: String]? = nil, timeout: Int? = nil) throws -> ToolRun {
        let process = Process()
        let tool = productsDirectory.appendingPathComponent("voicecmd")
        process.executableURL = timeout == nil ? tool : URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = timeout.map { ["-k", "5", String($0), tool.path] + arguments } ?? arguments
        process.currentDirectoryURL = projectDirectory
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        let writer = input.fileHandleForWriting
        if let keepInputOpen {
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: keepInputOpen)
                try? writer.close()
            }
        } else {
            try writer.close()
        }
        return collect(process, output, errors)
    }

    /// Runs a shell pipeline from the project directory, with the built
    /// tool's path in `$VOICECMD`.
    static func shell(_ command: String) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = projectDirectory
        var environment = ProcessInfo.processInfo.environment
        environment["VOICECMD"] = productsDirectory.appendingPathComponent("voicecmd").path
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return collect(process, output, errors)
    }

    /// What a started process prints, once it has ended.
    private static func collect(_ process: Process, _ output: Pipe, _ errors: Pipe) -> ToolRun {
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                       stderr: String(decoding: err, as: UTF8.self))
    }

    /// What a running tool has printed up to its first full line (its
    /// `listening` event), read as it comes.
    static func firstLine(of output: Pipe) -> Data {
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        return printed
    }

    /// Compares with `Golden/<name>`, or rewrites it when VOICECMD_UPDATE_GOLDEN=1.
    static func golden(_ name: String) throws -> String {
        let url = projectDirectory.appendingPathComponent("Tests/voicecmdTests/Golden/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    static var updatingGolden: Bool { ProcessInfo.processInfo.environment["VOICECMD_UPDATE_GOLDEN"] == "1" }

    static func writeGolden(_ name: String, _ text: String) throws {
        let url = projectDirectory.appendingPathComponent("Tests/voicecmdTests/Golden/\(name)")
        try text.write(to: url, atomically: false, encoding: .utf8)
    }
}
