import Foundation

/// Turns what someone said (or typed) into the words the matcher compares:
/// Unicode NFKC, case folded, punctuation dropped except apostrophes inside
/// words, and numbers written in digits spelled out ("25" → "twenty five",
/// "3rd" → "third", "$3.50" → "three dollars and fifty cents"), so digits and
/// number words match the same phrases.
public enum TextNormalizer {
    /// The longest word a model may use, in characters: longer than any word
    /// of the pronunciation dictionary (34), short enough that guessing a
    /// pronunciation for it stays quick.
    public static let maximumWordLength = 48

    /// The error for a word over `maximumWordLength`, showing its start.
    package static func tooLong(_ word: String) -> String {
        "the word \"\(word.prefix(20))…\" is \(word.count) letters long; the most a word may have is \(maximumWordLength)"
    }

    /// The words of `text` as the matcher compares them, each with the characters of `text` it came from.
    public static func normalize(_ text: String) -> NormalizedText {
        var result = NormalizedText(original: text)
        var text = text
        let handled = text.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? normalizeASCII(bytes, into: &result) : false
        }
        if !handled { normalizeUnicode(text, into: &result) }
        return result
    }

    /// The common case, byte by byte: no Unicode tables, one small string per word.
    private static func normalizeASCII(_ bytes: UnsafeBufferPointer<UInt8>, into result: inout NormalizedText) -> Bool {
        let count = bytes.count
        result.words.reserveCapacity(count / 3 + 2)
        result.ranges.reserveCapacity(count / 3 + 2)
        var index = 0
        while index < count {
            guard isTokenByte(bytes[index]) else { index += 1; continue }
            let start = index
            var hasDigit = false, hasSymbol = false
            while index < count {
                let byte = bytes[index]
                if isTokenByte(byte) {
                    if byte >= 0x30 && byte <= 0x39 { hasDigit = true } else if byte == 0x24 || byte == 0x25 { hasSymbol = true }
                } else if (byte == 0x2E || byte == 0x2C), index > start, index + 1 < count,
                          isDigit(bytes[index - 1]), isDigit(bytes[index + 1]) {
                    // Decimal points and thousands separators stay inside numbers.
                } else {
                    break
                }
                index += 1
            }
            if hasDigit || hasSymbol {
                let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                appendWords(of: asciiLowercased(token), range: start..<index, to: &result)
                continue
            }
            var wordStart = start, wordEnd = index
            while wordStart < wordEnd, bytes[wordStart] == 0x27 { wordStart += 1 }
            while wordEnd > wordStart, bytes[wordEnd - 1] == 0x27 { wordEnd -= 1 }
            guard wordStart < wordEnd else { continue }
            result.words.append(lowercasedWord(bytes, wordStart..<wordEnd))
            result.ranges.append(start..<index)
        }
        return true
    }

    /// ASCII letters lower-cased into a word (a small string: no allocation
    /// up to 15 letters).
    @inline(__always) private static func lowercasedWord(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { buffer in
            for offset in 0..<range.count {
                let byte = bytes[range.lowerBound + offset]
                buffer[offset] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            }
            return range.count
        }
    }

    /// The words of ASCII text made of letters, apostrophes and separators
    /// only (a name: "Mary O'Neil"), in one array of their number; nil for
    /// any other text (digits, currency signs), which `normalize` spells.
    /// A million names are read this way when a list is loaded and compiled.
    private static func plainASCIIWords(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var count = 0
        guard forEachPlainWord(bytes, { _ in count += 1 }) else { return nil }
        return [String](unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = forEachPlainWord(bytes) { range in
                (buffer.baseAddress! + initialized).initialize(to: lowercasedWord(bytes, range))
                initialized += 1
            }
        }
    }

    /// Each word's bytes in plain ASCII text, quote marks around it
    /// trimmed; false (stopping) at a digit or a currency or percent sign.
    @inline(__always) private static func forEachPlainWord(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) -> Bool {
        var index = 0
        while index < bytes.count {
            guard isTokenByte(bytes[index]) else { index += 1; continue }
            var start = index
            while index < bytes.count, isTokenByte(bytes[index]) {
                if isDigit(bytes[index]) || bytes[index] == 0x24 || bytes[index] == 0x25 { return false }
                index += 1
            }
            var end = index
            while start < end, bytes[start] == 0x27 { start += 1 }
            while end > start, bytes[end - 1] == 0x27 { end -= 1 }
            if start < end { body(start..<end) }
        }
        return true
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always) private static func isTokenByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x27 || byte == 0x24 || byte == 0x25
    }

    /// Any text: NFKC and case folding per token, keeping each token's range.
    private static func normalizeUnicode(_ text: String, into result: inout NormalizedText) {
        let scalars = text.unicodeScalars
        let utf8 = text.utf8
        var index = scalars.startIndex
        while index < scalars.endIndex {
            guard isTokenScalar(scalars[index]) else {
                index = scalars.index(after: index)
                continue
            }
            let start = index
            var previous: Unicode.Scalar = " "
            while index < scalars.endIndex {
                let scalar = scalars[index]
                if !isTokenScalar(scalar) {
                    // Decimal points and thousands separators stay inside numbers.
                    guard scalar == "." || scalar == ",", previous.properties.numericType != nil else { break }
                    let next = scalars.index(after: index)
                    guard next < scalars.endIndex, scalars[next].properties.numericType != nil else { break }
                }
                previous = scalar
                index = scalars.index(after: index)
            }
            let range = utf8.distance(from: utf8.startIndex, to: start)..<utf8.distance(from: utf8.startIndex, to: index)
            // Compatibility mapping can introduce separators ("½" → "1⁄2");
            // every piece keeps the range of the token it came from.
            let folded = foldNonASCII(String(scalars[start..<index]))
            for piece in folded.split(whereSeparator: { !isTokenCharacter($0) && $0 != "." && $0 != "," }) {
                appendWords(of: String(piece), range: range, to: &result)
            }
        }
    }

    /// Normalises the words of a phrase template or a model value the same
    /// way as an utterance, so both sides compare equal.
    public static func words(of text: String) -> [String] {
        var text = text
        if let plain = text.withUTF8({ bytes in bytes.allSatisfy { $0 < 0x80 } ? plainASCIIWords(bytes) : nil }) { return plain }
        let words = normalize(text).words
        // Normalizing reserves room for the most words a text could hold;
        // words that are kept (a list of 100,000 names) are kept at their size.
        guard words.capacity > words.count + 1 else { return words }
        return [String](unsafeUninitializedCapacity: words.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: words)
        }
    }

    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A)
                || (value >= 0x30 && value <= 0x39) || value == 0x27 || value == 0x24 || value == 0x25
        }
        switch scalar {
        case "\u{2019}", "\u{02BC}", "€", "£", "¥": return true
        default:
            let properties = scalar.properties
            return properties.isAlphabetic || properties.numericType != nil
                || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
        }
    }

    private static func isTokenCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy(isTokenScalar)
    }

    private static func asciiLowercased(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return token }
        return String(decoding: token.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    private static func foldNonASCII(_ token: String) -> String {
        let compatible = token.precomposedStringWithCompatibilityMapping.lowercased()
        return compatible.replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: "\u{02BC}", with: "'")
    }

    /// Adds the words of one folded token: trims quote marks, spells numbers.
    private static func appendWords(of token: String, range: Range<Int>, to result: inout NormalizedText) {
        var token = Substring(token)
        while token.first == "'" { token = token.dropFirst() }
        while token.last == "'" { token = token.dropLast() }
        guard !token.isEmpty else { return }
        let spelled = token.contains(where: \.isNumber) ? spellNumber(token) : nil
        if let spelled {
            for word in spelled {
                result.words.append(word)
                result.ranges.append(range)
            }
            return
        }
        // Currency signs and percent marks not attached to a number are punctuation.
        let word = token.filter { $0 != "$" && $0 != "%" && $0 != "€" && $0 != "£" && $0 != "¥" }
        guard !word.isEmpty else { return }
        result.words.append(String(word))
        result.ranges.append(range)
    }

    private static func spellNumber(_ token: Substring) -> [String]? {
        // Money and ordinals are spelled the way the currency and ordinal
        // parsers read them, so "$3.50" and "3rd" match like their words.
        if let money = NumberWords.money(token) { return money }
        if let ordinal = NumberWords.ordinal(token) { return ordinal }
        var body = token
        var percent = false
        if body.last == "%" { percent = true; body = body.dropLast() }
        guard let firstDigit = body.first, firstDigit.isNumber, var words = NumberWords.decimal(body) else { return nil }
        if percent { words.append("percent") }
        return words
    }
}
