/// One utterance run through the compiled automaton: a left-to-right chart
/// over word positions that keeps, per position and state, the best-scoring
/// way of getting there (Viterbi), branching only where a slot can end at
/// several places or free text can stop.
struct MatchSearch {
    /// Points per word: literal words are the strongest evidence, typed
    /// values nearly as strong, free text and fillers weak.
    static let literalWeight: Float = 1.0
    static let typedWeight: Float = 0.95
    static let freeTextWeight: Float = 0.5
    static let fillerWeight: Float = 0.8

    private struct Item {
        var state: Int32
        var score: Float
        /// Last capture on this path, -1 for none.
        var capture: Int32
        /// The next item at the same word position, -1 at the end of the list.
        var next: Int32 = -1
    }

    private struct Capture {
        var label: Int32
        var start: Int32
        var end: Int32
        /// Index into `spanValues`, or -1 for free text.
        var span: Int32
        var previous: Int32
    }

    private struct Span {
        var end: Int32
        var value: SlotValue
    }

    private let matcher: Matcher
    // The parts of the matcher used per word, held directly.
    private let automaton: PhraseAutomaton
    private let recognizers: [SlotRecognizer]
    private let slotLabels: [SlotLabel]
    private let text: NormalizedText
    /// The words as vocabulary ids (-1 for a word the model does not use).
    let ids: [Int32]
    /// All items; those at one word position form a linked list from `heads`.
    private var items: [Item] = []
    private var heads: [Int32]
    private var captures: [Capture] = []
    private var spans: [Span] = []
    /// Per (recogniser, position): first index into `spans` (-1 before it is
    /// computed) and how many spans start there.
    private var spanCells: [SIMD2<Int32>]
    /// Where a command may start and end around fillers, once `run` has
    /// looked (`fillerBoundaries`): the application selectors read it too.
    private(set) var fillerEnds: (canStart: [Bool], canEnd: [Bool]) = ([], [])

    /// Only this application's intents are candidates, when set (the utterance named it).
    private let application: String?

    init(matcher: Matcher, text: NormalizedText, onlyApplication application: String? = nil) {
        self.matcher = matcher
        self.application = application
        self.automaton = matcher.automaton
        self.recognizers = matcher.recognizers
        self.slotLabels = matcher.slotLabels
        self.text = text
        let vocabulary = matcher.vocabulary
        ids = text.words.map { vocabulary.id(of: $0) }
        heads = Array(repeating: -1, count: text.words.count + 1)
        // One allocation each up front instead of growing 1, 2, 4, 8…
        items.reserveCapacity(4 * (text.words.count + 1))
        captures.reserveCapacity(2 * (text.words.count + 1))
        spans.reserveCapacity(8)
        spanCells = Array(repeating: SIMD2(-1, 0), count: matcher.recognizers.count * (text.words.count + 1))
    }

    mutating func run() -> [Match] {
        let count = ids.count
        guard count > 0 else { return [] }
        fillerEnds = fillerBoundaries()
        for start in 0..<count where fillerEnds.canStart.isEmpty ? start == 0 : fillerEnds.canStart[start] {
            add(Item(state: PhraseAutomaton.start, score: Float(start) * Self.fillerWeight, capture: -1), at: start)
        }
        for position in 0..<count {
            var index = heads[position]
            while index >= 0 {
                let item = items[Int(index)]
                index = item.next
                if let next = automaton.next(item.state, word: ids[position]) {
                    add(Item(state: next, score: item.score + Self.literalWeight, capture: item.capture), at: position + 1)
                }
                let edgeRange = Int(automaton.edgeStart[Int(item.state)])..<Int(automaton.edgeStart[Int(item.state) + 1])
                for edgeIndex in edgeRange {
                    let edge = automaton.edges[edgeIndex]
                    if edge.label.kind == .freeText {
                        followFreeText(item, label: edge.label.value, target: edge.target, at: position)
                    } else {
                        followSlot(item, label: edge.label.value, target: edge.target, at: position)
                    }
                }
            }
        }
        return candidates(canEnd: fillerEnds.canEnd)
    }

