/// Why a sentence matches no phrase: the phrases that follow its words
/// furthest, and where they part from it ("play hey jute": PlaySong's
/// "play \(song)" follows "play", then "hey jute" is no song). For
/// `voicecmd match --explain`; a slot is taken to hold words of its type
/// (a number for a number, any words for text).
package enum NearMisses {
    /// A phrase and how far it follows the sentence.
    package struct NearMiss: Sendable, Equatable {
        package var application: String
        package var intent: String
        /// The phrase as written.
        package var phrase: String
        /// How many of the sentence's words (fillers left out) it follows.
        package var followed: Int
        /// What the phrase takes next where it parts: words, or `<slot>`.
        package var expected: [String]
        /// The word said there; nil when the sentence ended first.
        package var found: String?
    }

    /// The `limit` phrases that follow `text` furthest, best first.
    package static func nearest(to text: String, in model: CommandModel, limit: Int = 3) -> [NearMiss] {
        let fillers = Set(model.fillers.flatMap { TextNormalizer.words(of: $0) })
        let words = TextNormalizer.words(of: text).filter { !fillers.contains($0) }
        let values = ValueReader(model: model)
        var misses: [NearMiss] = []
        for intent in model.intents {
            for phrase in intent.phrases {
                var walk = Walk(words: words, intent: intent, model: model, values: values)
                let ends = walk.advance(phrase.template.elements, from: [0])
                // A phrase that takes every word is no miss (a value out of range, a tie).
                if ends.contains(words.count) { continue }
                misses.append(NearMiss(application: model.application(of: intent).name, intent: intent.name, phrase: phrase.text,
                                       followed: walk.furthest, expected: walk.expected.sorted(),
                                       found: walk.furthest < words.count ? words[walk.furthest] : nil))
            }
        }
        // Furthest first; then the phrase that expects least (it is closer to a full match).
        return Array(misses.sorted { ($0.followed, -$0.expected.count) > ($1.followed, -$1.expected.count) }.prefix(limit))
    }

    /// Whether words read as a value of a type: a matcher of one phrase,
    /// the slot alone, compiled once per type.
    private final class ValueReader {
        let model: CommandModel
        private var matchers: [String: Matcher] = [:]

        init(model: CommandModel) { self.model = model }

        func reads(_ text: String, as type: ParameterType) -> Bool {
            let matcher = matchers[type.name] ?? {
                let probe = CommandModel(application: "value", types: model.types, intents: [
                    Intent(name: "Value", parameters: [Parameter(name: "value", type: type)],
                           phrases: [Phrase(text: "\\(value)", template: PhraseTemplate(elements: [.slot("value")]))])])
                let compiled = Matcher(model: probe)
                matchers[type.name] = compiled
                return compiled
            }()
            return matcher.match(text).best?.argument("value") != nil
        }
    }

    /// One phrase walked along the words, keeping where it got furthest.
    private struct Walk {
        let words: [String]
        let intent: Intent
        let model: CommandModel
        let values: ValueReader
        /// The furthest position a word of the phrase failed at, and what it wanted there.
        var furthest = 0
        var expected: Set<String> = []
        /// Positions visited per element: a phrase of many groups stays linear.
        private var steps = 0

        init(words: [String], intent: Intent, model: CommandModel, values: ValueReader) {
            self.words = words
            self.intent = intent
            self.model = model
            self.values = values
        }

        private mutating func wanted(_ what: String, at position: Int) {
            if position > furthest { furthest = position; expected = [] }
            if position == furthest { expected.insert(what) }
        }

        /// Where the words may stand after `elements`, from each of `positions`.
        mutating func advance(_ elements: [PhraseTemplate.Element], from positions: Set<Int>) -> Set<Int> {
            var current = positions
            for element in elements {
                steps += current.count
                guard !current.isEmpty, steps < 100_000 else { return [] }
                var next: Set<Int> = []
                switch element {
                case .word(let word):
                    for position in current {
                        if position < words.count, words[position] == word { next.insert(position + 1) } else { wanted("\"\(word)\"", at: position) }
                    }
                case .applicationName:
                    let names = model.application(of: intent).names.map { TextNormalizer.words(of: $0) }
                    for position in current {
                        var took = false
                        for name in names where !name.isEmpty && words.dropFirst(position).starts(with: name) {
                            next.insert(position + name.count)
                            took = true
                        }
                        if !took { wanted("\"\(names.first?.joined(separator: " ") ?? "")\"", at: position) }
                    }
                case .slot(let name):
                    for position in current {
                        let ends = slotEnds(name, from: position)
                        if ends.isEmpty { wanted("<\(name)>", at: position) }
                        next.formUnion(ends)
                    }
                case .choice(let alternatives):
                    for alternative in alternatives { next.formUnion(advance(alternative, from: current)) }
                case .optional(let alternatives):
                    next = current
                    for alternative in alternatives { next.formUnion(advance(alternative, from: current)) }
                }
                current = next
            }
            return current
        }

        /// Where a value of the slot's type said from `position` may end:
        /// any words for text; for other types, the spans the matcher reads
        /// as a value of the type.
        private func slotEnds(_ name: String, from position: Int) -> Set<Int> {
            guard position < words.count else { return [] }
            guard let type = intent.parameter(named: name)?.type, type != .string else {
                return Set((position + 1)...words.count)
            }
            var ends: Set<Int> = []
            for end in (position + 1)...min(words.count, position + 8) {
                if values.reads(words[position..<end].joined(separator: " "), as: type) { ends.insert(end) }
            }
            return ends
        }
    }
}
