/// How the words of one slot type are recognised: names from the model,
/// a spoken-value parser, or free text.
enum SlotRecognizer: Sendable {
    /// Enum cases or entities; several entities sharing a name give
    /// `ambiguousEntities`.
    case names(PhraseTrie)
    case parser(any SpokenValueParser)
    /// One or more words of anything, bounded by the phrase around it.
    case freeText

    /// The recogniser for a parameter type of `model`.
    static func make(for type: ParameterType, in model: CommandModel, vocabulary: inout Vocabulary) -> SlotRecognizer {
        switch type {
        case .integer: return .parser(IntegerParser())
        case .number: return .parser(DecimalNumberParser())
        case .ordinal: return .parser(OrdinalParser())
        case .duration: return .parser(DurationParser())
        case .currency: return .parser(CurrencyParser())
        case .boolean: return .parser(BooleanParser())
        case .string: return .freeText
        case .custom(let name):
            var trie = PhraseTrie()
            guard let custom = model.type(named: name) else { return .names(trie) }
            switch custom.kind {
            case .enumeration(let cases):
                for item in cases {
                    for spelling in [item.title] + item.synonyms {
                        trie.insert(TextNormalizer.words(of: spelling).map { vocabulary.intern($0) }, value: .enumCase(item.identifier))
                    }
                }
            case .entity(let entities):
                for entity in entities { trie.insert(entity, vocabulary: &vocabulary) }
            }
            return .names(trie)
        }
    }
}
