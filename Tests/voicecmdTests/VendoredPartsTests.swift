import Foundation
import Testing

/// Each vendored file damaged three ways (cut short, a byte changed at the
/// pinned size, another valid network or library brought to the pinned
/// size) is refused before it is loaded: one line says which part and what
/// is used instead, the fallback runs (the energy gate, no second opinion,
/// no denoising, the wake phrase spotted alone), and the job is done (exit 0).
/// The binary is linked into a folder beside a vendor folder of links to
/// the set-up step's files, some of them replaced by damaged copies.
@Suite(.enabled(if: VendorFiles.allInstalled, "the set-up step's vendored parts are not installed"))
struct VendoredPartsTests {
    static let vendor = VendorFiles.folder

    enum Damage: String, CaseIterable, Sendable {
        case cutShort, byteChanged, anotherOfTheSameSize
    }

    static let gate = "voicecmd: the voice gate is unavailable, going on with the energy detector: cannot use Silero VAD: "
    static let secondOpinion = "voicecmd: the second opinion is unavailable, judging commands without it: "
    static let denoising = "voicecmd: denoising is unavailable, going on without it: cannot use RNNoise: "
    static let wake = "voicecmd: the trained wake detector cannot be used, spotting the wake phrase without it: cannot use "

    /// Files damaged together (one of each part, so each line names its
    /// own file), and the lines then said: every vendored file is in one.
    static let groups: [(files: [String], said: [String])] = [
        (["share/voicecmd/silero_vad.onnx", "lib/librnnoise.so", "share/voicecmd/moonshine-tiny-en/encoder_model.ort",
          "share/voicecmd/speech-embedding/melspectrogram.onnx"], [gate, denoising, secondOpinion, wake]),
        (["lib/libsherpa-onnx-c-api.so", "share/voicecmd/moonshine-tiny-en/decoder_model_merged.ort",
          "share/voicecmd/speech-embedding/embedding_model.onnx"], [gate, secondOpinion, wake]),
        (["share/voicecmd/moonshine-tiny-en/tokens.txt"], [secondOpinion]),
        // Silero, Moonshine and the embedding all run on it.
        (["lib/libonnxruntime.so"], [gate, secondOpinion, wake]),
    ]

    /// `damaged` (a path inside the vendor folder) replaced by a copy
    /// damaged as `damage` says; every other file a link to the real one.
    static func withDamagedParts(_ damaged: [String], _ damage: Damage, _ body: (_ binary: String, _ folder: String) throws -> Void) throws {
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
            } else if !damaged.contains(file) {
                try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: vendor + "/" + file)
            }
        }
        for damaged in damaged {
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
        }
        try body(folder + "/bin/voicecmd", folder)
    }

    /// `listen --wake` of a clip uses every part: the gate, denoising, the
    /// second opinion and (with a detector "trained" for the phrase) the
    /// embedding.
    @Test(arguments: Damage.allCases)
    func aDamagedPartIsSaidOnceAndTheJobIsDone(damage: Damage) throws {
        for group in Self.groups {
            try Self.withDamagedParts(group.files, damage) { binary, folder in
                try FileManager.default.createDirectory(atPath: folder + "/wake", withIntermediateDirectories: true)
                // Where the embedding is whole, a detector that is no network would be set aside: said only where it is damaged.
                if group.said.contains(Self.wake) {
                    try Data("VOICECMD-WAKE".utf8).write(to: URL(fileURLWithPath: folder + "/wake/hey_computer.wakenet"))
                }
                let clip = "Tests/SpeechFrontTests/Fixtures/clips/timer-flite-slt.flac"
                let run = try ToolRunner.shell("VOICECMD_WAKE_CACHE='\(folder)/wake' timeout -k 5 120 '\(binary)' "
                                               + "listen --fast --wake 'hey computer' --input \(clip) </dev/null")
                let context = "\(group.files), \(damage): \(run.stderr)"
                #expect(run.status == 0, "\(context)")
                let lines = run.stderr.split(separator: "\n").map(String.init)
                #expect(lines.count == group.said.count, "\(context)")
                for said in group.said { #expect(lines.contains { $0.hasPrefix(said) }, "\(said) \(context)") }
                // Each damaged file is named, by the part that loads it.
                for file in group.files where file != "lib/libonnxruntime.so" {
                    #expect(lines.contains { $0.contains((file as NSString).lastPathComponent) }, "\(file) \(context)")
                }
            }
        }
    }

    /// Base's files, each damaged one way in turn: `--hearing base` says so
    /// in one line, naming the file, and judges without it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: VendorFiles.folder + "/share/voicecmd/moonshine-base-en/tokens.txt"), "base is not installed"))
    func aDamagedBaseIsSaidOnceAndTheJobIsDone() throws {
        let files = ["encoder_model.onnx", "decoder_model_merged.onnx", "tokens.txt"].map { "share/voicecmd/moonshine-base-en/" + $0 }
        for (file, damage) in zip(files, Damage.allCases) {
            try Self.withDamagedParts([file], damage) { binary, _ in
                let run = try ToolRunner.shell("timeout -k 5 120 '\(binary)' transcribe --hearing base "
                                               + "Tests/SpeechFrontTests/Fixtures/clips/timer-flite-slt.flac </dev/null")
                let context = "\(file), \(damage): \(run.stderr)"
                #expect(run.status == 0, "\(context)")
                let lines = run.stderr.split(separator: "\n").map(String.init)
                #expect(lines.count == 1 && lines[0].hasPrefix(Self.secondOpinion) && lines[0].contains((file as NSString).lastPathComponent),
                        "\(context)")
                #expect(run.stdout.contains("SetTimer"), "\(context)")
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
