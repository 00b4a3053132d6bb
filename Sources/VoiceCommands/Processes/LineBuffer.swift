import Foundation
import PhraseMatcher

/// Bytes read in arbitrary chunks (a pipe, stdin), handed back as whole lines.
/// A line longer than `maximumLineLength` is dropped, not held.
package struct LineBuffer: Sendable {
    package static let maximumLineLength = 1 << 20
    private var pending: [UInt8] = []
    private var skippingLongLine = false

    package init() {}

    /// The lines `data` completes, without their newlines.
    package mutating func append(_ data: Data) -> [String] {
        var lines: [String] = []
        for byte in data {
            if byte == UInt8(ascii: "\n") {
                if !skippingLongLine { lines.append(String(decoding: pending, as: UTF8.self)) }
                pending.removeAll(keepingCapacity: true)
                skippingLongLine = false
            } else if !skippingLongLine {
                pending.append(byte)
                if pending.count > Self.maximumLineLength {
                    pending.removeAll()
                    skippingLongLine = true
                }
            }
        }
        return lines
    }

    /// A last line without a newline, at the end of input.
    package mutating func finish() -> String? {
        defer { pending = []; skippingLongLine = false }
        return pending.isEmpty || skippingLongLine ? nil : String(decoding: pending, as: UTF8.self)
    }
}
