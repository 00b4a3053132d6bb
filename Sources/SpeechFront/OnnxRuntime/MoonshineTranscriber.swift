import Foundation

/// A second opinion on an utterance: what Moonshine, a neural recogniser
/// with an open English vocabulary, hears in it. It knows nothing of the
/// command model, so where the grammar forced a command onto other speech
/// or noise, the two disagree. Its two networks are loaded once, their
/// weights used in place in their mapped files; freed when this object
/// goes; used by one thread at a time.
///
/// The encoder turns the samples into vectors (288 numbers every 24 ms);
/// the decoder then writes the transcript a token at a time (greedy: the
/// likeliest next token), keeping its attention's keys and values from
/// step to step (the "merged" decoder's cache branch) so a step costs the
/// same however long the transcript already is.
final class MoonshineTranscriber {
    private let encoder: OnnxSession
    private let decoder: OnnxSession
    /// The shape of its networks.
    private let shape: MoonshineShape
    let tokens: MoonshineTokens
    /// The token of a full stop, which may end a wording.
    let fullStop: Int32?
    /// Whether the end token is barred from the first step: base ends a
    /// transcript before its first word on close to half of real commands
    /// (Moonshine's own library too), where the next likeliest token starts
    /// what was said.
    var barsEmptyTranscript: Bool { shape.endsTooEarly }
    private let environment: OnnxEnvironment

    /// Longer audio is not transcribed: the network was trained on pieces
    /// of speech up to about half a minute, and its cost grows with length.
    static let longestUtterance = 30 * RecognizerAudio.sampleRate

    /// Characters of a transcript kept.
    static let longestText = 2_000

    /// Tokens written per second of audio at most: Moonshine's own limit,
    /// past which a transcript is the network repeating itself (on noise).
    static let tokensPerSecond = 6.5

    private static let vocabulary = 32_768
    /// The decoder's cache inputs and outputs, per layer: its own
    /// attention's keys and values, then those over the encoder's output.
    private let cacheNames: [String]
    private let decoderOutputs: [String]
    private let decoderCacheInputs: [String]

    /// Why there is no second opinion from `hearing` here, or nil when there is.
    static func unavailableReason(_ hearing: NeuralHearing = .standard) -> String? {
        if case .failure(let error) = MoonshineModel.shared(hearing) { return error.message }
        return nil
    }

    init(_ hearing: NeuralHearing = .standard) throws(SpeechError) {
        let model = try MoonshineModel.shared(hearing).get()
        shape = MoonshineShape.of(hearing)
        cacheNames = (0..<shape.layers).flatMap { layer in
            ["decoder.key", "decoder.value", "encoder.key", "encoder.value"].map { "\(layer).\($0)" }
        }
        decoderOutputs = ["logits"] + cacheNames.map { "present.\($0)" }
        decoderCacheInputs = cacheNames.map { "past_key_values.\($0)" }
        // ONNX Runtime's own format is used where it lies in the mapped
        // file. ONNX's (base, as the set-up step rewrote it) is read by the
        // runtime, its weights copied and packed for the integer kernels:
        // mapped as well, base took 338 MB at its peak instead of 271.
        func session(_ path: String) throws(SpeechError) -> OnnxSession {
            // The files are far smaller than this; a bound all the same.
            path.hasSuffix(".ort") ? try OnnxSession(mapping: try MappedFile(path: path, largest: 256 << 20)) : try OnnxSession(path: path)
        }
        encoder = try session(model.encoderPath)
        decoder = try session(model.decoderPath)
        tokens = try MoonshineTokens(path: model.tokensPath, expectedCount: Self.vocabulary)
        fullStop = tokens.token(reading: ".")
        environment = encoder.environment
    }

    /// What Moonshine hears in `samples` (16 kHz), as it writes it
    /// ("Turn off the light."); nil for audio too short or too long to
    /// judge, or when the network fails.
    func transcribe(_ samples: ArraySlice<Int16>) -> String? {
        hear(samples)?.text
    }

