@testable import PhraseMatcher

/// The spoken-value parsers on any words: every parse ends inside the
/// words, after where it started.
private let parsers: [any SpokenValueParser] = [
    IntegerParser(), IntegerParser(min: -5, max: 100), DecimalNumberParser(), OrdinalParser(),
    DurationParser(), CurrencyParser(), BooleanParser(),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func valueParsersFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let words = TextNormalizer.words(of: text)
    for parser in parsers {
        for start in 0...words.count {
            for parse in parser.parses(words, from: start) {
                precondition(parse.end > start && parse.end <= words.count, "a parse ends inside the words")
            }
        }
    }
    return 0
}
