import Foundation
import Testing
import PhraseMatcher

/// Whatever a path names, reading it neither blocks nor runs without end.
struct BoundedFileReaderTests {
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-bounded-\(UUID().uuidString)-\(name)").path
    }

    @Test func aRegularFileIsReadWhole() throws {
        let path = Self.temporaryPath("model.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try BoundedFileReader.read(path, limit: 2) == Data("{}".utf8))
        #expect(throws: BoundedFileReader.Failure(reason: "it is larger than 1 bytes, the most voicecmd reads")) {
            try BoundedFileReader.read(path, limit: 1)
        }
    }

    /// A FIFO nobody writes to would block `open()` for ever.
    @Test func aFIFOIsRefusedAtOnce() throws {
        let path = Self.temporaryPath("fifo")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(mkfifo(path, 0o600) == 0)
        let fifo = BoundedFileReader.Failure(reason: "it is a FIFO (named pipe), not a file", isStream: true)
        #expect(throws: fifo) { try BoundedFileReader.read(path, limit: 1 << 20) }
        #expect(throws: fifo) { try BoundedFileReader.requireRegularFile(path) }
    }

    /// `/dev/zero` never ends.
    @Test func aDeviceIsRefused() {
        let device = BoundedFileReader.Failure(reason: "it is a device, not a file", isStream: true)
        #expect(throws: device) { try BoundedFileReader.read("/dev/zero", limit: 1 << 20) }
        #expect(throws: device) { try BoundedFileReader.requireRegularFile("/dev/zero") }
    }

    @Test func missingFilesFoldersAndLoopsSayWhich() throws {
        #expect(throws: BoundedFileReader.Failure(reason: "no such file", isMissing: true)) {
            try BoundedFileReader.read(Self.temporaryPath("absent"), limit: 10)
        }
        #expect(throws: BoundedFileReader.Failure(reason: "it is a folder, not a file")) {
            try BoundedFileReader.read(FileManager.default.temporaryDirectory.path, limit: 10)
        }
        let loop = Self.temporaryPath("loop")
        defer { try? FileManager.default.removeItem(atPath: loop) }
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        #expect(throws: BoundedFileReader.Failure(reason: "its symbolic links go round in a loop")) { try BoundedFileReader.read(loop, limit: 10) }
    }

    @Test func aSizeOverTheLimitIsRefusedBeforeReading() throws {
        let path = Self.temporaryPath("big")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(count: 3 << 20).write(to: URL(fileURLWithPath: path))
        #expect(throws: BoundedFileReader.Failure(reason: "it is larger than 2 MiB, the most voicecmd reads")) {
            try BoundedFileReader.requireRegularFile(path, limit: 2 << 20)
        }
    }

    /// Inside a folder, what is opened is judged: a link out of it, a link
    /// to that link, `..` and a NUL are refused; a link within it is read.
    @Test func aFileInsideAFolderIsJudgedByWhatIsOpened() throws {
        let root = Self.temporaryPath("contained")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/m", withIntermediateDirectories: true)
        try Data("outside".utf8).write(to: URL(fileURLWithPath: root + "/outside.txt"))
        try Data("inside".utf8).write(to: URL(fileURLWithPath: root + "/m/inside.txt"))
        try FileManager.default.createSymbolicLink(atPath: root + "/m/out", withDestinationPath: "../outside.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/m/out2", withDestinationPath: "out")
        try FileManager.default.createSymbolicLink(atPath: root + "/m/in", withDestinationPath: "inside.txt")
        for name in ["out", "out2", "../outside.txt", root + "/outside.txt"] {
            let path = name.hasPrefix("/") ? name : root + "/m/" + name
            #expect(throws: BoundedFileReader.Failure.self) { try BoundedFileReader.read(path, limit: 100, inside: root + "/m") }
            do {
                _ = try BoundedFileReader.read(path, limit: 100, inside: root + "/m")
            } catch {
                #expect(error.isOutside, "\(name): \(error.reason)")
            }
        }
        #expect(throws: BoundedFileReader.Failure(reason: "its name holds the control character U+0000")) {
            try BoundedFileReader.read(root + "/m/x\u{0}/../inside.txt", limit: 100, inside: root + "/m")
        }
        #expect(try BoundedFileReader.read(root + "/m/in", limit: 100, inside: root + "/m") == Data("inside".utf8))
        // Without a folder the user's own link is followed.
        #expect(try BoundedFileReader.read(root + "/m/out", limit: 100) == Data("outside".utf8))
    }
}
