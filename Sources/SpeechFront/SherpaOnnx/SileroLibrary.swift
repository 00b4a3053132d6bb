internal import CSherpaOnnx
import Foundation

/// Silero's voice-activity model and sherpa-onnx's C library that runs it
/// (on ONNX Runtime), loaded at run time: Debian has neither, so the set-up
/// step (scripts/install-vad) unpacks them from pinned wheels into
/// .build/vendor. Without them voicecmd builds and runs, and the voice gate
/// falls back to PocketSphinx's energy detector, saying why.
///
/// The model must be the pinned bytes before the library is asked to build
/// a detector: sherpa-onnx exits the process on model variants it does not
/// take, and damaged weights that still load would leave the gate deaf.
final class SileroLibrary: @unchecked Sendable {
    // @unchecked: the library and function pointers are set once in init
    // and only read after; each detector is used by one thread at a time.
    let modelPath: String
    let create: voicecmd_vad_create_fn
    let destroy: voicecmd_vad_destroy_fn
    let accept: voicecmd_vad_accept_fn
    let detected: voicecmd_vad_detected_fn
    let clear: voicecmd_vad_clear_fn
    private let library: SherpaOnnxLibrary

    /// The process's library: from $VOICECMD_VAD (a folder laid out as
    /// .build/vendor: lib/ and share/voicecmd/) alone when it is set, so it
    /// can also turn the gate off; else the set-up step's folder beside
    /// the running binary.
    static let shared = load(from: VendorFolder.folders(overriddenBy: "VOICECMD_VAD"))

    static func load(from folders: [String]) -> Result<SileroLibrary, SpeechError> {
        VendorFolder.first(of: folders, holding: "lib/libsherpa-onnx-c-api.so",
                           missing: "Silero VAD is not installed (run make deps, or scripts/install-vad, from the source folder; "
                            + "or set VOICECMD_VAD to a folder holding lib/ and share/voicecmd/)") { folder throws(SpeechError) in
            try SileroLibrary(folder: folder)
        }
    }

    private init(folder: String) throws(SpeechError) {
        try PinnedFiles.verify([PinnedFiles.sileroVAD], in: folder, what: "Silero VAD", installer: "scripts/install-vad")
        let library = try SherpaOnnxLibrary(folder: folder, what: "Silero VAD", installer: "scripts/install-vad")
        create = try library.symbol("SherpaOnnxCreateVoiceActivityDetector", as: voicecmd_vad_create_fn.self)
        destroy = try library.symbol("SherpaOnnxDestroyVoiceActivityDetector", as: voicecmd_vad_destroy_fn.self)
        accept = try library.symbol("SherpaOnnxVoiceActivityDetectorAcceptWaveform", as: voicecmd_vad_accept_fn.self)
        detected = try library.symbol("SherpaOnnxVoiceActivityDetectorDetected", as: voicecmd_vad_detected_fn.self)
        clear = try library.symbol("SherpaOnnxVoiceActivityDetectorClear", as: voicecmd_vad_clear_fn.self)
        modelPath = (folder as NSString).appendingPathComponent(PinnedFiles.sileroVAD.path)
        self.library = library
    }
}
