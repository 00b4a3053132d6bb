/// The text of a model file with its name, able to turn byte offsets into
/// line and column for diagnostics.
///
/// Columns count Unicode scalars. A minified model is one line of megabytes,
/// so both the column and the excerpt shown are found without walking the
/// line: characters are counted from checkpoints every few kilobytes, and an
/// excerpt is a window of the line around the offset.
public struct SourceFile: Sendable {
    /// The name diagnostics give it (its path, or a name for text).
    public let name: String
    /// The whole text, as its UTF-8 bytes: kept once (a model of 100,000
    /// names is megabytes, and stays loaded for its diagnostics).
    let bytes: [UInt8]
    /// The whole text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    private let lineStarts: [Int]
    /// Scalars before each multiple of `checkpointSpacing` bytes.
    private let scalarCheckpoints: [Int]
    private static let checkpointSpacing = 4096
    /// A line up to `wholeLineWidth` scalars is shown whole; of a longer one,
    /// `excerptWidth` scalars from `excerptLead` before the offset.
    static let wholeLineWidth = 200
    static let excerptWidth = 160
    static let excerptLead = 60

    /// The text `text`, named `name` in diagnostics.
    public init(name: String, text: String) {
        self.name = name
        self.bytes = Array(text.utf8)
        var starts = [0]
        var checkpoints: [Int] = []
        var scalars = 0
        for (offset, byte) in bytes.enumerated() {
            if offset % Self.checkpointSpacing == 0 { checkpoints.append(scalars) }
            if byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            if !Self.isContinuation(byte) { scalars += 1 }
        }
        if bytes.count % Self.checkpointSpacing == 0 { checkpoints.append(scalars) }
        self.lineStarts = starts
        self.scalarCheckpoints = checkpoints
    }

    /// 1-based line and column of a UTF-8 offset.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(of: clamped)
        return (line + 1, scalars(before: clamped) - scalars(before: lineStarts[line]) + 1)
    }

    /// The line holding `offset`, or of a long line a window around it, with
    /// the 1-based column of `offset` in it and whether the line goes on
    /// before and after the window.
    func excerpt(around offset: Int) -> (text: String, column: Int, cutBefore: Bool, cutAfter: Bool) {
        let clamped = max(0, min(offset, bytes.count))
        let (lineStart, lineEnd) = bounds(ofLine: lineIndex(of: clamped))
        if scalars(before: lineEnd) - scalars(before: lineStart) <= Self.wholeLineWidth {
            let column = scalars(before: min(clamped, lineEnd)) - scalars(before: lineStart) + 1
            return (String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self), column, false, false)
        }
        var start = min(clamped, lineEnd)
        var lead = 0
        while start > lineStart, lead < Self.excerptLead {
            start -= 1
            while start > lineStart, Self.isContinuation(bytes[start]) { start -= 1 }
            lead += 1
        }
        var end = start
        var width = 0
        while end < lineEnd, width < Self.excerptWidth {
            end += 1
            while end < lineEnd, Self.isContinuation(bytes[end]) { end += 1 }
            width += 1
        }
        return (String(decoding: bytes[start..<end], as: UTF8.self), lead + 1, start > lineStart, end < lineEnd)
    }

    private func lineIndex(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The byte range of a 0-based line, without its newline or carriage return.
    private func bounds(ofLine index: Int) -> (start: Int, end: Int) {
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return (start, max(start, end))
    }

    private func scalars(before offset: Int) -> Int {
        let checkpoint = offset / Self.checkpointSpacing
        var count = scalarCheckpoints[checkpoint]
        for byte in bytes[(checkpoint * Self.checkpointSpacing)..<offset] where !Self.isContinuation(byte) { count += 1 }
        return count
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