    /// Moonshine's hearing of `samples` (16 kHz): the encoder run once, its
    /// transcript and its weighing of other wordings to come; nil for audio
    /// too short or too long to judge, or when the network fails.
    func hear(_ samples: ArraySlice<Int16>) -> MoonshineHearing? {
        guard samples.count >= RecognizerAudio.sampleRate / 10, samples.count <= Self.longestUtterance else { return nil }
        do {
            let audio = try OnnxValue(floats: samples.lazy.map { Float($0) / 32_768 }, shape: [1, samples.count], environment: environment)
            // One mask for both networks, over the samples, where they take
            // one: the decoder shrinks it to the encoder's frames itself (a
            // mask of frames is refused past about eight seconds).
            let everySample = shape.takesMasks
                ? try OnnxValue(int64s: [Int64](repeating: 1, count: samples.count), shape: [1, samples.count], environment: environment) : nil
            let encoded = try encoder.run([("input_values", audio)] + (everySample.map { [("attention_mask", $0)] } ?? []),
                                          outputs: ["last_hidden_state"])[0]
            let dimensions = try encoded.withFloats(largest: 1 << 24) { shape, _ in shape }
            guard dimensions.count == 3, dimensions[0] == 1, dimensions[2] == shape.encoderWidth else {
                throw SpeechError("\(encoder.path) gave an output of shape \(dimensions)")
            }
            let limit = Int((Double(samples.count) / Double(RecognizerAudio.sampleRate) * Self.tokensPerSecond).rounded(.up))
            return MoonshineHearing(transcriber: self, encoded: encoded, mask: everySample, tokenLimit: max(limit, 1))
        } catch {
            return nil
        }
    }

    /// The decoder's state after a token in each of a few rows (written
    /// side by side, a batch): its attention's keys and values, and the
    /// log-probability of each token next, per row.
    struct DecoderState {
        let cache: [OnnxValue]
        let logProbabilities: [[Float]]
        /// The tokens written to reach it.
        let depth: Int
        var rows: Int { logProbabilities.count }
    }

    /// The decoder's state after `tokens` (one a row), each written after
    /// the row of `previous` (nil: the first token, the start, in one row)
    /// that `from` names (by default the same row, or the only one). A row
    /// may go on in several; the encoder's keys and values, the same for
    /// every row, stay one row (the network's attention broadcasts them).
    func step(_ tokens: [Int32], after previous: DecoderState?, from parents: [Int]? = nil,
              encoded: OnnxValue, mask: OnnxValue?) throws(SpeechError) -> DecoderState {
        let rows = tokens.count
        let parents = parents ?? (previous?.rows == rows ? Array(0..<rows) : [Int](repeating: 0, count: rows))
        guard rows > 0, parents.count == rows, parents.allSatisfy({ (0..<(previous?.rows ?? 1)).contains($0) }) else {
            throw SpeechError("Moonshine's decoder was given \(rows) tokens for rows \(parents) of \(previous?.rows ?? 1)")
        }
        // The first step has no cache: empty ones stand in, and the decoder
        // computes the encoder's keys and values.
        var cache: [OnnxValue]
        if let previous {
            cache = previous.cache
            if parents != Array(0..<previous.rows) {
                for (index, name) in cacheNames.enumerated() where name.contains("decoder") {
                    cache[index] = try cache[index].gatheringRows(parents, environment: environment)
                }
            }
        } else {
            let empty = try OnnxValue(floats: [], shape: [1, shape.heads, 0, shape.headWidth], environment: environment)
            cache = [OnnxValue](repeating: empty, count: cacheNames.count)
        }
        var inputs: [(name: String, value: OnnxValue)] = [
            ("input_ids", try OnnxValue(int64s: tokens.map(Int64.init), shape: [rows, 1], environment: environment)),
            ("encoder_hidden_states", encoded),
            ("use_cache_branch", try OnnxValue(bool: previous != nil, environment: environment)),
        ]
        if let mask { inputs.append(("encoder_attention_mask", mask)) }
        inputs += zip(decoderCacheInputs, cache).map { ($0, $1) }
        let outputs = try decoder.run(inputs, outputs: decoderOutputs)
        let logProbabilities = try outputs[0].withFloats(largest: rows * Self.vocabulary) { shape, logits -> [[Float]]? in
            guard shape == [rows, 1, Self.vocabulary] else { return nil }
            return (0..<rows).map { row in
                let logits = logits[(row * Self.vocabulary)..<((row + 1) * Self.vocabulary)]
                let largest = logits.max() ?? 0
                // Tokens 20 nats below the likeliest add less than 1e-4 of it together.
                var total: Float = 0
                for logit in logits where logit > largest - 20 { total += exp(logit - largest) }
                let shift = largest + log(total)
                return logits.map { $0 - shift }
            }
        }
        guard let logProbabilities else { throw SpeechError("\(decoder.path) gave logits of another shape than [\(rows), 1, \(Self.vocabulary)]") }
        // The encoder's keys and values come from the first step only:
        // later steps' outputs for them are not to be fed back.
        var next = cache
        for (index, name) in cacheNames.enumerated() where previous == nil || name.contains("decoder") { next[index] = outputs[index + 1] }
        return DecoderState(cache: next, logProbabilities: logProbabilities, depth: (previous?.depth ?? 0) + 1)
    }
}
