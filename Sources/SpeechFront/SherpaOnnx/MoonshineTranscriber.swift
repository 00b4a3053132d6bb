internal import CSherpaOnnx
import Foundation

/// A second opinion on an utterance: what Moonshine, a neural recogniser
/// with an open English vocabulary, hears in it. It knows nothing of the
/// command model, so where the grammar forced a command onto other speech
/// or noise, the two disagree. One recogniser (its network loaded once),
/// freed when this object goes; used by one thread at a time.
final class MoonshineTranscriber {
    private let library: MoonshineLibrary
    private let recognizer: OpaquePointer

    /// Longer audio is not transcribed: the network was trained on pieces
    /// of speech up to about half a minute, and its cost grows with length.
    static let longestUtterance = 30 * RecognizerAudio.sampleRate

    /// Characters of a transcript kept.
    static let longestText = 2_000

    /// Why there is no second opinion here, or nil when there is.
    static var unavailableReason: String? {
        if case .failure(let error) = MoonshineLibrary.shared { return error.message }
        return nil
    }

    init() throws(SpeechError) {
        let library = try MoonshineLibrary.shared.get()
        let created = library.encoderPath.withCString { encoder in
            library.decoderPath.withCString { decoder in
                library.tokensPath.withCString { tokens in
                    "cpu".withCString { provider in
                        "greedy_search".withCString { method in
                            var config = voicecmd_offline_recognizer_config()
                            config.sample_rate = Int32(RecognizerAudio.sampleRate)
                            config.feature_dim = 80
                            config.model.moonshine.encoder = encoder
                            config.model.moonshine.merged_decoder = decoder
                            config.model.tokens = tokens
                            // One thread: the decoder has the other core.
                            config.model.num_threads = 1
                            config.model.provider = provider
                            config.decoding_method = method
                            return library.create(&config)
                        }
                    }
                }
            }
        }
        guard let created else { throw SpeechError("cannot start Moonshine: sherpa-onnx could not load \(library.encoderPath)") }
        self.library = library
        self.recognizer = created
    }

    deinit { library.destroy(recognizer) }

    /// What Moonshine hears in `samples` (16 kHz), as it writes it
    /// ("Turn off the light."); nil for audio too short or too long to judge.
    func transcribe(_ samples: ArraySlice<Int16>) -> String? {
        guard samples.count >= RecognizerAudio.sampleRate / 10, samples.count <= Self.longestUtterance,
              let stream = library.createStream(recognizer) else { return nil }
        defer { library.destroyStream(stream) }
        let floats = samples.map { Float($0) / 32_768 }
        library.accept(stream, Int32(RecognizerAudio.sampleRate), floats, Int32(floats.count))
        library.decode(recognizer, stream)
        guard let result = library.result(stream) else { return nil }
        defer { library.destroyResult(result) }
        // On noise the network can repeat a sentence to its step limit:
        // what is kept is bounded (a command is far shorter).
        return result.pointee.text.map { String(String(cString: $0).prefix(Self.longestText)) }
    }
}
