import Foundation

/// Bytes read in arbitrary chunks (a pipe, stdin), handed back as whole lines.
public struct LineBuffer: Sendable {
    private var pending = Data()

    public init() {}

    /// The lines `data` completes, without their newlines.
    public mutating func append(_ data: Data) -> [String] {
        pending.append(data)
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
            pending = Data(pending[(newline + 1)...])
        }
        return lines
    }

    /// A last line without a newline, at the end of input.
    public mutating func finish() -> String? {
        defer { pending = Data() }
        return pending.isEmpty ? nil : String(decoding: pending, as: UTF8.self)
    }
}
