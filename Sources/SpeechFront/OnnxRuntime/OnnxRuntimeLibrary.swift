import Foundation

/// ONNX Runtime's C API, loaded at run time from the library the set-up
/// step unpacked beside sherpa-onnx's (scripts/install-vad). Debian ships no
/// header for it, so the functions are taken from the API's table by slot:
/// ONNX Runtime only ever appends to that table, so a slot keeps its
/// function across versions, and the version is checked anyway.
final class OnnxRuntimeLibrary: @unchecked Sendable {
    // @unchecked: the handle and function pointers are set once in init and
    // only read after; ONNX Runtime's API functions are thread-safe.
    typealias Status = OpaquePointer
    private let handle: UnsafeMutableRawPointer
    let path: String

    let errorMessage: @convention(c) (Status?) -> UnsafePointer<CChar>?
    let releaseStatus: @convention(c) (Status?) -> Void
    let createEnv: @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    let releaseEnv: @convention(c) (OpaquePointer?) -> Void
    let createSessionOptions: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    let setIntraOpThreads: @convention(c) (OpaquePointer?, Int32) -> Status?
    let setInterOpThreads: @convention(c) (OpaquePointer?, Int32) -> Status?
    let releaseSessionOptions: @convention(c) (OpaquePointer?) -> Void
    let createSession: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    let createSessionFromBytes: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int, OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    let disableMemoryArena: @convention(c) (OpaquePointer?) -> Status?
    let addSessionSetting: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Status?
    let releaseSession: @convention(c) (OpaquePointer?) -> Void
    let createCPUMemoryInfo: @convention(c) (Int32, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    let releaseMemoryInfo: @convention(c) (OpaquePointer?) -> Void
    let createTensor: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int, UnsafePointer<Int64>?, Int, Int32,
                                      UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    let tensorData: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Status?
    let tensorTypeAndShape: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Status?
    let elementType: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Status?
    let dimensionCount: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int>?) -> Status?
    let dimensions: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int64>?, Int) -> Status?
    let releaseTypeAndShape: @convention(c) (OpaquePointer?) -> Void
    let releaseValue: @convention(c) (OpaquePointer?) -> Void
    let run: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<OpaquePointer?>?, Int,
                             UnsafePointer<UnsafePointer<CChar>?>?, Int, UnsafeMutablePointer<OpaquePointer?>?) -> Status?

    /// The runtime that came with sherpa-onnx 2.0.1.
    static let version = "1.28.2"
    /// The oldest table that has every slot used here.
    private static let apiVersion: UInt32 = 16

    /// The process's runtime, from the folders sherpa-onnx is looked for in.
    static let shared = VendorFolder.first(
        of: VendorFolder.folders(overriddenBy: "VOICECMD_ASR"), holding: "lib/libonnxruntime.so",
        missing: "ONNX Runtime is not installed (run make deps, or scripts/install-vad, from the source folder)"
    ) { folder throws(SpeechError) in try OnnxRuntimeLibrary(folder: folder) }

    private init(folder: String) throws(SpeechError) {
        try PinnedFiles.verify([PinnedFiles.onnxRuntime], in: folder, what: "ONNX Runtime", installer: "scripts/install-vad")
        let path = (folder as NSString).appendingPathComponent(PinnedFiles.onnxRuntime.path)
        try SharedLibraryFile.check(path)
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw SpeechError("cannot load ONNX Runtime from \(path): \(dlerror().map { String(cString: $0) } ?? "unknown reason")")
        }
        typealias GetAPIBase = @convention(c) () -> UnsafePointer<UnsafeRawPointer?>?
        typealias GetAPI = @convention(c) (UInt32) -> UnsafePointer<UnsafeRawPointer?>?
        typealias GetVersion = @convention(c) () -> UnsafePointer<CChar>?
        guard let base = dlsym(handle, "OrtGetApiBase").flatMap({ unsafeBitCast($0, to: GetAPIBase.self)() }),
              let getAPI = base[0], let getVersion = base[1] else {
            dlclose(handle)
            throw SpeechError("\(path) is not ONNX Runtime: it lacks OrtGetApiBase")
        }
        let found = unsafeBitCast(getVersion, to: GetVersion.self)().map { String(cString: $0) } ?? "?"
        guard found == Self.version, let table = unsafeBitCast(getAPI, to: GetAPI.self)(Self.apiVersion) else {
            dlclose(handle)
            throw SpeechError("\(path) is ONNX Runtime \(found); voicecmd needs \(Self.version) (run scripts/install-vad)")
        }
        func slot<T>(_ index: Int, _ type: T.Type) -> T { unsafeBitCast(table[index]!, to: type) }
        // Slots of `struct OrtApi` (onnxruntime_c_api.h), counted from 0.
        errorMessage = slot(2, type(of: errorMessage))
        createEnv = slot(3, type(of: createEnv))
        createSession = slot(7, type(of: createSession))
        createSessionFromBytes = slot(8, type(of: createSessionFromBytes))
        run = slot(9, type(of: run))
        createSessionOptions = slot(10, type(of: createSessionOptions))
        disableMemoryArena = slot(19, type(of: disableMemoryArena))
        setIntraOpThreads = slot(24, type(of: setIntraOpThreads))
        setInterOpThreads = slot(25, type(of: setInterOpThreads))
        createTensor = slot(49, type(of: createTensor))
        tensorData = slot(51, type(of: tensorData))
        elementType = slot(60, type(of: elementType))
        dimensionCount = slot(61, type(of: dimensionCount))
        dimensions = slot(62, type(of: dimensions))
        tensorTypeAndShape = slot(65, type(of: tensorTypeAndShape))
        createCPUMemoryInfo = slot(69, type(of: createCPUMemoryInfo))
        releaseEnv = slot(92, type(of: releaseEnv))
        releaseStatus = slot(93, type(of: releaseStatus))
        releaseMemoryInfo = slot(94, type(of: releaseMemoryInfo))
        releaseSession = slot(95, type(of: releaseSession))
        releaseValue = slot(96, type(of: releaseValue))
        releaseTypeAndShape = slot(99, type(of: releaseTypeAndShape))
        releaseSessionOptions = slot(100, type(of: releaseSessionOptions))
        addSessionSetting = slot(130, type(of: addSessionSetting))
        self.handle = handle
        self.path = path
    }

    deinit { dlclose(handle) }

    /// The one check every ONNX Runtime call goes through: a status is a
    /// failure, which becomes a `SpeechError` with the runtime's reason.
    func check(_ status: Status?, _ function: String) throws(SpeechError) {
        guard let status else { return }
        let reason = errorMessage(status).map { String(cString: $0) } ?? "unknown reason"
        releaseStatus(status)
        throw SpeechError("ONNX Runtime \(function) failed: \(reason)")
    }
}
