import Foundation
import Testing
@testable import SpeechFront

/// A vendored file is used only when it is the bytes the binary pins: its
/// size, then its SHA-256, checked before it is loaded; a file found whole
/// is remembered until it changes.
struct PinnedFilesTests {
    /// A copy of a real library in a fresh folder, pinned by `sha256sum`'s
    /// own digest; and a file to remember verifications in.
    struct Installed {
        let folder: String
        let file: String
        let pin: PinnedFile
        let verified: VerifiedLibraries

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-pinned-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder + "/lib", withIntermediateDirectories: true)
            file = folder + "/lib/libsndfile.so"
            let original = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libsndfile.so.1").resolvingSymlinksInPath().path
            try FileManager.default.copyItem(atPath: original, toPath: file)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
            pin = PinnedFile(path: "lib/libsndfile.so", size: size, digest: try Self.sha256sum(file))
            verified = VerifiedLibraries(file: folder + "/cache/verified-libraries")
        }

        static func sha256sum(_ path: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = [path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return String(text.prefix(64))
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }

        func verify() throws(SpeechError) {
            try PinnedFiles.verify([pin], in: folder, what: "the test library", installer: "make deps", verified: verified)
        }
    }

    @Test func digestsAgreeWithTheStandard() {
        func digest(_ bytes: [UInt8], chunk: Int) -> String {
            var hash = SHA256()
            var start = 0
            repeat {
                hash.update(Array(bytes[start..<min(start + chunk, bytes.count)]))
                start += chunk
            } while start < bytes.count
            return hash.hexDigest()
        }
        // FIPS 180-2's examples, whole and in pieces that split blocks.
        let two = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        for chunk in [1, 7, 64, 1000] {
            #expect(digest([], chunk: chunk) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
            #expect(digest(Array("abc".utf8), chunk: chunk) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            #expect(digest(two, chunk: chunk) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        }
        #expect(digest([UInt8](repeating: 0x61, count: 1_000_000), chunk: 4099)
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func aFileMatchingItsPinIsUsedAndRemembered() throws {
        let installed = try Installed()
        defer { installed.remove() }
        try installed.verify()
        #expect(try FileDigest.sha256(ofFileAt: installed.file).get().digest == installed.pin.digest)
        #expect(installed.verified.contains(path: installed.file, digest: installed.pin.digest))
        try installed.verify()
    }

    @Test func aDamagedFileOfTheRightSizeIsRefused() throws {
        let installed = try Installed()
        defer { installed.remove() }
        try installed.verify()
        // One byte changed far from the ELF headers: structurally sound, but not the pinned file.
        let handle = try #require(FileHandle(forUpdatingAtPath: installed.file))
        try handle.seek(toOffset: 200_000)
        let byte = try #require(try handle.read(upToCount: 1)).first!
        try handle.seek(toOffset: 200_000)
        try handle.write(contentsOf: [byte ^ 0xFF])
        try handle.close()
        #expect(throws: SpeechError.self) { try installed.verify() }
        do {
            try installed.verify()
        } catch {
            #expect(error.message.hasPrefix("cannot use the test library: \(installed.file) is not the pinned file (its SHA-256 is "))
            #expect(error.message.hasSuffix("…; damaged or replaced; run make deps)"))
        }
    }

    @Test func aFileOfAnotherSizeIsRefusedWithoutReadingIt() throws {
        let installed = try Installed()
        defer { installed.remove() }
        let handle = try #require(FileHandle(forUpdatingAtPath: installed.file))
        _ = try handle.seekToEnd()
        try handle.write(contentsOf: [0])
        try handle.close()
        #expect(throws: SpeechError("cannot use the test library: \(installed.file) is \(installed.pin.size + 1) bytes, not the "
                                    + "\(installed.pin.size) of the pinned file (damaged or replaced; run make deps)")) { try installed.verify() }
    }

    /// The set-up scripts check each file against the same digest the
    /// binary carries.
    @Test func theSetUpScriptsPinTheSameDigests() throws {
        let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../scripts").standardized.path
        let text = try ["install-vad", "install-rnnoise", "install-asr", "install-wake"].map {
            try String(contentsOfFile: scripts + "/" + $0, encoding: .utf8)
        }.joined()
        for pin in PinnedFiles.all { #expect(text.contains(pin.digest), "\(pin.path)") }
    }

    /// What the set-up step installed here is what the binary pins.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.vendor + "/lib/libonnxruntime.so")))
    func theSetUpStepsFilesMatchTheirPins() throws {
        for pin in PinnedFiles.all where FileManager.default.fileExists(atPath: Self.vendor + "/" + pin.path) {
            #expect(try Installed.sha256sum(Self.vendor + "/" + pin.path) == pin.digest, "\(pin.path)")
        }
    }

    static let vendor = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../.build/vendor").standardized.path
}
