import Foundation
import PhraseMatcher

/// Checks a shared library before `dlopen` maps it: a truncated or damaged
/// file maps without complaint and then kills the process with SIGBUS when
/// a page past its end is touched. A 64-bit little-endian ELF file whose
/// every loadable segment, and whose section table, lies inside the file is
/// what the loader can map safely; anything else is refused with the reason.
///
/// A library the set-up step installed is also checked against the size
/// and SHA-256 the binary carries (`PinnedFiles`) before this check.
enum SharedLibraryFile {
    /// The largest library loaded (ONNX Runtime's is 27 MB).
    static let largest = 512 << 20
    /// The most program headers read (real libraries have about ten).
    static let mostSegments = 256

    /// The start of the file read: the ELF header and program headers are there.
    static let headerBytes = 64 << 10

    /// Checks that the library at `path` can be mapped whole.
    static func check(_ path: String) throws(SpeechError) {
        let start: (bytes: Data, size: Int)
        do {
            start = try BoundedFileReader.start(of: path, bytes: headerBytes, limit: largest)
        } catch {
            throw SpeechError("cannot load \(path): \(error.reason)")
        }
        if let problem = problem(in: [UInt8](start.bytes), size: start.size) { throw SpeechError("cannot load \(path): \(problem)") }
    }

    /// What is wrong with a library of `size` bytes that starts with
    /// `bytes`; nil when it can be mapped.
    static func problem(in bytes: [UInt8], size: Int) -> String? {
        func integer(_ offset: Int, _ width: Int) -> Int? {
            guard offset >= 0, offset + width <= bytes.count else { return nil }
            var value: UInt64 = 0
            for index in (0..<width).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
            return value > UInt64(Int.max) ? nil : Int(value)
        }
        guard bytes.count >= 64, bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]) else { return "it is not an ELF shared library" }
        guard bytes[4] == 2, bytes[5] == 1 else { return "it is not a 64-bit little-endian library" }
        guard let headersAt = integer(32, 8), let headerSize = integer(54, 2), let headers = integer(56, 2),
              let sectionsAt = integer(40, 8), let sectionSize = integer(58, 2), let sections = integer(60, 2) else {
            return "its ELF header is damaged"
        }
        // Compared by subtraction: a hostile offset near Int.max must not overflow.
        guard headerSize >= 56, headers <= mostSegments, headersAt <= size - headers * headerSize else {
            return "it is truncated or damaged (its program headers lie past its end)"
        }
        for index in 0..<headers {
            let header = headersAt + index * headerSize
            guard let type = integer(header, 4), let offset = integer(header + 8, 8), let length = integer(header + 32, 8) else {
                return "its program headers are damaged"
            }
            // PT_LOAD: mapped from the file, so it must all be there.
            if type == 1, offset > size || length > size - offset {
                return "it is truncated or damaged (a segment of \(length) bytes at byte \(offset) of \(size))"
            }
        }
        if sections > 0, sectionsAt > size - sections * sectionSize {
            return "it is truncated or damaged (its section table lies past its end)"
        }
        return nil
    }
}
