/// A command model compiled for matching: one automaton for all phrases,
/// a recogniser per slot type, and the vocabulary as integer ids.
/// Build it once; `match` is then safe to call from any thread. A class, so
/// each match holds one reference to the compiled model instead of copying it.
public final class Matcher: Sendable {
    /// The model compiled.
    public let model: CommandModel
    let vocabulary: Vocabulary
    let recognizers: [SlotRecognizer]
    let slotLabels: [SlotLabel]
    let automaton: PhraseAutomaton
    let fillers: PhraseTrie
    /// (intent << 32 | slot label) → index of the parameter in the intent.
    let parameterIndices: IntegerTable
    /// Per intent, what building a match needs, without copying the model.
    let intentSummaries: [IntentSummary]

    /// A shortcut phrase's preset values, by phrase.
    let presets: [PhraseReference: [Argument]]
    /// How each application may be named around a command; nil with one application.
    let selectors: ApplicationSelectors?

    struct IntentSummary: Sendable {
        var name: String
        var application: String
        var parameters: [(name: String, minimum: Double?, maximum: Double?)]
    }
    private let recognizerIndices: [ParameterType: Int32]

    /// Compiles `model`: done once, then shared (a matcher is immutable and Sendable).
    public convenience init(model: CommandModel) {
        self.init(model: model, labelSlotsByTypeOnly: false)
    }

    /// `labelSlotsByTypeOnly` merges slots of the same type whatever their
    /// parameter name: used to find phrases of different intents that can
    /// match the same words.
    init(model: CommandModel, labelSlotsByTypeOnly: Bool) {
        self.model = model
        var vocabulary = Vocabulary()
        var recognizers: [SlotRecognizer] = []
        var recognizerIndex: [ParameterType: Int32] = [:]
        var slotLabels: [SlotLabel] = []
        var slotLabelIndex: [SlotLabel: Int32] = [:]
        var nfa = PhraseNFA()
        var parameterIndices = IntegerTable()

        var applicationNames: [String: [[Int32]]] = [:]
        for application in model.applications {
            applicationNames[application.name] = application.names.map { name in
                TextNormalizer.words(of: name).map { vocabulary.intern($0) }
            }.filter { !$0.isEmpty }
        }
        var presets: [PhraseReference: [Argument]] = [:]

        for (intentIndex, intent) in model.intents.enumerated() {
            let names = applicationNames[model.application(of: intent).name] ?? []
            for (phraseIndex, phrase) in intent.phrases.enumerated() {
                let reference = PhraseReference(intent: Int32(intentIndex), phrase: Int32(phraseIndex))
                if !phrase.presetArguments.isEmpty { presets[reference] = phrase.presetArguments }
                nfa.add(phrase.template, as: reference, applicationNames: names, slotLabel: { name in
                    let type = intent.parameter(named: name)?.type ?? .string
                    let recognizer: Int32
                    if let known = recognizerIndex[type] {
                        recognizer = known
                    } else {
                        recognizer = Int32(recognizers.count)
                        recognizers.append(SlotRecognizer.make(for: type, in: model, vocabulary: &vocabulary))
                        recognizerIndex[type] = recognizer
                    }
                    let slot = SlotLabel(parameter: labelSlotsByTypeOnly ? "" : name, recognizer: recognizer)
                    let labelIndex: Int32
                    if let known = slotLabelIndex[slot] {
                        labelIndex = known
                    } else {
                        labelIndex = Int32(slotLabels.count)
                        slotLabels.append(slot)
                        slotLabelIndex[slot] = labelIndex
                    }
                    if let index = intent.parameters.firstIndex(where: { $0.name == name }) {
                        parameterIndices.insert(Int32(index), for: IntegerTable.key(Int32(intentIndex), labelIndex))
                    }
                    return AutomatonLabel(kind: type == .string ? .freeText : .slot, value: labelIndex)
                }, word: { vocabulary.intern($0) })
            }
        }

        var fillers = PhraseTrie()
        for filler in model.fillers {
            let words = TextNormalizer.words(of: filler).map { vocabulary.intern($0) }
            if !words.isEmpty { fillers.insert(words, value: .boolean(true)) }
        }
        self.fillers = fillers
        self.selectors = model.applications.count > 1 ? ApplicationSelectors(model: model, vocabulary: &vocabulary) : nil
        self.vocabulary = vocabulary
        self.intentSummaries = model.intents.map { intent in
            IntentSummary(name: intent.name, application: model.application(of: intent).name, parameters: intent.parameters.map { ($0.name, $0.minimum, $0.maximum) })
        }
        self.parameterIndices = parameterIndices
        self.presets = presets
        self.recognizers = recognizers
        self.recognizerIndices = recognizerIndex
        self.slotLabels = slotLabels
        self.automaton = PhraseAutomaton(determinizing: nfa)
    }

