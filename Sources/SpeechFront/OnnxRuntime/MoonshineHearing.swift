import Foundation

/// What Moonshine makes of one utterance: the encoder's vectors, kept so
/// that its own transcript and its weighing of other wordings (the names a
/// grammar search found possible) cost the encoder once. Used by one
/// thread at a time, like its transcriber.
final class MoonshineHearing {
    private let transcriber: MoonshineTranscriber
    private let encoded: OnnxValue
    /// Nil for a network that takes none.
    private let mask: OnnxValue?
    /// Tokens written at most (`MoonshineTranscriber.tokensPerSecond`).
    private let tokenLimit: Int

    /// A wording longer than this is not weighed (a command is far shorter).
    static let longestWording = 400

    init(transcriber: MoonshineTranscriber, encoded: OnnxValue, mask: OnnxValue?, tokenLimit: Int) {
        self.transcriber = transcriber
        self.encoded = encoded
        self.mask = mask
        self.tokenLimit = tokenLimit
    }

    /// The greedy transcript's first steps: each token written and the
    /// decoder's state after it, from the start token on; wordings that
    /// begin as Moonshine heard go on from here.
    private var greedySteps: [(token: Int32, state: MoonshineTranscriber.DecoderState)] = []
    private static let greedyStepsKept = 24

    /// How likely Moonshine finds its own transcript (`text`, the end
    /// token included; nats), once it is written.
    private(set) var writtenLogLikelihood = 0.0

    /// What Moonshine hears, as it writes it ("Call Ryan Mendes."): the
    /// likeliest token each step; nil when the network fails.
    private(set) lazy var text: String? = {
        var written: [Int32] = []
        var state: MoonshineTranscriber.DecoderState?
        var last = MoonshineTokens.start
        do {
            while written.count < tokenLimit {
                let next = try transcriber.step([last], after: state, encoded: encoded, mask: mask)
                if greedySteps.count < Self.greedyStepsKept { greedySteps.append((last, next)) }
                let probabilities = next.logProbabilities[0]
                let barred = written.isEmpty && transcriber.barsEmptyTranscript ? Int(MoonshineTokens.end) : -1
                var likeliest = barred == 0 ? 1 : 0
                for token in probabilities.indices where token != barred && probabilities[token] > probabilities[likeliest] { likeliest = token }
                guard likeliest < probabilities.count else { return nil }
                last = Int32(likeliest)
                writtenLogLikelihood += Double(probabilities[likeliest])
                if last == MoonshineTokens.end { break }
                written.append(last)
                state = next
            }
        } catch {
            return nil
        }
        // On noise the network can repeat a sentence to its step limit:
        // what is kept is bounded (a command is far shorter).
        return String(transcriber.tokens.text(of: written).prefix(MoonshineTranscriber.longestText))
    }()

    /// How likely Moonshine finds writing each of `wordings` (words, "call
    /// ryan mendez") for this audio, as a log-probability (nats); nil for
    /// one it cannot weigh (too long, past `mostWeighed`, or the network
    /// failed). Case is free, and so is a full stop at the end, as the
    /// network writes them; of the ways to spell a wording in tokens, each
    /// step takes the likeliest that keeps to it. Wordings are written side
    /// by side, a row of a batch for each different start, so the decoder's
    /// weights are read once a step for all of them, and what they share
    /// (the command's words, or what Moonshine wrote itself) is written once.
    func logLikelihoods(of wordings: [String]) -> [Double?] {
        var results = [Double?](repeating: nil, count: wordings.count)
        let weighed = Array(wordings.indices.filter { wordings[$0].utf8.count < Self.longestWording }.prefix(Self.mostWeighed))
        let targets = weighed.map { MoonshineTokens.reading(Array((" " + wordings[$0]).utf8)) }
        let start = greedySteps.first?.state ?? (try? transcriber.step([MoonshineTokens.start], after: nil, encoded: encoded, mask: mask))
        guard !weighed.isEmpty, var state = start else { return results }
        // Each wording's row of `state`, where it is spelt to, and its log-probability so far.
        var rows = [Int](repeating: 0, count: weighed.count)
        var positions = [Int](repeating: 0, count: weighed.count)
        var sums = [Double](repeating: 0, count: weighed.count)
        var writing = [Bool](repeating: true, count: weighed.count)
        // While there is one row and it is the greedy transcript's, its steps are taken already.
        var greedyDepth: Int? = greedySteps.isEmpty ? nil : 0
        while state.depth <= Self.longestWording {
            var next: [(parent: Int, token: Int32)] = []
            for wording in weighed.indices where writing[wording] {
                let probabilities = state.logProbabilities[rows[wording]], target = targets[wording]
                if positions[wording] == target.count {
                    // The end, after a full stop or not.
                    let end = Double(probabilities[Int(MoonshineTokens.end)])
                    let stop = transcriber.fullStop.map { Double(probabilities[Int($0)]) } ?? -.infinity
                    results[weighed[wording]] = sums[wording] + max(end, stop)
                    writing[wording] = false
                    continue
                }
                var best: (token: Int32, length: Int)?
                transcriber.tokens.forEachToken(readingAtStartOf: target, from: positions[wording]) { token, length in
                    if best.map({ probabilities[Int(token)] > probabilities[Int($0.token)] }) ?? true { best = (token, length) }
                }
                guard let best else {
                    writing[wording] = false
                    continue
                }
                let row = (parent: rows[wording], token: best.token)
                if let index = next.firstIndex(where: { $0 == row }) {
                    rows[wording] = index
                } else {
                    rows[wording] = next.count
                    next.append(row)
                }
                positions[wording] += best.length
                sums[wording] += Double(probabilities[Int(best.token)])
            }
            guard !next.isEmpty else { break }
            if let depth = greedyDepth, next.count == 1, depth + 1 < greedySteps.count, greedySteps[depth + 1].token == next[0].token {
                state = greedySteps[depth + 1].state
                greedyDepth = depth + 1
                continue
            }
            greedyDepth = nil
            guard let after = try? transcriber.step(next.map(\.token), after: state, from: next.map(\.parent), encoded: encoded, mask: mask) else { break }
            state = after
        }
        return results
    }

    /// Wordings weighed at once at most: the batch's memory grows with them.
    static let mostWeighed = 32
}

extension MoonshineHearing: NextTokenScorer {
    func start() throws(SpeechError) -> MoonshineTranscriber.DecoderState {
        if let first = greedySteps.first { return first.state }
        return try transcriber.step([MoonshineTokens.start], after: nil, encoded: encoded, mask: mask)
    }

    func logProbabilities(_ state: MoonshineTranscriber.DecoderState) -> [[Float]] { state.logProbabilities }

    func step(_ tokens: [Int32], from parents: [Int], after state: MoonshineTranscriber.DecoderState) throws(SpeechError)
        -> MoonshineTranscriber.DecoderState {
        try transcriber.step(tokens, after: state, from: parents, encoded: encoded, mask: mask)
    }
}
