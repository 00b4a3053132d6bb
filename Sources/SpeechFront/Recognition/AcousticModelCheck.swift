import Foundation
import PhraseMatcher

/// Checks the parts of an acoustic model that PocketSphinx trusts: a
/// binary `mdef` cut short makes it read past its end and crash (SIGSEGV)
/// instead of failing. Its header says how long the file must be.
enum AcousticModelCheck {
    /// Why the model definition at `path` cannot be used; nil when it is a
    /// whole binary one, or looks like the text format (parsed with checks).
    /// Anything else PocketSphinx would stop the process on, printing the
    /// file's bytes.
    static func mdefProblem(_ path: String) -> String? {
        guard let start = try? BoundedFileReader.start(of: path, bytes: 64 << 10, limit: SpeechModelFiles.largestModelFile) else { return nil }
        return mdefProblem(in: [UInt8](start.bytes), size: start.size)
    }

    /// The layout is "BMDF", a version, a description of the format, ten
    /// 32-bit counts, the phone names (NUL-ended, padded to 4 bytes), then
    /// tables the counts size: context tree (8 bytes a node), phones (12
    /// bytes each), senone sequences (2 bytes a state).
    static func mdefProblem(in bytes: [UInt8], size: Int) -> String? {
        // Written on a machine of the other byte order: PocketSphinx swaps it.
        if bytes.starts(with: Array("FDMB".utf8)) { return nil }
        guard bytes.starts(with: Array("BMDF".utf8)) else {
            // The text format begins with its version, "0.3".
            return bytes.starts(with: Array("0.3".utf8)) && bytes.dropFirst(3).first.map({ $0 == 0x0A || $0 == 0x0D || $0 == 0x20 }) == true
                ? nil : "it is not a PocketSphinx model definition (neither the binary nor the text format)"
        }
        func int32(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            return Int(Int32(bitPattern: UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
                             | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24))
        }
        let damaged = "it is truncated or damaged"
        guard let description = int32(8), description >= 0 else { return damaged }
        let counts = 12 + description
        guard let phoneNames = int32(counts), let phones = int32(counts + 4), let statesPerPhone = int32(counts + 8),
              let sequences = int32(counts + 24), let treeNodes = int32(counts + 32),
              [phoneNames, phones, statesPerPhone, sequences, treeNodes].allSatisfy({ (0...10_000_000).contains($0) }) else {
            return damaged
        }
        var offset = counts + 40
        for _ in 0..<phoneNames {
            guard let end = bytes[min(offset, bytes.count)...].firstIndex(of: 0) else { return damaged }
            offset = end + 1
        }
        offset = (offset + 3) / 4 * 4
        let needed = offset + treeNodes * 8 + phones * 12 + sequences * statesPerPhone * 2
        return size < needed ? "\(damaged) (\(size) bytes of at least \(needed))" : nil
    }
}
