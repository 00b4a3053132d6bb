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
}
