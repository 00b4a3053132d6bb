import Foundation

/// Where Moonshine's tiny English recogniser (MIT) is: the set-up step
/// (scripts/install-asr) unpacks it from a pinned wheel into .build/vendor,
/// beside the ONNX Runtime of scripts/install-vad. Without them voicecmd
/// builds and runs, and judges its results without a second opinion.
struct MoonshineModel: Sendable {
    let encoderPath: String
    let decoderPath: String
    let tokensPath: String

    static let modelFolder = "share/voicecmd/moonshine-tiny-en"
    /// The pinned model's files: each must be the pinned bytes, or it is
    /// refused, not loaded.
    static let files = [PinnedFiles.moonshineEncoder, PinnedFiles.moonshineDecoder, PinnedFiles.moonshineTokens]

    /// The process's model: from $VOICECMD_ASR (a folder laid out as
    /// .build/vendor) alone when it is set, so it can also turn the second
    /// opinion off; else the set-up step's folder beside the running binary.
    static let shared = find(in: VendorFolder.folders(overriddenBy: "VOICECMD_ASR"))

    static func find(in folders: [String]) -> Result<MoonshineModel, SpeechError> {
        VendorFolder.first(of: folders, holding: "\(modelFolder)/encoder_model.ort",
                           missing: "Moonshine is not installed (run make deps, or scripts/install-vad and scripts/install-asr, "
                            + "from the source folder; or set VOICECMD_ASR to a folder holding lib/ and share/voicecmd/)") { folder throws(SpeechError) in
            try PinnedFiles.verify(Self.files, in: folder, what: "Moonshine", installer: "scripts/install-asr")
            _ = try OnnxRuntimeLibrary.shared.get()
            let model = (folder as NSString).appendingPathComponent(Self.modelFolder) as NSString
            return MoonshineModel(encoderPath: model.appendingPathComponent("encoder_model.ort"),
                                  decoderPath: model.appendingPathComponent("decoder_model_merged.ort"),
                                  tokensPath: model.appendingPathComponent("tokens.txt"))
        }
    }
}
