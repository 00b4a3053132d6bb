import Foundation
import Testing

/// Each vendored file damaged three ways (cut short, a byte changed at the
/// pinned size, another valid network or library brought to the pinned
/// size) is refused before it is loaded: one line says which part and what
/// is used instead, the fallback runs (the energy gate, no second opinion,
/// no denoising, the wake phrase spotted alone), and the job is done (exit 0).
/// The binary is linked into a folder beside a vendor folder of links to
/// the set-up step's files, one of them replaced by the damaged copy.
@Suite(.enabled(if: VendorFiles.allInstalled, "the set-up step's vendored parts are not installed"))
struct VendoredPartsTests {
    static let vendor = VendorFiles.folder

    enum Damage: String, CaseIterable, Sendable {
        case cutShort, byteChanged, anotherOfTheSameSize
    }

    /// Each file, and the lines that must be said when it is damaged.
    static let parts: [(file: String, said: [String])] = [
        ("lib/libonnxruntime.so", ["voicecmd: the voice gate is unavailable, going on with the energy detector: cannot use Silero VAD: ",
                                   "voicecmd: the second opinion is unavailable, judging commands without it: cannot use ONNX Runtime: "]),
        ("lib/libsherpa-onnx-c-api.so", ["voicecmd: the voice gate is unavailable, going on with the energy detector: cannot use Silero VAD: "]),
        ("share/voicecmd/silero_vad.onnx", ["voicecmd: the voice gate is unavailable, going on with the energy detector: cannot use Silero VAD: "]),
        ("lib/librnnoise.so", ["voicecmd: denoising is unavailable, going on without it: cannot use RNNoise: "]),
        ("share/voicecmd/moonshine-tiny-en/encoder_model.ort", ["voicecmd: the second opinion is unavailable, judging commands without it: cannot use Moonshine: "]),
        ("share/voicecmd/moonshine-tiny-en/decoder_model_merged.ort", ["voicecmd: the second opinion is unavailable, judging commands without it: cannot use Moonshine: "]),
        ("share/voicecmd/moonshine-tiny-en/tokens.txt", ["voicecmd: the second opinion is unavailable, judging commands without it: cannot use Moonshine: "]),
        ("share/voicecmd/speech-embedding/melspectrogram.onnx", ["voicecmd: the trained wake detector cannot be used, spotting the wake phrase without it: cannot use the speech embedding: "]),
        ("share/voicecmd/speech-embedding/embedding_model.onnx", ["voicecmd: the trained wake detector cannot be used, spotting the wake phrase without it: cannot use the speech embedding: "]),
    ]

    /// `damaged` (a path inside the vendor folder) replaced by a copy
    /// damaged as `damage` says; every other file a link to the real one.
    static func withDamagedPart(_ damaged: String, _ damage: Damage, _ body: (_ binary: String, _ folder: String) throws -> Void) throws {
        // Two levels down: the binary also looks two folders up (`../../vendor`),
        // which must not reach the set-up step's own .build/vendor.
        let outer = ToolRunner.projectDirectory.appendingPathComponent(".build/damaged-\(UUID().uuidString)").path
        let folder = outer + "/install"
        defer { try? FileManager.default.removeItem(atPath: outer) }
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        // A hard link: the binary finds its vendor folder from its own path.
        #expect(link(ToolRunner.productsDirectory.appendingPathComponent("voicecmd").path, folder + "/bin/voicecmd") == 0)
        let files = FileManager.default.enumerator(atPath: vendor)!.compactMap { $0 as? String }
        for file in files {
            var status = stat()
            guard stat(vendor + "/" + file, &status) == 0 else { continue }
            let target = folder + "/vendor/" + file
            if status.st_mode & S_IFMT == S_IFDIR {
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            } else if file != damaged {
                try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: vendor + "/" + file)
            }
        }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: vendor + "/" + damaged)))
        let size = bytes.count
        switch damage {
        case .cutShort: bytes.removeLast(bytes.count / 2)
        case .byteChanged: bytes[bytes.count / 2] ^= 0x5A
        case .anotherOfTheSameSize:
            // Another part of the same kind (a library for a library, a
            // network for a network), cut or padded to the pinned size.
            let other = damaged.hasSuffix(".so") ? (damaged.hasSuffix("librnnoise.so") ? "lib/libsherpa-onnx-c-api.so" : "lib/librnnoise.so")
                : damaged.hasSuffix("silero_vad.onnx") ? "share/voicecmd/speech-embedding/embedding_model.onnx" : "share/voicecmd/silero_vad.onnx"
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: vendor + "/" + other)))
            bytes = bytes.count >= size ? Array(bytes.prefix(size)) : bytes + [UInt8](repeating: 0, count: size - bytes.count)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/vendor/" + damaged))
        try body(folder + "/bin/voicecmd", folder)
    }

    @Test(arguments: Damage.allCases)
    func aDamagedPartIsSaidOnceAndTheJobIsDone(damage: Damage) throws {
        for part in Self.parts {
            try Self.withDamagedPart(part.file, damage) { binary, folder in
                let wakeParts = part.file.contains("speech-embedding")
                if wakeParts {
                    // A detector "trained" for the phrase: the embedding it needs is what is damaged.
                    try FileManager.default.createDirectory(atPath: folder + "/wake", withIntermediateDirectories: true)
                    try Data("VOICECMD-WAKE".utf8).write(to: URL(fileURLWithPath: folder + "/wake/hey_computer.wakenet"))
                }
                let clip = "Tests/SpeechFrontTests/Fixtures/clips/timer-flite-slt.flac"
                let command = wakeParts ? "listen --wake 'hey computer' --input \(clip)" : "transcribe \(clip)"
                let run = try ToolRunner.shell("VOICECMD_WAKE_CACHE='\(folder)/wake' timeout -k 5 120 '\(binary)' \(command) </dev/null")
                let context = "\(part.file), \(damage): \(run.stderr)"
                #expect(run.status == 0, "\(context)")
                if !wakeParts { #expect(run.stdout.contains("SetTimer"), "\(context) \(run.stdout)") }
                let lines = run.stderr.split(separator: "\n").map(String.init)
                #expect(lines.count == part.said.count, "\(context)")
                for said in part.said { #expect(lines.contains { $0.hasPrefix(said) }, "\(context)") }
            }
        }
    }
}

enum VendorFiles {
    static let folder = ToolRunner.projectDirectory.appendingPathComponent(".build/vendor").path
    static let allInstalled = ["lib/libonnxruntime.so", "lib/librnnoise.so", "share/voicecmd/speech-embedding/embedding_model.onnx",
                               "share/voicecmd/moonshine-tiny-en/tokens.txt", "share/voicecmd/silero_vad.onnx"]
        .allSatisfy { FileManager.default.fileExists(atPath: folder + "/" + $0) }
}
