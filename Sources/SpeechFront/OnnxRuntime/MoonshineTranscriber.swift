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
    private let tokens: MoonshineTokens
    private let environment: OnnxEnvironment

    /// Longer audio is not transcribed: the network was trained on pieces
    /// of speech up to about half a minute, and its cost grows with length.
    static let longestUtterance = 30 * RecognizerAudio.sampleRate

    /// Characters of a transcript kept.
    static let longestText = 2_000

    /// Tokens written per second of audio at most: Moonshine's own limit,
    /// past which a transcript is the network repeating itself (on noise).
    static let tokensPerSecond = 6.5

    private static let layers = 6, heads = 8, headWidth = 36, vocabulary = 32_768, encoderWidth = 288
    /// The decoder's cache inputs and outputs, per layer: its own
    /// attention's keys and values, then those over the encoder's output.
    private static let cacheNames = (0..<layers).flatMap { layer in
        ["decoder.key", "decoder.value", "encoder.key", "encoder.value"].map { "\(layer).\($0)" }
    }
    private static let decoderOutputs = ["logits"] + cacheNames.map { "present.\($0)" }
    private static let decoderCacheInputs = cacheNames.map { "past_key_values.\($0)" }

    /// Why there is no second opinion here, or nil when there is.
    static var unavailableReason: String? {
        if case .failure(let error) = MoonshineModel.shared { return error.message }
        return nil
    }

    init() throws(SpeechError) {
        let model = try MoonshineModel.shared.get()
        // The files are far smaller than this; a bound all the same.
        let largest = 256 << 20
        encoder = try OnnxSession(mapping: try MappedFile(path: model.encoderPath, largest: largest))
        decoder = try OnnxSession(mapping: try MappedFile(path: model.decoderPath, largest: largest))
        tokens = try MoonshineTokens(path: model.tokensPath, expectedCount: Self.vocabulary)
        environment = encoder.environment
    }

    /// What Moonshine hears in `samples` (16 kHz), as it writes it
    /// ("Turn off the light."); nil for audio too short or too long to
    /// judge, or when the network fails.
    func transcribe(_ samples: ArraySlice<Int16>) -> String? {
        guard samples.count >= RecognizerAudio.sampleRate / 10, samples.count <= Self.longestUtterance else { return nil }
        guard let written = try? tokens(for: samples) else { return nil }
        // On noise the network can repeat a sentence to its step limit:
        // what is kept is bounded (a command is far shorter).
        return String(tokens.text(of: written).prefix(Self.longestText))
    }

    private func tokens(for samples: ArraySlice<Int16>) throws(SpeechError) -> [Int32] {
        let audio = try OnnxValue(floats: samples.lazy.map { Float($0) / 32_768 }, shape: [1, samples.count], environment: environment)
        let everySample = try OnnxValue(int64s: [Int64](repeating: 1, count: samples.count), shape: [1, samples.count], environment: environment)
        // One mask for both networks, over the samples: the decoder shrinks
        // it to the encoder's frames itself (a mask of frames is refused
        // past about eight seconds).
        let encoded = try encoder.run([("input_values", audio), ("attention_mask", everySample)], outputs: ["last_hidden_state"])[0]
        let shape = try encoded.withFloats(largest: 1 << 24) { shape, _ in shape }
        guard shape.count == 3, shape[0] == 1, shape[2] == Self.encoderWidth else { throw SpeechError("\(encoder.path) gave an output of shape \(shape)") }

        // The first step has no cache: empty ones stand in, and the decoder
        // computes the encoder's keys and values.
        let empty = try OnnxValue(floats: [], shape: [1, Self.heads, 0, Self.headWidth], environment: environment)
        var cache = [OnnxValue](repeating: empty, count: Self.cacheNames.count)
        let noCache = try OnnxValue(bool: false, environment: environment), withCache = try OnnxValue(bool: true, environment: environment)
        let limit = Int((Double(samples.count) / Double(RecognizerAudio.sampleRate) * Self.tokensPerSecond).rounded(.up))
        var written: [Int32] = []
        var last = MoonshineTokens.start
        for step in 0..<max(limit, 1) {
            var inputs: [(name: String, value: OnnxValue)] = [
                ("input_ids", try OnnxValue(int64s: [Int64(last)], shape: [1, 1], environment: environment)),
                ("encoder_hidden_states", encoded), ("encoder_attention_mask", everySample),
                ("use_cache_branch", step == 0 ? noCache : withCache),
            ]
            inputs += zip(Self.decoderCacheInputs, cache).map { ($0, $1) }
            let outputs = try decoder.run(inputs, outputs: Self.decoderOutputs)
            let likeliest = try outputs[0].withFloats(largest: Self.vocabulary) { shape, logits in
                shape == [1, 1, Self.vocabulary] ? logits.indices.max { logits[$0] < logits[$1] } : nil
            }
            guard let likeliest else { throw SpeechError("\(decoder.path) gave logits of another shape than [1, 1, \(Self.vocabulary)]") }
            last = Int32(likeliest)
            if last == MoonshineTokens.end { break }
            written.append(last)
            // The encoder's keys and values come from the first step only:
            // later steps' outputs for them are not to be fed back.
            for (index, name) in Self.cacheNames.enumerated() where step == 0 || name.contains("decoder") { cache[index] = outputs[index + 1] }
        }
        return written
    }
}
