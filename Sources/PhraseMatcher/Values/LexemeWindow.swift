/// The lexemes of the words from a parse's start up to the first word the
/// lexicon does not know: no value can run past that word.
///
/// Lives in a stack buffer for the duration of one `parses` call, so parsing
/// allocates nothing but its result.
struct LexemeWindow {
    private let lexemes: UnsafeMutableBufferPointer<Lexeme>
    /// Bit `1 << kind.rawValue` is set for every kind in the window, so a
    /// grammar can skip branches whose key word (million, point, …) is absent.
    private let kindsPresent: UInt64

    /// Past the window's end every lexeme reads as `.none`.
    subscript(index: Int) -> Lexeme {
        index < lexemes.count ? lexemes[index] : .none
    }

    func contains(_ kind: Lexeme.Kind) -> Bool {
        kindsPresent & (1 << kind.rawValue) != 0
    }

    var count: Int { lexemes.count }

    /// Runs `body` on the window over `words[start...]`; indexes inside the
    /// window count from `start`.
    private static func withWindow<Result>(
        over words: [String], from start: Int, lexicon: Lexicon,
        _ body: (LexemeWindow) -> Result
    ) -> Result {
        let available = start >= 0 && start < words.count ? words.count - start : 0
        return withUnsafeTemporaryAllocation(of: Lexeme.self, capacity: available) { buffer in
            var count = 0
            var kinds: UInt64 = 0
            while count < available, let lexeme = lexicon[words[start + count]] {
                buffer.initializeElement(at: count, to: lexeme)
                kinds |= 1 << lexeme.kind.rawValue
                count += 1
            }
            // Lexeme is a trivial type: nothing to deinitialize afterwards.
            let window = LexemeWindow(lexemes: UnsafeMutableBufferPointer(rebasing: buffer[0..<count]), kindsPresent: kinds)
            return body(window)
        }
    }
}

extension LexemeWindow {
    /// Runs `grammar` on the window over `words[start...]` and returns what it
    /// emitted as parses, one per end, longest first.
    ///
    /// Values are kept as plain payloads in a stack table indexed by end while
    /// the grammar runs; the only allocation is the returned array, made once
    /// at its final size.
    static func parses<Payload: BitwiseCopyable & Equatable>(
        of words: [String], from start: Int, lexicon: Lexicon, payload: Payload.Type,
        grammar: (LexemeWindow, _ emit: (_ end: Int, _ value: Payload) -> Void) -> Void,
        value: (Payload) -> SlotValue
    ) -> [ValueParse] {
        withWindow(over: words, from: start, lexicon: lexicon) { window in
            guard window.count > 0 else { return [] }
            let endCount = window.count + 1
            return withUnsafeTemporaryAllocation(of: Payload?.self, capacity: endCount) { valueAtEnd in
                // Payloads are bitwise copyable: nothing to deinitialize afterwards.
                valueAtEnd.initialize(repeating: nil)
                var found = 0
                grammar(window) { end, payload in
                    if let existing = valueAtEnd[end] {
                        // The grammars are unambiguous: one end never reads as two values.
                        assert(existing == payload, "ambiguous parse: \(existing) vs \(payload)")
                        return
                    }
                    valueAtEnd[end] = payload
                    found += 1
                }
                guard found > 0 else { return [] }
                var parses: [ValueParse] = []
                parses.reserveCapacity(found)
                for end in stride(from: endCount - 1, to: 0, by: -1) {
                    if let payload = valueAtEnd[end] { parses.append(ValueParse(end: start + end, value: value(payload))) }
                }
                return parses
            }
        }
    }
}
