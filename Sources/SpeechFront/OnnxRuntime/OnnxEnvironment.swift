import Foundation

/// ONNX Runtime's environment (its logging and thread pools): one for the
/// process, as the runtime asks, freed with it; and the description of
/// plain CPU memory that tensors made from our own values carry.
final class OnnxEnvironment: @unchecked Sendable {
    // @unchecked: the pointers are set once; the runtime's environment and
    // memory descriptions are thread-safe to read.
    let library: OnnxRuntimeLibrary
    let pointer: OpaquePointer
    let cpuMemory: OpaquePointer

    static let shared: Result<OnnxEnvironment, SpeechError> = {
        do throws(SpeechError) {
            return .success(try OnnxEnvironment(library: try OnnxRuntimeLibrary.shared.get()))
        } catch {
            return .failure(error)
        }
    }()

    private init(library: OnnxRuntimeLibrary) throws(SpeechError) {
        var environment: OpaquePointer?
        // 3: ORT_LOGGING_LEVEL_ERROR; warnings about graph optimisation are
        // not the user's business.
        try library.check(library.createEnv(3, "voicecmd", &environment), "CreateEnv")
        guard let environment else { throw SpeechError("ONNX Runtime CreateEnv returned nothing") }
        var memory: OpaquePointer?
        do throws(SpeechError) {
            // 0, 0: the plain device allocator, the default memory type.
            try library.check(library.createCPUMemoryInfo(0, 0, &memory), "CreateCpuMemoryInfo")
        } catch {
            library.releaseEnv(environment)
            throw error
        }
        self.library = library
        self.pointer = environment
        self.cpuMemory = memory!
    }

    deinit {
        library.releaseMemoryInfo(cpuMemory)
        library.releaseEnv(pointer)
    }
}
