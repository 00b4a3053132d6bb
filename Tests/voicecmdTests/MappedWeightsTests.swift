import Foundation
import Testing

/// Moonshine's weights are used where they lie in the mapped file. Cut
/// short in place under a running `listen`, the next touch of a page past
/// the new end raises SIGBUS: one line names the file and voicecmd ends
/// with status 1 (it was killed by the signal, status 135).
@Suite(.enabled(if: VendorFiles.allInstalled, "the set-up step's vendored parts are not installed"))
struct MappedWeightsTests {
    @Test func weightsCutShortUnderAListenerAreSaidNotACrash() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-mapped-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A vendor folder of links, but for a copy of the encoder that can be cut.
        let moonshine = "share/voicecmd/moonshine-tiny-en"
        try FileManager.default.createDirectory(atPath: folder + "/lib", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/" + moonshine, withIntermediateDirectories: true)
        for file in ["lib/libonnxruntime.so", "lib/libsherpa-onnx-c-api.so", "\(moonshine)/decoder_model_merged.ort", "\(moonshine)/tokens.txt"] {
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + file, withDestinationPath: VendorFiles.folder + "/" + file)
        }
        let encoder = folder + "/\(moonshine)/encoder_model.ort"
        try FileManager.default.copyItem(atPath: VendorFiles.folder + "/\(moonshine)/encoder_model.ort", toPath: encoder)

        let raw = folder + "/command.raw"
        let clip = ToolRunner.projectDirectory.path + "/Tests/SpeechFrontTests/Fixtures/clips/timer-flite-slt.flac"
        let converted = try ToolRunner.shell("sox '\(clip)' -t raw -r 16000 -b 16 -e signed -c 1 '\(raw)' pad 0.5 1.5")
        try #require(converted.status == 0, "\(converted.stderr)")

        let process = Process()
        process.executableURL = ToolRunner.productsDirectory.appendingPathComponent("voicecmd")
        process.arguments = ["listen", "--input", "-", "--json"]
        process.currentDirectoryURL = ToolRunner.projectDirectory
        var environment = ProcessInfo.processInfo.environment
        environment["VOICECMD_ASR"] = folder
        process.environment = environment
        // A socket pair for standard input, written with MSG_NOSIGNAL: voicecmd
        // may end before the audio is written (SIGPIPE would kill the tests).
        var sockets: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        let childEnd = FileHandle(fileDescriptor: sockets[1], closeOnDealloc: true)
        defer { close(sockets[0]) }
        let output = Pipe(), errors = Pipe()
        process.standardInput = childEnd
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try childEnd.close()
        // Cut once the encoder is mapped (after its pinned digest was checked).
        let mapped = Date().addingTimeInterval(60)
        while Date() < mapped, process.isRunning,
              !((try? String(contentsOfFile: "/proc/\(process.processIdentifier)/maps", encoding: .utf8)) ?? "").contains(encoder) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(truncate(encoder, 0) == 0)
        let pcm = try Data(contentsOf: URL(fileURLWithPath: raw))
        _ = pcm.withUnsafeBytes { send(sockets[0], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(sockets[0], Int32(SHUT_WR))
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(process.terminationReason) \(process.terminationStatus)")
        #expect(said.contains("voicecmd: \(encoder) was cut short while in use (replace such a file by renaming a new one over it, "
                              + "as the set-up step does); stopping\n"), "\(said)")
    }
}
