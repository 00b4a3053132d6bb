internal import CSherpaOnnx
import Foundation

/// Silero's voice-activity model and sherpa-onnx's C library that runs it
/// (on ONNX Runtime), loaded at run time: Debian has neither, so the set-up
/// step (scripts/install-vad) unpacks them from pinned wheels into
/// .build/vendor. Without them voicecmd builds and runs, and the voice gate
/// falls back to PocketSphinx's energy detector, saying why.
///
/// Everything is checked before the library is asked to build a detector,
/// because sherpa-onnx exits the process (status 255) on settings or a
/// model variant it does not take: the library's version must be the one
/// whose layout `voice_activity.h` declares, and its files and the model
/// the sizes of the pinned ones (a truncated library would crash when
/// called; the model variants it exits on differ in size; a damaged model
/// of the right size is refused by the library itself). The set-up step
/// checked each file's SHA-256 when it unpacked it.
final class SileroLibrary: @unchecked Sendable {
    // @unchecked: the handle and function pointers are set once in init
    // and only read after; each detector is used by one thread at a time.
    let modelPath: String
    let create: voicecmd_vad_create_fn
    let destroy: voicecmd_vad_destroy_fn
    let accept: voicecmd_vad_accept_fn
    let detected: voicecmd_vad_detected_fn
    let clear: voicecmd_vad_clear_fn
    private let handle: UnsafeMutableRawPointer

    static let version = "2.0.1"
    /// Sizes of the pinned wheel's files: a file cut short is refused, not loaded.
    static let fileSizes = ["lib/libsherpa-onnx-c-api.so": 4_892_512, "lib/libonnxruntime.so": 27_026_609,
                            "share/voicecmd/silero_vad.onnx": 2_327_524]

    /// The process's library: from $VOICECMD_VAD (a folder laid out as
    /// .build/vendor: lib/ and share/voicecmd/) alone when it is set, so it
    /// can also turn the gate off; else the set-up step's folder beside
    /// the running binary.
    static let shared: Result<SileroLibrary, SpeechError> = {
        if let folder = ProcessInfo.processInfo.environment["VOICECMD_VAD"], !folder.isEmpty {
            return load(from: [folder])
        }
        return load(from: VendorFolder.candidates(""))
    }()

    static func load(from folders: [String]) -> Result<SileroLibrary, SpeechError> {
        var reasons: [String] = []
        for folder in folders {
            let library = (folder as NSString).appendingPathComponent("lib/libsherpa-onnx-c-api.so")
            guard FileManager.default.fileExists(atPath: library) else { continue }
            do {
                return .success(try SileroLibrary(folder: folder))
            } catch {
                reasons.append(error.message)
            }
        }
        if let reason = reasons.first { return .failure(SpeechError(reason)) }
        return .failure(SpeechError("Silero VAD is not installed (run make deps, or scripts/install-vad, from the source folder; "
                                    + "or set VOICECMD_VAD to a folder holding lib/ and share/voicecmd/)"))
    }

    private init(folder: String) throws(SpeechError) {
        for (name, size) in Self.fileSizes.sorted(by: { $0.key < $1.key }) {
            let path = (folder as NSString).appendingPathComponent(name)
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else {
                throw SpeechError("cannot use Silero VAD: \(path) is missing or unreadable")
            }
            guard Int(status.st_size) == size else {
                throw SpeechError("cannot use Silero VAD: \(path) is \(status.st_size) bytes, not the \(size) of the pinned file (damaged? run scripts/install-vad)")
            }
        }
        let model = (folder as NSString).appendingPathComponent("share/voicecmd/silero_vad.onnx")
        let path = (folder as NSString).appendingPathComponent("lib/libsherpa-onnx-c-api.so")
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw SpeechError("cannot load Silero VAD from \(path): \(dlerror().map { String(cString: $0) } ?? "unknown reason")")
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(SpeechError) -> T {
            guard let address = dlsym(handle, name) else {
                dlclose(handle)
                throw SpeechError("\(path) is not sherpa-onnx's C API: it lacks \(name)")
            }
            return unsafeBitCast(address, to: type)
        }
        let version = try symbol("SherpaOnnxGetVersionStr", as: voicecmd_vad_version_fn.self)
        let found = version().map { String(cString: $0) } ?? "?"
        guard found == Self.version else {
            dlclose(handle)
            throw SpeechError("\(path) is sherpa-onnx \(found); voicecmd needs \(Self.version) (run scripts/install-vad)")
        }
        create = try symbol("SherpaOnnxCreateVoiceActivityDetector", as: voicecmd_vad_create_fn.self)
        destroy = try symbol("SherpaOnnxDestroyVoiceActivityDetector", as: voicecmd_vad_destroy_fn.self)
        accept = try symbol("SherpaOnnxVoiceActivityDetectorAcceptWaveform", as: voicecmd_vad_accept_fn.self)
        detected = try symbol("SherpaOnnxVoiceActivityDetectorDetected", as: voicecmd_vad_detected_fn.self)
        clear = try symbol("SherpaOnnxVoiceActivityDetectorClear", as: voicecmd_vad_clear_fn.self)
        modelPath = model
        self.handle = handle
    }

    deinit { dlclose(handle) }
}
