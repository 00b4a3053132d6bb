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
/// settings it does not take. The set-up step checked each file's SHA-256
/// when it unpacked it, and kept it beside the file for every load to check.
final class SherpaOnnxLibrary: @unchecked Sendable {
    // @unchecked: the handle is set once in init and only read after.
    private let handle: UnsafeMutableRawPointer
    let path: String

    static let version = "2.0.1"
    /// Sizes of the pinned wheel's files: a file cut short is refused, not loaded.
    static let fileSizes = ["lib/libsherpa-onnx-c-api.so": 4_892_512, "lib/libonnxruntime.so": 27_026_609]

    /// `what` names the user of the library in errors ("Silero VAD").
    init(folder: String, what: String, installer: String) throws(SpeechError) {
        try Self.checkSizes(Self.fileSizes, in: folder, what: what, installer: installer)
        let path = (folder as NSString).appendingPathComponent("lib/libsherpa-onnx-c-api.so")
        // ONNX Runtime is loaded with it, found beside it: both are checked.
        try SharedLibraryFile.check((folder as NSString).appendingPathComponent("lib/libonnxruntime.so"), checksum: .required)
        try SharedLibraryFile.check(path, checksum: .required)
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

    /// Each file (a path inside `folder`) exists, is a readable regular
    /// file, and has exactly its pinned size.
    static func checkSizes(_ sizes: [String: Int], in folder: String, what: String, installer: String) throws(SpeechError) {
        for (name, size) in sizes.sorted(by: { $0.key < $1.key }) {
            let path = (folder as NSString).appendingPathComponent(name)
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else {
                throw SpeechError("cannot use \(what): \(path) is missing or unreadable")
            }
            guard Int(status.st_size) == size else {
                throw SpeechError("cannot use \(what): \(path) is \(status.st_size) bytes, not the \(size) of the pinned file (damaged? run \(installer))")
            }
        }
    }
}
