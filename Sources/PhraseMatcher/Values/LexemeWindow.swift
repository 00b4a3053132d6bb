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

    var isEmpty: Bool { lexemes.isEmpty }

    /// Runs `body` on the window over `words[start...]`; indexes inside the
    /// window count from `start`.
    static func withWindow<Result>(
        over words: [String], from start: Int, lexicon: [String: Lexeme],
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

/// Gathers the parses found from one start: one per end, longest first.
struct ParseCollector {
    private let start: Int
    private(set) var parses: [ValueParse] = []

    init(start: Int) {
        self.start = start
    }

    /// `end` counts from the window's start.
    mutating func add(end: Int, _ value: SlotValue) {
        let absoluteEnd = start + end
        if let existing = parses.first(where: { $0.end == absoluteEnd }) {
            // The grammars are unambiguous: one end never reads as two values.
            assert(existing.value == value, "ambiguous parse: \(existing.value) vs \(value)")
            return
        }
        parses.append(ValueParse(end: absoluteEnd, value: value))
    }

    /// The parses, longest first.
    func longestFirst() -> [ValueParse] {
        guard parses.count > 1 else { return parses }
        return parses.sorted { $0.end > $1.end }
    }
}
