import Foundation
import Testing
@testable import SpeechFront

/// A damaged library is refused before `dlopen` maps it (a truncated one
/// would map, then kill the process with SIGBUS).
struct SharedLibraryFileTests {
    static let libc = "/lib/x86_64-linux-gnu/libc.so.6"

    @Test func aWholeLibraryPasses() throws {
        try SharedLibraryFile.check(Self.libc)
        // Through its link, as libraries are usually named (libsndfile.so.1 → libsndfile.so.1.0.35).
        try SharedLibraryFile.check("/usr/lib/x86_64-linux-gnu/libsndfile.so.1")
    }

    @Test func aTruncatedLibraryIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-truncated-\(UUID().uuidString).so").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.libc))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(throws: SpeechError.self) { try SharedLibraryFile.check(path) }
        #expect(SharedLibraryFile.problem(in: [UInt8](whole.prefix(1 << 16)), size: whole.count / 2)?.hasPrefix("it is truncated or damaged") == true)
    }

    @Test func somethingElseIsNotALibrary() {
        #expect(SharedLibraryFile.problem(in: Array("#!/bin/sh\necho hi\n".utf8) + [UInt8](repeating: 0, count: 64), size: 82)
                == "it is not an ELF shared library")
        #expect(throws: SpeechError("cannot load /dev/zero: it is a device, not a file")) { try SharedLibraryFile.check("/dev/zero") }
    }

    /// Offsets near Int.max in a hostile header are refused, not added up (a trap).
    @Test func hostileOffsetsAreRefusedWithoutOverflow() {
        var header = [UInt8](repeating: 0, count: 64)
        header[0..<6] = [0x7F, 0x45, 0x4C, 0x46, 2, 1]
        for index in 32..<40 { header[index] = 0xFF }   // e_phoff
        header[39] = 0x7F
        header[54] = 56                                  // e_phentsize
        header[56] = 1                                   // e_phnum
        #expect(SharedLibraryFile.problem(in: header, size: 64)?.hasPrefix("it is truncated or damaged") == true)
    }
}
