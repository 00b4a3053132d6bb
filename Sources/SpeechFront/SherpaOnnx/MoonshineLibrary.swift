internal import CSherpaOnnx
import Foundation

/// Moonshine's tiny English recogniser (MIT) and the sherpa-onnx functions
/// that run it, loaded at run time: the set-up step (scripts/install-asr)
/// unpacks the model from a pinned wheel into .build/vendor beside the
/// sherpa-onnx library of scripts/install-vad. Without them voicecmd builds
/// and runs, and judges its results without a second opinion.
final class MoonshineLibrary: @unchecked Sendable {
    // @unchecked: the library and function pointers are set once in init
    // and only read after; each recogniser is used by one thread at a time.
    let create: voicecmd_offline_create_fn
    let destroy: voicecmd_offline_destroy_fn
    let createStream: voicecmd_offline_stream_create_fn
    let destroyStream: voicecmd_offline_stream_destroy_fn
    let accept: voicecmd_offline_accept_fn
    let decode: voicecmd_offline_decode_fn
    let result: voicecmd_offline_result_fn
    let destroyResult: voicecmd_offline_result_destroy_fn
    let encoderPath: String
    let decoderPath: String
    let tokensPath: String
    private let library: SherpaOnnxLibrary

    static let modelFolder = "share/voicecmd/moonshine-tiny-en"
    /// The pinned model's files and sizes (tokens.txt is written from the
    /// wheel's tokenizer.bin): a file cut short is refused, not loaded.
    static let modelSizes = ["\(modelFolder)/encoder_model.ort": 13_281_600,
                             "\(modelFolder)/decoder_model_merged.ort": 30_412_256,
                             "\(modelFolder)/tokens.txt": 549_350]

    /// The process's library: from $VOICECMD_ASR (a folder laid out as
    /// .build/vendor) alone when it is set, so it can also turn the second
    /// opinion off; else the set-up step's folder beside the running binary.
    static let shared = load(from: VendorFolder.folders(overriddenBy: "VOICECMD_ASR"))

    static func load(from folders: [String]) -> Result<MoonshineLibrary, SpeechError> {
        VendorFolder.first(of: folders, holding: "\(modelFolder)/encoder_model.ort",
                           missing: "Moonshine is not installed (run make deps, or scripts/install-vad and scripts/install-asr, "
                            + "from the source folder; or set VOICECMD_ASR to a folder holding lib/ and share/voicecmd/)") { folder throws(SpeechError) in
            try MoonshineLibrary(folder: folder)
        }
    }

    private init(folder: String) throws(SpeechError) {
        try SherpaOnnxLibrary.checkSizes(Self.modelSizes, in: folder, what: "Moonshine", installer: "scripts/install-asr")
        let library = try SherpaOnnxLibrary(folder: folder, what: "Moonshine", installer: "scripts/install-vad")
        create = try library.symbol("SherpaOnnxCreateOfflineRecognizer", as: voicecmd_offline_create_fn.self)
        destroy = try library.symbol("SherpaOnnxDestroyOfflineRecognizer", as: voicecmd_offline_destroy_fn.self)
        createStream = try library.symbol("SherpaOnnxCreateOfflineStream", as: voicecmd_offline_stream_create_fn.self)
        destroyStream = try library.symbol("SherpaOnnxDestroyOfflineStream", as: voicecmd_offline_stream_destroy_fn.self)
        accept = try library.symbol("SherpaOnnxAcceptWaveformOffline", as: voicecmd_offline_accept_fn.self)
        decode = try library.symbol("SherpaOnnxDecodeOfflineStream", as: voicecmd_offline_decode_fn.self)
        result = try library.symbol("SherpaOnnxGetOfflineStreamResult", as: voicecmd_offline_result_fn.self)
        destroyResult = try library.symbol("SherpaOnnxDestroyOfflineRecognizerResult", as: voicecmd_offline_result_destroy_fn.self)
        let model = (folder as NSString).appendingPathComponent(Self.modelFolder) as NSString
        encoderPath = model.appendingPathComponent("encoder_model.ort")
        decoderPath = model.appendingPathComponent("decoder_model_merged.ort")
        tokensPath = model.appendingPathComponent("tokens.txt")
        self.library = library
    }
}
