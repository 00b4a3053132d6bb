extension SourceFile {
    /// The source offset of a UTF-8 offset inside the decoded text of the JSON
    /// string whose opening quote is at `stringOffset`. Escapes are re-read so
    /// a caret lands on the character as written, not as decoded.
    func offset(inStringAt stringOffset: Int, decodedOffset: Int) -> Int {
        var raw = stringOffset + 1
        var decoded = 0
        while decoded < decodedOffset, raw < bytes.count, bytes[raw] != UInt8(ascii: "\"") {
            guard bytes[raw] == UInt8(ascii: "\\"), raw + 1 < bytes.count else {
                raw += 1
                decoded += 1
                continue
            }
            switch bytes[raw + 1] {
            case UInt8(ascii: "("):
                raw += 2; decoded += 2
            case UInt8(ascii: "u"):
                let hex = raw + 2 < bytes.count ? String(decoding: bytes[(raw + 2)..<min(raw + 6, bytes.count)], as: UTF8.self) : ""
                let code = UInt32(hex, radix: 16) ?? 0x3F
                if (0xD800...0xDBFF).contains(code) {
                    raw += 12; decoded += 4
                } else {
                    raw += 6; decoded += code < 0x80 ? 1 : code < 0x800 ? 2 : 3
                }
            default:
                raw += 2; decoded += 1
            }
        }
        return raw
    }
}
