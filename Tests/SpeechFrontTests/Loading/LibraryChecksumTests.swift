import Foundation
import Testing
@testable import SpeechFront

/// A library the set-up step installed must be the one it checked: its
/// size and SHA-256 are kept beside it (by scripts/keep-checksum, as
/// `sha256sum` writes them) and compared before `dlopen`; a library found
/// whole is remembered until it changes.
struct LibraryChecksumTests {
    /// A copy of a real library in a fresh folder, with its checksum kept
    /// by the set-up step's own script; and a file to remember verifications in.
    struct Installed {
        let folder: String
        let library: String
        let verified: VerifiedLibraries

        init(checksum: Bool = true) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-checksum-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            library = folder + "/libsndfile.so"
            try FileManager.default.copyItem(atPath: URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libsndfile.so.1").resolvingSymlinksInPath().path, toPath: library)
            verified = VerifiedLibraries(file: folder + "/cache/verified-libraries")
            if checksum {
                let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../scripts/keep-checksum").standardized.path
                let process = Process()
                process.executableURL = URL(fileURLWithPath: script)
                process.arguments = [library]
                try process.run()
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
            }
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }

        func check() throws(SpeechError) { try SharedLibraryFile.check(library, checksum: .required, verified: verified) }
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

    @Test func theChecksumFileIsSha256sumsWithTheSize() {
        let digest = String(repeating: "0f", count: 32)
        #expect(LibraryChecksum.parse("# size 12\n\(digest)  librnnoise.so\n", name: "librnnoise.so")
                == LibraryChecksum(size: 12, digest: digest))
        #expect(LibraryChecksum.parse("\(digest) *librnnoise.so\n# size 12\n", name: "librnnoise.so") != nil)
        for damaged in ["\(digest)  librnnoise.so\n", "# size 12\n", "# size 12\n\(digest)  libother.so\n",
                        "# size 12\n\(digest.uppercased())  librnnoise.so\n", "# size 12\n\(digest.dropLast())  librnnoise.so\n",
                        "# size 12\n\(digest)  librnnoise.so\n\(digest)  librnnoise.so\n", "# size 12\n# size 13\n\(digest)  librnnoise.so\n"] {
            #expect(LibraryChecksum.parse(damaged, name: "librnnoise.so") == nil, "\(damaged)")
        }
    }

    @Test func aLibraryMatchingItsChecksumLoadsAndIsRemembered() throws {
        let installed = try Installed()
        defer { installed.remove() }
        try installed.check()
        let digest = try #require(try LibraryChecksum.read(for: installed.library)).digest
        #expect(try LibraryChecksum.digest(ofFileAt: installed.library).get().digest == digest)
        #expect(installed.verified.contains(path: installed.library, digest: digest))
        try installed.check()
    }

    @Test func aDamagedLibraryOfTheRightSizeIsRefused() throws {
        let installed = try Installed()
        defer { installed.remove() }
        try installed.check()
        // One byte changed far from the ELF headers: structurally sound, but not the library that was installed.
        let file = try #require(FileHandle(forUpdatingAtPath: installed.library))
        try file.seek(toOffset: 200_000)
        let byte = try #require(try file.read(upToCount: 1)).first!
        try file.seek(toOffset: 200_000)
        try file.write(contentsOf: [byte ^ 0xFF])
        try file.close()
        #expect(throws: SpeechError.self) { try installed.check() }
        do {
            try installed.check()
        } catch {
            #expect(error.message.hasPrefix("cannot load \(installed.library): its SHA-256 is "))
            #expect(error.message.hasSuffix("(damaged or replaced; run make deps again)"))
        }
    }

    @Test func aLibraryOfAnotherSizeIsRefusedWithoutReadingIt() throws {
        let installed = try Installed()
        defer { installed.remove() }
        let size = try #require(try LibraryChecksum.read(for: installed.library)).size
        let file = try #require(FileHandle(forUpdatingAtPath: installed.library))
        _ = try file.seekToEnd()
        try file.write(contentsOf: [0])
        try file.close()
        #expect(throws: SpeechError("cannot load \(installed.library): it is \(size + 1) bytes, but its checksum says \(size) "
                                    + "(damaged or replaced; run make deps again)")) { try installed.check() }
    }

    @Test func anInstalledLibraryWithoutItsChecksumIsRefused() throws {
        let installed = try Installed(checksum: false)
        defer { installed.remove() }
        #expect(throws: SpeechError("cannot load \(installed.library): its checksum \(installed.library).sha256 is missing (run make deps again)")) {
            try installed.check()
        }
        // One the user names is loaded on the ELF check alone.
        try SharedLibraryFile.check(installed.library, checksum: .ifPresent, verified: installed.verified)
    }

    @Test func aDamagedChecksumIsRefused() throws {
        let installed = try Installed()
        defer { installed.remove() }
        try "not a checksum\n".write(toFile: installed.library + ".sha256", atomically: false, encoding: .utf8)
        #expect(throws: SpeechError("cannot load \(installed.library): its checksum \(installed.library).sha256 is damaged "
                                    + "(it must say \"# size BYTES\" and \"SHA256  libsndfile.so\"; run make deps again)")) {
            try installed.check()
        }
    }

    /// The vendored libraries the set-up step installed match what it kept.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.vendor + "/librnnoise.so.sha256")))
    func theSetUpStepsLibrariesMatchTheirChecksums() throws {
        for name in ["librnnoise.so", "libsherpa-onnx-c-api.so", "libonnxruntime.so"] where FileManager.default.fileExists(atPath: Self.vendor + "/" + name) {
            let checksum = try #require(try LibraryChecksum.read(for: Self.vendor + "/" + name))
            #expect(try LibraryChecksum.digest(ofFileAt: Self.vendor + "/" + name).get().digest == checksum.digest)
        }
    }

    static let vendor = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../.build/vendor/lib").standardized.path
}