    /// The parts of `base`, with `model`, `vocabulary` and `recognizers` replaced.
    private init(_ base: Matcher, model: CommandModel, vocabulary: Vocabulary, recognizers: [SlotRecognizer]) {
        self.model = model
        self.vocabulary = vocabulary
        self.recognizers = recognizers
        slotLabels = base.slotLabels
        automaton = base.automaton
        fillers = base.fillers
        parameterIndices = base.parameterIndices
        intentSummaries = base.intentSummaries
        presets = base.presets
        selectors = base.selectors
        recognizerIndices = base.recognizerIndices
    }

    /// This matcher with the entities of the entity type `type` changed:
    /// the entities of `removed` ids gone, and `added` ones in (one whose
    /// id is already there replaces it: a rename). Only the type's names
    /// are touched, not the phrases: a contact added to a list of 100,000
    /// takes milliseconds, where compiling the model again takes far more.
    /// Nil when the model has no entity type of that name.
    public func changingEntities(ofType type: String, removing removed: Set<String> = [], adding added: [Entity]) -> Matcher? {
        guard let typeIndex = model.types.firstIndex(where: { $0.name == type }),
              case .entity(let entities) = model.types[typeIndex].kind else { return nil }
        // An id added twice is added once, as it was last given.
        var lastOf: [String: Int] = [:]
        for (index, entity) in added.enumerated() { lastOf[entity.id] = index }
        let added = added.enumerated().filter { lastOf[$0.element.id] == $0.offset }.map(\.element)
        let replaced = removed.union(added.map(\.id))
        var model = self.model
        var kept: [Entity] = []
        kept.reserveCapacity(entities.count + added.count)
        var leaving: [Entity] = []
        for entity in entities {
            if replaced.contains(entity.id) { leaving.append(entity) } else { kept.append(entity) }
        }
        kept.append(contentsOf: added)
        model.types[typeIndex].kind = .entity(kept)
        guard let recognizer = recognizerIndices[.custom(type)], case .names(var trie) = recognizers[Int(recognizer)] else {
            // No phrase says the type: nothing to match it by.
            return Matcher(self, model: model, vocabulary: vocabulary, recognizers: recognizers)
        }
        var vocabulary = self.vocabulary
        for entity in leaving { trie.remove(entity, vocabulary: vocabulary) }
        for entity in added { trie.insert(entity, vocabulary: &vocabulary) }
        var recognizers = self.recognizers
        recognizers[Int(recognizer)] = .names(trie)
        return Matcher(self, model: model, vocabulary: vocabulary, recognizers: recognizers)
    }

    /// Matches one utterance against every phrase of the model.
    public func match(_ text: String) -> MatchResult {
        match(TextNormalizer.normalize(text))
    }

    /// Matches already-normalised words (for example a recogniser's output).
    public func match(_ text: NormalizedText) -> MatchResult {
        var search = MatchSearch(matcher: self, text: text)
        let plain = MatchResult(text: text.original, candidates: search.run())
        guard let selectors, let (application, words) = selectors.find(in: search.ids, fillerEnds: search.fillerEnds) else { return plain }
        // "… with Courier": the rest as a command of that application, when it is one.
        let name = model.applications[application].name
        let rest = NormalizedText(original: text.original, words: Array(text.words[words]), ranges: Array(text.ranges[words]))
        var restSearch = MatchSearch(matcher: self, text: rest, onlyApplication: name)
        let selected = restSearch.run().map { match in
            var match = match
            for index in match.arguments.indices where !match.arguments[index].wordRange.isEmpty {
                let range = match.arguments[index].wordRange
                match.arguments[index].wordRange = (range.lowerBound + words.lowerBound)..<(range.upperBound + words.lowerBound)
            }
            return match
        }
        return selected.isEmpty ? plain : MatchResult(text: text.original, candidates: selected)
    }

    func recognizerIndex(of type: ParameterType) -> Int? { recognizerIndices[type].map(Int.init) }

    /// Number of automaton states, for `voicecmd check` and benchmarks.
    public var automatonStateCount: Int { automaton.stateCount }
    /// Number of distinct words the model uses.
    public var vocabularySize: Int { vocabulary.words.count }
}
