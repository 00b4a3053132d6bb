import Foundation
import Testing
@testable import SpeechFront

/// A binary mdef is as long as its header says, or PocketSphinx reads past
/// its end.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us/en-us/mdef"), "pocketsphinx-en-us is not installed"))
struct AcousticModelCheckTests {
    static let mdef = "/usr/share/pocketsphinx/model/en-us/en-us/mdef"

    @Test func theInstalledModelIsWholeDirectlyAndThroughALink() throws {
        #expect(AcousticModelCheck.mdefProblem(Self.mdef) == nil)
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-mdef-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: link) }
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: Self.mdef)
        #expect(AcousticModelCheck.mdefProblem(link) == nil)
    }

    @Test func aCutModelIsTruncated() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.mdef))
        let start = [UInt8](whole.prefix(64 << 10))
        #expect(AcousticModelCheck.mdefProblem(in: start, size: whole.count) == nil)
        #expect(AcousticModelCheck.mdefProblem(in: start, size: whole.count - 100)?.hasPrefix("it is truncated or damaged") == true)
        #expect(AcousticModelCheck.mdefProblem(in: Array("0.3\n42 n_base\n".utf8), size: 14) == nil)
        #expect(AcousticModelCheck.mdefProblem(in: Array("\u{1B}[2J garbage".utf8), size: 13)
                == "it is not a PocketSphinx model definition (neither the binary nor the text format)")
    }
}