    /// Keeps the best-scoring item per (position, state).
    private mutating func add(_ item: Item, at position: Int) {
        var index = heads[position]
        while index >= 0 {
            if items[Int(index)].state == item.state {
                if item.score > items[Int(index)].score {
                    items[Int(index)].score = item.score
                    items[Int(index)].capture = item.capture
                }
                return
            }
            index = items[Int(index)].next
        }
        var new = item
        new.next = heads[position]
        heads[position] = Int32(items.count)
        items.append(new)
    }

    private mutating func followFreeText(_ item: Item, label: Int32, target: Int32, at position: Int) {
        var capture = Capture(label: label, start: Int32(position), end: Int32(position + 1), span: -1, previous: item.capture)
        if item.capture >= 0 {
            let last = captures[Int(item.capture)]
            if last.label == label, last.span == -1, last.end == Int32(position) {
                capture.start = last.start
                capture.previous = last.previous
            }
        }
        captures.append(capture)
        add(Item(state: target, score: item.score + Self.freeTextWeight, capture: Int32(captures.count - 1)), at: position + 1)
    }

    private mutating func followSlot(_ item: Item, label: Int32, target: Int32, at position: Int) {
        let recognizer = Int(slotLabels[Int(label)].recognizer)
        let cell = recognizer * (ids.count + 1) + position
        if spanCells[cell].x < 0 { computeSpans(recognizer: recognizer, at: position, cell: cell) }
        let first = Int(spanCells[cell].x)
        for spanIndex in first..<(first + Int(spanCells[cell].y)) {
            let end = Int(spans[spanIndex].end)
            captures.append(Capture(label: label, start: Int32(position), end: Int32(end), span: Int32(spanIndex), previous: item.capture))
            let score = item.score + Self.typedWeight * Float(end - position)
            add(Item(state: target, score: score, capture: Int32(captures.count - 1)), at: end)
        }
    }

    private mutating func computeSpans(recognizer: Int, at position: Int, cell: Int) {
        let first = Int32(spans.count)
        switch recognizers[recognizer] {
        case .names(let trie):
            trie.walk(ids, from: position) { end, values in
                let value: SlotValue
                if values.count > 1, case .entity = values[0] {
                    value = .ambiguousEntities(values.compactMap { if case .entity(let id) = $0 { id } else { nil } })
                } else {
                    value = values[0]
                }
                spans.append(Span(end: Int32(end), value: value))
            }
        case .parser(let parser):
            for parse in parser.parses(text.words, from: position) {
                spans.append(Span(end: Int32(parse.end), value: parse.value))
            }
        case .freeText:
            break
        }
        spanCells[cell] = SIMD2(first, Int32(spans.count) - first)
    }

    /// Where a command may start after leading fillers and end before
    /// trailing ones; both empty when the model has no fillers (start at 0,
    /// end at the last word).
    private func fillerBoundaries() -> (canStart: [Bool], canEnd: [Bool]) {
        guard !matcher.fillers.isEmpty else { return ([], []) }
        let count = ids.count
        var canStart = Array(repeating: false, count: count + 1)
        var canEnd = Array(repeating: false, count: count + 1)
        canStart[0] = true
        canEnd[count] = true
        for start in 0..<count where canStart[start] {
            matcher.fillers.walk(ids, from: start) { end, _ in canStart[end] = true }
        }
        for start in stride(from: count - 1, through: 0, by: -1) {
            matcher.fillers.walk(ids, from: start) { end, _ in if canEnd[end] { canEnd[start] = true } }
        }
        return (canStart, canEnd)
    }

