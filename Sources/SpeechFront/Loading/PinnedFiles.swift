import Foundation

/// A file the set-up step unpacks from a pinned wheel: where it lies in a
/// vendor folder (laid out as .build/vendor), and the size and SHA-256 of
/// the pinned release's bytes.
struct PinnedFile: Sendable, Hashable {
    let path: String
    let size: Int
    /// 64 lowercase hexadecimal digits.
    let digest: String
}

/// Every vendored file voicecmd loads, pinned in the binary itself: a file
/// is used only when it is exactly the bytes voicecmd was built for. A
/// digest kept beside the file could be rewritten with it, and a file of
/// the right size can still be damaged, or be another valid network that
/// makes a library exit the process (sherpa-onnx, status 255) or leaves a
/// detector deaf. The set-up scripts pin the same digests (a test keeps
/// the two in step). A file found whole is remembered by its status
/// (`VerifiedLibraries`), so each is read once, not at every start.
enum PinnedFiles {
    // scripts/install-vad: sherpa-onnx-core 2.0.1's wheel.
    static let sherpaOnnx = PinnedFile(path: "lib/libsherpa-onnx-c-api.so", size: 4_892_512,
                                       digest: "250bf877faccc35d311041f7da84ad652772857be935eaa789f4c621a1d56e3e")
    static let onnxRuntime = PinnedFile(path: "lib/libonnxruntime.so", size: 27_026_609,
                                        digest: "4b3607aebd1784b26b6f9b20e4bd974c7ab8287043e4d095cb7d2cb40b5e566e")
    // scripts/install-vad: silero-vad 6.2.3's wheel.
    static let sileroVAD = PinnedFile(path: "share/voicecmd/silero_vad.onnx", size: 2_327_524,
                                      digest: "1a153a22f4509e292a94e67d6f9b85e8deb25b4988682b7e174c65279d8788e3")
    // scripts/install-rnnoise: pyrnnoise 0.4.5's wheel.
    static let rnnoise = PinnedFile(path: "lib/librnnoise.so", size: 14_840_960,
                                    digest: "de5120abce147a72ba343296744ae7cc0a97298e19307c7d3f01cce8c34b18ff")
    // scripts/install-asr: moonshine-voice 0.1.0's wheel (tokens.txt is
    // written from its tokenizer.bin, the same bytes every time).
    static let moonshineEncoder = PinnedFile(path: "share/voicecmd/moonshine-tiny-en/encoder_model.ort", size: 13_281_600,
                                             digest: "94e90a4654fc45cdfedb77c4c08e1739f48862998e58fada384b25118134f221")
    static let moonshineDecoder = PinnedFile(path: "share/voicecmd/moonshine-tiny-en/decoder_model_merged.ort", size: 30_412_256,
                                             digest: "cf524c4862d36e9e5ab032eddc73637efd822d70e868ac575cf1a46e1e4708a0")
    static let moonshineTokens = PinnedFile(path: "share/voicecmd/moonshine-tiny-en/tokens.txt", size: 549_350,
                                            digest: "2870d843e14c1e187bf1913a521562a63b53933814bd7f2145120468f494a049")
    // scripts/install-asr: moonshine-cpp 0.1.4's wheel, its networks rewritten
    // for integer matrix products (scripts/moonshine-integer-products.py,
    // the same bytes every time); tokens.txt as for tiny, its 32,000 tokens
    // named up to the decoder's 32,768.
    static let moonshineBaseEncoder = PinnedFile(path: "share/voicecmd/moonshine-base-en/encoder_model.onnx", size: 30_908_084,
                                                 digest: "c83736d1321b638a7be7ea508f23292548052b0ecb78e04f412c25a8b699d16b")
    static let moonshineBaseDecoder = PinnedFile(path: "share/voicecmd/moonshine-base-en/decoder_model_merged.onnx", size: 55_693_825,
                                                 digest: "36744ca9c22ec50f312794544361d8c503133822ae1474a2fd2714a036188533")
    static let moonshineBaseTokens = PinnedFile(path: "share/voicecmd/moonshine-base-en/tokens.txt", size: 549_354,
                                                digest: "c9c3699b5683d821681c0e61df25b765c7e7a5caaebba0b50437ca0488cb0cfa")
    // scripts/install-wake: openwakeword 0.4.0's wheel.
    static let melSpectrogram = PinnedFile(path: "share/voicecmd/speech-embedding/melspectrogram.onnx", size: 1_087_958,
                                           digest: "ba2b0e0f8b7b875369a2c89cb13360ff53bac436f2895cced9f479fa65eb176f")
    static let speechEmbedding = PinnedFile(path: "share/voicecmd/speech-embedding/embedding_model.onnx", size: 1_328_103,
                                            digest: "ba754db3cd768a524c655ea90655ee5e6055a43b8dfd29366a11e93716ae9e51")

    static let all = [sherpaOnnx, onnxRuntime, sileroVAD, rnnoise, moonshineEncoder, moonshineDecoder, moonshineTokens,
                      moonshineBaseEncoder, moonshineBaseDecoder, moonshineBaseTokens,
                      melSpectrogram, speechEmbedding]

    /// Checks each of `files` in `folder`: a regular file of its pinned
    /// size (looked at before anything is read), then of its pinned SHA-256.
    /// `what` names the part in the one-line error, `installer` the remedy.
    static func verify(_ files: [PinnedFile], in folder: String, what: String, installer: String,
                       verified: VerifiedLibraries = VerifiedLibraries(file: VerifiedLibraries.file())) throws(SpeechError) {
        for file in files {
            try verify(file, at: (folder as NSString).appendingPathComponent(file.path), what: what, installer: installer, verified: verified)
        }
    }

    static func verify(_ file: PinnedFile, at named: String, what: String, installer: String,
                       verified: VerifiedLibraries = VerifiedLibraries(file: VerifiedLibraries.file())) throws(SpeechError) {
        // Remembered by the file itself, however a folder of links names it.
        let path = realpath(named, nil).map { real in
            defer { free(real) }
            return String(cString: real)
        } ?? named
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else {
            throw SpeechError("cannot use \(what): \(path) is missing or unreadable")
        }
        guard Int(status.st_size) == file.size else {
            throw SpeechError("cannot use \(what): \(path) is \(status.st_size) bytes, not the \(file.size) of the pinned file "
                + "(damaged or replaced; run \(installer))")
        }
        if verified.contains(path: path, digest: file.digest) { return }
        switch FileDigest.sha256(ofFileAt: path) {
        case .failure(let failure):
            throw SpeechError("cannot use \(what): \(path): \(failure.reason)")
        case .success(let read) where read.digest != file.digest:
            throw SpeechError("cannot use \(what): \(path) is not the pinned file (its SHA-256 is \(read.digest.prefix(12))…, "
                + "not \(file.digest.prefix(12))…; damaged or replaced; run \(installer))")
        case .success(let read):
            verified.remember(path: path, digest: file.digest, status: read.status)
        }
    }
}
