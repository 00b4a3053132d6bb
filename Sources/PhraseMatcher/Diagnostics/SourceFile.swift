/// The text of a model file with its name, able to turn byte offsets into
/// line and column for diagnostics.
public struct SourceFile: Sendable {
    public let name: String
    public let text: String
    let bytes: [UInt8]
    private let lineStarts: [Int]

    public init(name: String, text: String) {
        self.name = name
        self.text = text
        self.bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
    }

    /// 1-based line and column of a UTF-8 offset; the column counts characters.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let prefix = bytes[lineStarts[low]..<clamped]
        return (low + 1, String(decoding: prefix, as: UTF8.self).count + 1)
    }

    /// The text of the 1-based line, without its newline.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }
}