    /// The best reading per intent among the paths that reach an accepting
    /// state at a valid end, ranked.
    private func candidates(canEnd: [Bool]) -> [Match] {
        let count = ids.count
        // Best reading per intent; few intents end at once, so a list beats a dictionary.
        var best: [(item: Item, reference: PhraseReference, score: Float)] = []
        best.reserveCapacity(4)
        for end in stride(from: count, through: 1, by: -1) where canEnd.isEmpty ? end == count : canEnd[end] {
            var index = heads[end]
            while index >= 0 {
                let item = items[Int(index)]
                index = item.next
                let score = item.score + Float(count - end) * Self.fillerWeight
                for acceptIndex in Int(automaton.acceptStart[Int(item.state)])..<Int(automaton.acceptStart[Int(item.state) + 1]) {
                    let reference = automaton.accepts[acceptIndex]
                    if let application, matcher.intentSummaries[Int(reference.intent)].application != application { continue }
                    if let known = best.firstIndex(where: { $0.reference.intent == reference.intent }) {
                        if best[known].score < score { best[known] = (item, reference, score) }
                    } else {
                        best.append((item, reference, score))
                    }
                }
            }
        }
        guard !best.isEmpty else { return [] }
        var matches: [(match: Match, score: Float)] = best.map { entry in
            (makeMatch(entry.item, entry.reference), entry.score)
        }
        // In range before out of range, then by score, then in model order.
        if matches.count > 1 { matches.sort { lhs, rhs in
            let lhsRange = lhs.match.arguments.contains { $0.isOutOfRange }
            let rhsRange = rhs.match.arguments.contains { $0.isOutOfRange }
            if lhsRange != rhsRange { return !lhsRange }
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            return lhs.match.intentIndex < rhs.match.intentIndex
        } }
        let topScore = matches[0].score
        let ties = matches.reduce(0) { $1.score == topScore ? $0 + 1 : $0 }
        let bestOutOfRange = matches[0].match.arguments.contains { $0.isOutOfRange }
        for index in matches.indices {
            var confidence = Double(matches[index].score) / Double(count)
            if matches[index].score == topScore {
                confidence /= Double(ties)
                // A reading that is out of range where the best is not is no real alternative.
                matches[index].match.isTiedWithBest = matches[index].match.arguments.contains { $0.isOutOfRange } == bestOutOfRange
            }
            if matches[index].match.arguments.contains(where: { $0.isOutOfRange }) { confidence *= 0.5 }
            matches[index].match.confidence = (confidence * 100).rounded() / 100
        }
        return matches.map(\.match)
    }

    private func makeMatch(_ item: Item, _ reference: PhraseReference) -> Match {
        let intent = matcher.intentSummaries[Int(reference.intent)]
        var found = [Argument?](repeating: nil, count: intent.parameters.count)
        var captureIndex = item.capture
        while captureIndex >= 0 {
            let capture = captures[Int(captureIndex)]
            captureIndex = capture.previous
            guard let parameterIndex = matcher.parameterIndices[IntegerTable.key(reference.intent, capture.label)].map(Int.init) else {
                continue
            }
            let parameter = intent.parameters[parameterIndex]
            let range = Int(capture.start)..<Int(capture.end)
            let value: SlotValue
            let original: String
            if capture.span >= 0 {
                value = spans[Int(capture.span)].value
                original = text.originalText(words: range)
            } else {
                original = text.originalTextWithPunctuation(words: range)
                value = .text(original)
            }
            var outOfRange = false
            if let number = value.numericValue {
                if let minimum = parameter.minimum, number < minimum { outOfRange = true }
                if let maximum = parameter.maximum, number > maximum { outOfRange = true }
            }
            found[parameterIndex] = Argument(name: parameter.name, value: value, text: original, wordRange: range, isOutOfRange: outOfRange)
        }
        if let presets = matcher.presets[reference] {
            for preset in presets {
                guard let index = intent.parameters.firstIndex(where: { $0.name == preset.name }), found[index] == nil else { continue }
                found[index] = preset
            }
        }
        return Match(intent: intent.name, application: intent.application, intentIndex: Int(reference.intent), phraseIndex: Int(reference.phrase),
                     confidence: 0, arguments: found.compactMap { $0 })
    }
}
