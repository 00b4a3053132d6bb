@testable import PhraseMatcher

/// Phrase templates: parsed, or one syntax error pointing inside the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func templateParserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let length = text.utf8.count
    do {
        let parsed = try TemplateParser.parse(text)
        for slot in parsed.slots { precondition(slot.offset >= 0 && slot.offset + slot.length <= length, "a slot lies in the text") }
        _ = parsed.template.words
        _ = parsed.template.slotNames
    } catch {
        precondition(error.offset >= 0 && error.offset <= max(length, 1) && error.length >= 1, "an error points into the text")
    }
    return 0
}
