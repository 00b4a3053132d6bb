import Foundation
import Testing
@testable import PhraseMatcher

struct FileReplacementTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-replace-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path

    /// The file is created, then replaced whole; nothing is left beside it.
    @Test func aFileIsWrittenThenReplaced() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/notes.txt"
        try FileReplacement.write(Array("first".utf8), to: path, permissions: 0o600)
        try FileReplacement.write(Array("second".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0
        #expect(mode == 0o600)
    }

    /// Nothing is written through a link (to a file, to a FIFO, dangling)
    /// nor over a FIFO: the target is untouched, nothing left beside it.
    @Test func aLinkOrASpecialFileIsNeverWrittenThrough() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileReplacement.write(Array("precious\nlines\n".utf8), to: folder + "/real")
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/real")
        try FileManager.default.createSymbolicLink(atPath: folder + "/fifo-link", withDestinationPath: "fifo")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/absent")
        for (name, kind) in [("link", "a symbolic link"), ("fifo-link", "a symbolic link"), ("dangling", "a symbolic link"),
                             ("fifo", "a FIFO (named pipe)")] {
            #expect(throws: FileReplacementError(reason: "it is \(kind); voicecmd writes only regular files and never through a link")) {
                try FileReplacement.write(Array("new".utf8), to: folder + "/" + name)
            }
        }
        #expect(try String(contentsOfFile: folder + "/real", encoding: .utf8) == "precious\nlines\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/absent"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["dangling", "fifo", "fifo-link", "link", "real"])
    }

    /// Without replacing, a file already there stays as it was.
    @Test func withoutReplacingAFileThereIsKept() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileReplacement.write(Array("mine".utf8), to: folder + "/a", replacing: false)
        #expect(throws: FileReplacementError(reason: "a file is already there", exists: true)) {
            try FileReplacement.write(Array("template".utf8), to: folder + "/a", replacing: false)
        }
        #expect(try String(contentsOfFile: folder + "/a", encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a"])
    }

    /// A folder that does not exist is the system's reason, nothing written.
    @Test func aMissingFolderIsAnError() {
        #expect(throws: FileReplacementError(reason: "No such file or directory")) {
            try FileReplacement.write([1, 2, 3], to: folder + "/absent/file")
        }
    }

    /// What a dead write left beside the file goes; the file and others' files stay.
    @Test func leftoversAreRemoved() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = ["shortcuts.json", "shortcuts.json.123.tmp", "shortcuts.json.123.456.tmp", "other.json.1.tmp"]
        for name in names { try FileReplacement.write([1], to: folder + "/" + name) }
        FileReplacement.removeLeftovers(of: folder + "/shortcuts.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["other.json.1.tmp", "shortcuts.json"])
    }
}
