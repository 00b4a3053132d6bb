/// A parsed example phrase: literal words, slots, alternatives and optional parts.
public struct PhraseTemplate: Sendable, Hashable {
    /// A piece of a phrase.
    public indirect enum Element: Sendable, Hashable {
        /// One normalised word.
        case word(String)
        /// The parameter of this name.
        case slot(String)
        /// The application's name or one of its synonyms.
        case applicationName
        /// Exactly one of the alternatives.
        case choice([[Element]])
        /// Either nothing or one of the alternatives.
        case optional([[Element]])
    }

    /// The pieces, in order.
    public var elements: [Element]

    /// A template of `elements`.
    public init(elements: [Element]) { self.elements = elements }

    /// Parameter names in the order they appear.
    public var slotNames: [String] {
        var names: [String] = []
        func visit(_ elements: [Element]) {
            for element in elements {
                switch element {
                case .slot(let name): if !names.contains(name) { names.append(name) }
                case .choice(let alternatives), .optional(let alternatives): alternatives.forEach(visit)
                case .word, .applicationName: break
                }
            }
        }
        visit(elements)
        return names
    }

    /// The literal words, in the order they appear.
    public var words: [String] {
        var words: [String] = []
        func visit(_ elements: [Element]) {
            for element in elements {
                switch element {
                case .word(let word): words.append(word)
                case .choice(let alternatives), .optional(let alternatives): alternatives.forEach(visit)
                case .slot, .applicationName: break
                }
            }
        }
        visit(elements)
        return words
    }

    /// True when the template can match no words at all.
    public var matchesEmpty: Bool { Self.nullable(elements) }

    private static func nullable(_ sequence: [Element]) -> Bool {
        sequence.allSatisfy { element in
            switch element {
            case .word, .slot, .applicationName: false
            case .optional: true
            case .choice(let alternatives): alternatives.contains(where: nullable)
            }
        }
    }
}
