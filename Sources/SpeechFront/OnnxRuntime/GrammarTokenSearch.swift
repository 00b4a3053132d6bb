import PhraseMatcher

/// A neural decoder as a search sees it: the log-probability of each token
/// next, row by row of a batch of prefixes written side by side.
protocol NextTokenScorer {
    associatedtype State
    /// The state after the start token: one row.
    func start() throws(SpeechError) -> State
    /// Each row's log-probabilities of every token next.
    func logProbabilities(_ state: State) -> [[Float]]
    /// The state after writing `tokens[i]` after row `parents[i]` of `state`.
    func step(_ tokens: [Int32], from parents: [Int], after state: State) throws(SpeechError) -> State
}

/// The tokens a search may write and what each reads as (`MoonshineTokens`).
protocol TokenReadings {
    /// Calls `body` with each token that reads as the start of
    /// `text[start...]` (lower case, a space before each word), and its length there.
    func forEachToken(readingAtStartOf text: [UInt8], from start: Int, _ body: (Int32, Int) -> Void)
    var endToken: Int32 { get }
    /// Tokens that say no word, written between words or before the end: a
    /// comma, a full stop.
    var punctuation: [Int32] { get }
}

/// The neural decoder searching only what a command grammar can say: the
/// grammar's word automaton read as tokens (a word is any spelling of
/// " word" in tokens, in any case; punctuation may come between words and
/// before the end), a beam of the likeliest prefixes kept each step, all
/// written side by side in one batch. The result is the likeliest command
/// wording and its log-likelihood, to set against what the decoder writes
/// freely: a command the audio holds costs little more than the free
/// transcript, other speech forced into the grammar costs far more.
struct GrammarTokenSearch<Scorer: NextTokenScorer, Readings: TokenReadings> {
    let automaton: WordAutomaton
    let readings: Readings
    /// Prefixes kept each step: more finds likelier wordings at more cost.
    var beam = 8
    /// Tokens written at most (a command is far shorter).
    var longest = 64

    /// The likeliest wording found.
    struct Found: Equatable {
        /// Word ids of the automaton, in order.
        var words: [Int32]
        /// The tokens written, the end token last.
        var tokens: [Int32]
        /// Natural log of the decoder's probability of writing them.
        var logLikelihood: Double
    }

    /// One prefix: where it is in the automaton, what it has written of
    /// the word it is in (its reading so far, from the space), and its weight.
    private struct Prefix {
        var row: Int
        var state: Int32
        var spelled: [UInt8]
        /// After punctuation that may close the wording, only the end follows.
        var closing: Bool
        var words: [Int32]
        var tokens: [Int32]
        var logLikelihood: Double
    }

    /// Each word's reading: a space, then the word in lower case.
    private let spellings: [[UInt8]]

    init(automaton: WordAutomaton, readings: Readings) {
        self.automaton = automaton
        self.readings = readings
        spellings = automaton.words.map { Array((" " + $0.lowercased()).utf8) }
    }

    /// The likeliest wording the grammar allows, or nil when none ends
    /// within `longest` tokens (or the automaton says nothing).
    func search(_ scorer: Scorer) throws(SpeechError) -> Found? {
        var state = try scorer.start()
        var prefixes = [Prefix(row: 0, state: automaton.start, spelled: [], closing: false, words: [], tokens: [], logLikelihood: 0)]
        var best: Found?
        for _ in 0..<longest {
            let rows = scorer.logProbabilities(state)
            var next: [(parent: Int, token: Int32, prefix: Prefix)] = []
            for prefix in prefixes {
                let scores = rows[prefix.row]
                func score(_ token: Int32) -> Double { prefix.logLikelihood + Double(scores[Int(token)]) }
                // The end, at a final state between words.
                if prefix.spelled.isEmpty, automaton.finals.contains(prefix.state) {
                    let ended = score(readings.endToken)
                    if ended > best?.logLikelihood ?? -.infinity {
                        best = Found(words: prefix.words, tokens: prefix.tokens + [readings.endToken], logLikelihood: ended)
                    }
                }
                if prefix.closing { continue }
                if prefix.spelled.isEmpty, !prefix.words.isEmpty, !(prefix.tokens.last.map(readings.punctuation.contains) ?? false) {
                    for token in readings.punctuation {
                        var after = prefix
                        after.tokens.append(token)
                        after.logLikelihood = score(token)
                        // Punctuation mid-command leads on to words; at a final state, it may also close.
                        after.closing = automaton.finals.contains(prefix.state) && automaton.arcs[Int(prefix.state)].isEmpty
                        next.append((prefix.row, token, after))
                    }
                }
                for (token, after) in continuations(of: prefix) {
                    var after = after
                    after.logLikelihood = score(token)
                    after.tokens.append(token)
                    next.append((prefix.row, token, after))
                }
            }
            // A prefix cannot gain weight: once the best ended wording is
            // likelier than every prefix still open, it is the best there is.
            next.sort { $0.prefix.logLikelihood > $1.prefix.logLikelihood }
            next = Array(Self.distinct(next).prefix(beam))
            guard let first = next.first, first.prefix.logLikelihood > best?.logLikelihood ?? -.infinity else { break }
            state = try scorer.step(next.map(\.token), from: next.map(\.parent), after: state)
            prefixes = next.enumerated().map { row, entry in
                var prefix = entry.prefix
                prefix.row = row
                return prefix
            }
        }
        return best
    }

    /// Each token that keeps `prefix` in the grammar, and the prefix after it.
    private func continuations(of prefix: Prefix) -> [(Int32, Prefix)] {
        var found: [(Int32, Prefix)] = []
        var seen = Set<Int32>()
        for arc in automaton.arcs[Int(prefix.state)] where arc.word != WordAutomaton.epsilon {
            let spelling = spellings[Int(arc.word)]
            guard spelling.starts(with: prefix.spelled) else { continue }
            readings.forEachToken(readingAtStartOf: spelling, from: prefix.spelled.count) { token, length in
                let end = prefix.spelled.count + length
                var after = prefix
                if end == spelling.count {
                    after.state = arc.target
                    after.spelled = []
                    after.words.append(arc.word)
                    found.append((token, after))
                } else if seen.insert(token).inserted {
                    // The same partial spelling leads on to every word it starts.
                    after.spelled = Array(spelling[..<end])
                    found.append((token, after))
                }
            }
        }
        return found
    }

    /// The first of entries that reach the same place by the same tokens
    /// (two words with the same spelling from one state).
    private static func distinct(_ entries: [(parent: Int, token: Int32, prefix: Prefix)]) -> [(parent: Int, token: Int32, prefix: Prefix)] {
        var seen = Set<[Int32]>()
        return entries.filter { entry in
            seen.insert([Int32(entry.parent), entry.token, entry.prefix.state, entry.prefix.closing ? 1 : 0]
                        + entry.prefix.spelled.map(Int32.init) + entry.prefix.words).inserted
        }
    }
}
