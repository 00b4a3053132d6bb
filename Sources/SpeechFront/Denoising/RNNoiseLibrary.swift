import Foundation

/// RNNoise (Xiph's learned noise suppressor), loaded at run time: Debian
/// has no package, so the set-up step (scripts/install-rnnoise) unpacks
/// the library from a pinned wheel into .build/vendor/lib. Loading it with
/// dlopen lets voicecmd build and run without it, with denoising reported
/// as unavailable and why. The library stays loaded for the process's life.
final class RNNoiseLibrary: @unchecked Sendable {
    // @unchecked: the handle and function pointers are set once in init
    // and only read after; RNNoise's functions keep no global state.
    typealias Create = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer?) -> Void
    typealias ProcessFrame = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Float>?, UnsafePointer<Float>?) -> Float
    typealias FrameSize = @convention(c) () -> Int32

    let path: String
    let create: Create
    let destroy: Destroy
    let processFrame: ProcessFrame
    /// Samples per frame at 48 kHz (480: 10 ms).
    let frameSize: Int
    private let handle: UnsafeMutableRawPointer

    /// The library found first on `candidates`, or why none could be used.
    /// One the set-up step installed (in a vendor folder) must be the
    /// pinned bytes (`PinnedFiles`); another (the system's, or one the user
    /// named) is checked to be a whole library.
    static func load(from candidates: [String]) -> Result<RNNoiseLibrary, SpeechError> {
        let installed = Set(VendorFolder.candidates(PinnedFiles.rnnoise.path)
                            + VendorFolder.installedCandidates(PinnedFiles.rnnoise.path))
        return VendorFolder.first(of: candidates, holding: "",
                           missing: "RNNoise is not installed (run make deps, or scripts/install-rnnoise, from the source folder; "
                            + "or set VOICECMD_RNNOISE to librnnoise.so)") { path throws(SpeechError) in
            if installed.contains(path) {
                try PinnedFiles.verify(PinnedFiles.rnnoise, at: path, what: "RNNoise", installer: "scripts/install-rnnoise")
            }
            return try RNNoiseLibrary(path: path)
        }
    }

    /// The process's RNNoise: $VOICECMD_RNNOISE alone when set (so it can
    /// also turn denoising off), else the set-up step's folder beside the
    /// running binary (.build/vendor/lib), then the system's usual places.
    static let shared: Result<RNNoiseLibrary, SpeechError> = {
        if let path = ProcessInfo.processInfo.environment["VOICECMD_RNNOISE"], !path.isEmpty {
            guard FileManager.default.fileExists(atPath: path) else {
                return .failure(SpeechError("VOICECMD_RNNOISE names \(path), which does not exist"))
            }
            return load(from: [path])
        }
        return load(from: defaultCandidates())
    }()

    static func defaultCandidates() -> [String] {
        var candidates = VendorFolder.candidates(PinnedFiles.rnnoise.path) + VendorFolder.installedCandidates(PinnedFiles.rnnoise.path)
        candidates += ["/usr/local/lib/librnnoise.so", "/usr/lib/x86_64-linux-gnu/librnnoise.so"]
        return candidates
    }

    private init(path: String) throws(SpeechError) {
        try SharedLibraryFile.check(path)
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw SpeechError("cannot load RNNoise from \(path): \(dlerror().map { String(cString: $0) } ?? "unknown reason")")
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(SpeechError) -> T {
            guard let address = dlsym(handle, name) else {
                dlclose(handle)
                throw SpeechError("\(path) is not RNNoise: it lacks \(name)")
            }
            return unsafeBitCast(address, to: type)
        }
        create = try symbol("rnnoise_create", as: Create.self)
        destroy = try symbol("rnnoise_destroy", as: Destroy.self)
        processFrame = try symbol("rnnoise_process_frame", as: ProcessFrame.self)
        frameSize = Int(try symbol("rnnoise_get_frame_size", as: FrameSize.self)())
        self.path = path
        self.handle = handle
    }

    deinit { dlclose(handle) }
}

/// One RNNoise denoiser's state (it learns the noise as it goes, so one per
/// stream), freed when this object goes. Frames are 48 kHz, 10 ms, with
/// samples on the 16-bit scale.
public final class NoiseSuppressor {
    private let library: RNNoiseLibrary
    private let state: OpaquePointer

    /// Why denoising cannot be used here, or nil when it can.
    public static var unavailableReason: String? {
        if case .failure(let error) = RNNoiseLibrary.shared { return error.message }
        return nil
    }

    /// A fresh denoiser; throws when RNNoise is unavailable (`unavailableReason`).
    public convenience init() throws(SpeechError) {
        try self.init(library: RNNoiseLibrary.shared.get())
    }

    init(library: RNNoiseLibrary) throws(SpeechError) {
        guard let state = library.create(nil) else { throw SpeechError("rnnoise_create failed (out of memory?)") }
        self.library = library
        self.state = state
    }

    deinit { library.destroy(state) }

    /// Samples per frame (480).
    public var frameSize: Int { library.frameSize }

    /// Denoises one frame in place; returns RNNoise's probability that the frame holds speech.
    @discardableResult
    public func denoise(_ frame: inout [Float]) -> Float {
        precondition(frame.count == library.frameSize, "RNNoise takes frames of \(library.frameSize) samples")
        let input = frame
        return input.withUnsafeBufferPointer { source in
            frame.withUnsafeMutableBufferPointer { output in library.processFrame(state, output.baseAddress, source.baseAddress) }
        }
    }

    /// Denoises the `frameSize` samples at `frame` in place (RNNoise reads
    /// its input before it writes its output).
    @discardableResult
    func denoise(inPlace frame: UnsafeMutablePointer<Float>) -> Float {
        library.processFrame(state, frame, frame)
    }
}
