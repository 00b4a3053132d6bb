internal import CSherpaOnnx
import Foundation

/// sherpa-onnx's C library (and the ONNX Runtime beside it), loaded at run
/// time from a folder laid out as .build/vendor: Debian has neither, so the
/// set-up step (scripts/install-vad) unpacks them from a pinned wheel. The
/// voice gate (Silero) and the second-opinion recogniser (Moonshine) each
/// look up their functions in it.
///
/// The files must be the sizes of the pinned ones and the library the
/// version whose layouts `CSherpaOnnx` declares: a truncated library
/// crashes when called, and sherpa-onnx exits the process (status 255) on
/// settings it does not take. Each file must be the pinned bytes
/// (`PinnedFiles`: size and SHA-256 carried in the binary).
final class SherpaOnnxLibrary: @unchecked Sendable {
    // @unchecked: the handle is set once in init and only read after.
    private let handle: UnsafeMutableRawPointer
    let path: String

    static let version = "2.0.1"
    /// `what` names the user of the library in errors ("Silero VAD").
    init(folder: String, what: String, installer: String) throws(SpeechError) {
        // ONNX Runtime is loaded with it, found beside it: both are checked.
        try PinnedFiles.verify([PinnedFiles.onnxRuntime, PinnedFiles.sherpaOnnx], in: folder, what: what, installer: installer)
        let path = (folder as NSString).appendingPathComponent(PinnedFiles.sherpaOnnx.path)
        try SharedLibraryFile.check((folder as NSString).appendingPathComponent(PinnedFiles.onnxRuntime.path))
        try SharedLibraryFile.check(path)
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw SpeechError("cannot load \(what) from \(path): \(dlerror().map { String(cString: $0) } ?? "unknown reason")")
        }
        self.handle = handle
        self.path = path
        let version = try symbol("SherpaOnnxGetVersionStr", as: voicecmd_vad_version_fn.self)
        let found = version().map { String(cString: $0) } ?? "?"
        guard found == Self.version else {
            throw SpeechError("\(path) is sherpa-onnx \(found); \(what) needs \(Self.version) (run \(installer))")
        }
    }

    deinit { dlclose(handle) }

    func symbol<T>(_ name: String, as type: T.Type) throws(SpeechError) -> T {
        guard let address = dlsym(handle, name) else { throw SpeechError("\(path) is not sherpa-onnx's C API: it lacks \(name)") }
        return unsafeBitCast(address, to: type)
    }
}
