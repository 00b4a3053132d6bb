import Foundation
import Testing
@testable import SpeechFront

struct MappedFileTests {
    @Test func theFileIsSeenAsItIs() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-mapped-\(getpid()).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data([1, 2, 3, 250]).write(to: URL(fileURLWithPath: path))
        let file = try MappedFile(path: path, largest: 4)
        #expect(Array(file.bytes) == [1, 2, 3, 250])
        #expect(throws: SpeechError("cannot map \(path): 4 bytes, more than the 3 allowed or none")) { try MappedFile(path: path, largest: 3) }
    }

    @Test func whatCannotBeMappedSaysWhy() {
        #expect(throws: SpeechError("cannot open /nonexistent/model.ort: No such file or directory")) {
            try MappedFile(path: "/nonexistent/model.ort", largest: 1 << 20)
        }
        #expect(throws: SpeechError("cannot map /tmp: not a regular file")) { try MappedFile(path: "/tmp", largest: 1 << 20) }
    }
}
