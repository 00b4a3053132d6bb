import Foundation

/// Which of Moonshine's English recognisers (MIT, Moonshine AI) is the
/// neural hearing: base hears more of what was said (on held-out coffee
/// orders, 92 % of the slots against tiny's 80 %), tiny costs a fraction
/// of its memory and time.
public enum NeuralHearing: String, Sendable, CaseIterable {
    case tiny, base

    /// The one used when none is named: $VOICECMD_HEARING's, else tiny.
    public static var standard: NeuralHearing { (try? configured.get()) ?? .tiny }

    /// $VOICECMD_HEARING's recogniser, nil when it is not set, or why its
    /// value names none.
    public static var configured: Result<NeuralHearing?, SpeechError> {
        guard let name = ProcessInfo.processInfo.environment["VOICECMD_HEARING"], !name.isEmpty else { return .success(nil) }
        guard let hearing = NeuralHearing(rawValue: name) else {
            return .failure(SpeechError("VOICECMD_HEARING is '\(name)', not a neural recogniser; use tiny or base"))
        }
        return .success(hearing)
    }
}

/// Where one of Moonshine's recognisers is: the set-up step
/// (scripts/install-asr) unpacks it from a pinned wheel into .build/vendor,
/// beside the ONNX Runtime of scripts/install-vad. Without them voicecmd
/// builds and runs, and judges its results without a second opinion.
struct MoonshineModel: Sendable {
    let encoderPath: String
    let decoderPath: String
    let tokensPath: String

    /// Where each recogniser lies in a vendor folder.
    static func modelFolder(_ hearing: NeuralHearing) -> String { "share/voicecmd/moonshine-\(hearing.rawValue)-en" }
    /// Tiny's folder, the one tests damage copies of.
    static let modelFolder = modelFolder(.tiny)

    /// The pinned model's files: each must be the pinned bytes, or it is
    /// refused, not loaded.
    static func files(_ hearing: NeuralHearing) -> [PinnedFile] {
        switch hearing {
        case .tiny: [PinnedFiles.moonshineEncoder, PinnedFiles.moonshineDecoder, PinnedFiles.moonshineTokens]
        case .base: [PinnedFiles.moonshineBaseEncoder, PinnedFiles.moonshineBaseDecoder, PinnedFiles.moonshineBaseTokens]
        }
    }

    /// The process's models: from $VOICECMD_ASR (a folder laid out as
    /// .build/vendor) alone when it is set, so it can also turn the second
    /// opinion off; else the set-up step's folder beside the running binary.
    /// Each is found and checked at its first use.
    private static let tiny = find(.tiny, in: VendorFolder.folders(overriddenBy: "VOICECMD_ASR"))
    private static let base = find(.base, in: VendorFolder.folders(overriddenBy: "VOICECMD_ASR"))

    static func shared(_ hearing: NeuralHearing) -> Result<MoonshineModel, SpeechError> {
        switch hearing {
        case .tiny: tiny
        case .base: base
        }
    }

    /// The networks' files: base's as rewritten by the set-up step.
    static func networkExtension(_ hearing: NeuralHearing) -> String { hearing == .base ? "onnx" : "ort" }

    static func find(_ hearing: NeuralHearing = .tiny, in folders: [String]) -> Result<MoonshineModel, SpeechError> {
        let folder = modelFolder(hearing), networks = networkExtension(hearing)
        return VendorFolder.first(of: folders, holding: "\(folder)/encoder_model.\(networks)",
                                  missing: "Moonshine \(hearing.rawValue)-en is not installed (run make deps, or scripts/install-vad and "
                                    + "scripts/install-asr, from the source folder; or set VOICECMD_ASR to a folder holding lib/ and "
                                    + "share/voicecmd/)") { vendor throws(SpeechError) in
            try PinnedFiles.verify(Self.files(hearing), in: vendor, what: "Moonshine", installer: "scripts/install-asr")
            _ = try OnnxRuntimeLibrary.shared.get()
            let model = (vendor as NSString).appendingPathComponent(folder) as NSString
            return MoonshineModel(encoderPath: model.appendingPathComponent("encoder_model.\(networks)"),
                                  decoderPath: model.appendingPathComponent("decoder_model_merged.\(networks)"),
                                  tokensPath: model.appendingPathComponent("tokens.txt"))
        }
    }
}
