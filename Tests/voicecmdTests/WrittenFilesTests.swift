import Foundation
import Testing

/// Every file voicecmd writes (the shortcuts and their lock, manual pages,
/// `init`'s files, a wake detector, the caches) is refused when a link or
/// something other than a regular file stands where it goes: the target
/// is untouched, and a link, a FIFO or a device node stays what it was.
struct WrittenFilesTests {
    static let precious = "precious line one\nprecious line two\n"

    /// A folder holding `precious` (a file with text), `fifo`, and where
    /// the system allows it `device` (a node like /dev/null).
    static func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-written-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try precious.write(toFile: folder + "/precious", atomically: false, encoding: .utf8)
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        _ = mknod(folder + "/device", S_IFCHR | 0o666, (1 << 8) | 3)
        try body(folder)
    }

    /// The kinds of thing that may stand at `path`: a link to the precious
    /// file, a link to a link to it, a FIFO, a link to the FIFO, a device.
    static func eachPlanted(at path: String, in folder: String, only: Set<String>? = nil, _ body: (String) throws -> Void) throws {
        var kinds = ["link", "link to a link", "fifo", "link to the fifo"]
        if FileManager.default.fileExists(atPath: folder + "/device") { kinds.append("device") }
        if let only { kinds = kinds.filter(only.contains) }
        for kind in kinds {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: folder + "/hop")
            switch kind {
            case "link": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: folder + "/precious")
            case "link to a link":
                try FileManager.default.createSymbolicLink(atPath: folder + "/hop", withDestinationPath: folder + "/precious")
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: folder + "/hop")
            case "fifo": #expect(mkfifo(path, 0o600) == 0)
            case "link to the fifo": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: folder + "/fifo")
            default: #expect(mknod(path, S_IFCHR | 0o666, (1 << 8) | 3) == 0)
            }
            try body(kind)
            try expectUntouched(folder, planted: path, kind: kind)
        }
    }

    static func expectUntouched(_ folder: String, planted path: String, kind: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try String(contentsOfFile: folder + "/precious", encoding: .utf8) == precious, "\(kind)", sourceLocation: sourceLocation)
        var status = stat()
        #expect(lstat(path, &status) == 0, sourceLocation: sourceLocation)
        let expected: mode_t = kind.hasPrefix("link") ? S_IFLNK : kind == "fifo" ? S_IFIFO : S_IFCHR
        #expect(status.st_mode & S_IFMT == expected, "\(kind) at \(path) was replaced", sourceLocation: sourceLocation)
        #expect(lstat(folder + "/fifo", &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, sourceLocation: sourceLocation)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)", sourceLocation: sourceLocation)
    }

    static func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ToolRun {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { $1 }
        return try ToolRunner.run(arguments, environment: environment, timeout: 30)
    }

    @Test func theShortcutsFileAndItsLock() throws {
        try Self.withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/voicecmd", withIntermediateDirectories: true)
            for file in ["shortcuts.json", "shortcuts.json.lock"] {
                try Self.eachPlanted(at: folder + "/voicecmd/" + file, in: folder) { kind in
                    let run = try Self.run(["shortcut", "add", "coffee time", "--", "order a large latte"], environment: ["XDG_CONFIG_HOME": folder])
                    #expect(run.status == 1, "\(file) as \(kind): \(run.stderr)")
                }
                try? FileManager.default.removeItem(atPath: folder + "/voicecmd/" + file)
            }
        }
    }

    @Test func manualPages() throws {
        try Self.withFolder { folder in
            for page in ["voicecmd.1", "voicecmd-check.1"] {
                try Self.eachPlanted(at: folder + "/" + page, in: folder) { kind in
                    let run = try Self.run(["manual", "--folder", folder])
                    #expect(run.status == 1, "\(page) as \(kind): \(run.stderr)")
                    #expect(run.stderr.contains(page), "\(run.stderr)")
                }
                try? FileManager.default.removeItem(atPath: folder + "/" + page)
            }
        }
    }

    @Test func initsFiles() throws {
        try Self.withFolder { folder in
            try Self.eachPlanted(at: folder + "/README.md", in: folder) { kind in
                let run = try Self.run(["init", folder])
                #expect(run.status == 1, "\(kind): \(run.stderr)")
                #expect(run.stderr.contains("already holds README.md; nothing was written"), "\(run.stderr)")
            }
        }
    }

    /// Refused at once, before the training's minutes (under `timeout`).
    @Test func aWakeDetectorsOutputAndCache() throws {
        try Self.withFolder { folder in
            try Self.eachPlanted(at: folder + "/detector.wakenet", in: folder) { kind in
                let run = try Self.run(["wake", "train", "hey computer", "-o", folder + "/detector.wakenet"])
                #expect(run.status == 1, "\(kind): \(run.stderr)")
                #expect(run.stderr.contains("cannot write the detector to"), "\(run.stderr)")
            }
            try FileManager.default.createDirectory(atPath: folder + "/wake", withIntermediateDirectories: true)
            try Self.eachPlanted(at: folder + "/wake/hey_computer.wakenet", in: folder) { kind in
                let run = try Self.run(["wake", "train", "hey computer"], environment: ["VOICECMD_WAKE_CACHE": folder + "/wake"])
                #expect(run.status == 1, "\(kind): \(run.stderr)")
                #expect(run.stderr.contains("cannot keep the wake detector at"), "\(run.stderr)")
            }
        }
    }

    /// The libraries' verification cache is best-effort: the job is done,
    /// nothing written where the link or FIFO stands.
    @Test func theVerifiedLibrariesCache() throws {
        try Self.withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/voicecmd", withIntermediateDirectories: true)
            // Two kinds: each run verifies the libraries afresh (seconds in a debug build).
            try Self.eachPlanted(at: folder + "/voicecmd/verified-libraries", in: folder, only: ["link", "device"]) { kind in
                let run = try Self.run(["transcribe", "--voice-gate", "silero", "Tests/SpeechFrontTests/Fixtures/clips/timer-flite-slt.flac"],
                                       environment: ["XDG_CACHE_HOME": folder])
                #expect(run.status == 0, "\(kind): \(run.stderr)")
            }
        }
    }
}
