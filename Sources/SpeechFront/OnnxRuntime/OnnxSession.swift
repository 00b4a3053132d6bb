import Foundation

/// One network loaded into ONNX Runtime, run on one thread (the decoder
/// has the other core), used by one thread at a time.
///
/// Memory is kept to what the network needs: no arena (the runtime's
/// default CPU arena keeps the largest batch's buffers for ever), and, for
/// a network in ONNX Runtime's own format mapped from its file, weights
/// used in place in the mapping instead of copied to the heap and packed
/// again for its matrix kernels.
final class OnnxSession {
    let environment: OnnxEnvironment
    private var library: OnnxRuntimeLibrary { environment.library }
    private let session: OpaquePointer
    /// The mapped file the session's weights lie in; outlives the session.
    private let file: MappedFile?
    let path: String

    /// A network in ONNX's format, read from `path`.
    convenience init(path: String) throws(SpeechError) {
        try self.init(path: path, file: nil)
    }

    /// A network in ONNX Runtime's format (.ort), used where it lies in the
    /// mapped file.
    convenience init(mapping file: MappedFile) throws(SpeechError) {
        try self.init(path: file.path, file: file)
    }

    private init(path: String, file: MappedFile?) throws(SpeechError) {
        let environment = try OnnxEnvironment.shared.get()
        let library = environment.library
        var options: OpaquePointer?
        try library.check(library.createSessionOptions(&options), "CreateSessionOptions")
        defer { library.releaseSessionOptions(options) }
        try library.check(library.setIntraOpThreads(options, 1), "SetIntraOpNumThreads")
        try library.check(library.setInterOpThreads(options, 1), "SetInterOpNumThreads")
        try library.check(library.disableMemoryArena(options), "DisableCpuMemArena")
        var session: OpaquePointer?
        if let file {
            for key in ["session.use_ort_model_bytes_directly", "session.use_ort_model_bytes_for_initializers", "session.disable_prepacking"] {
                try library.check(library.addSessionSetting(options, key, "1"), "AddSessionConfigEntry(\(key))")
            }
            try library.check(library.createSessionFromBytes(environment.pointer, file.bytes.baseAddress, file.bytes.count, options, &session),
                              "CreateSessionFromArray(\(path))")
        } else {
            try library.check(library.createSession(environment.pointer, path, options, &session), "CreateSession(\(path))")
        }
        guard let session else { throw SpeechError("ONNX Runtime could not load \(path)") }
        self.environment = environment
        self.session = session
        self.file = file
        self.path = path
    }

    deinit { library.releaseSession(session) }

    /// The network's outputs named `outputs`, in that order, for `inputs`.
    func run(_ inputs: [(name: String, value: OnnxValue)], outputs: [String]) throws(SpeechError) -> [OnnxValue] {
        let inputNames = inputs.map { strdup($0.name) }
        let outputNames = outputs.map { strdup($0) }
        defer { (inputNames + outputNames).forEach { free($0) } }
        guard !(inputNames + outputNames).contains(nil) else { throw SpeechError("out of memory naming \(path)'s inputs") }
        let inputValues: [OpaquePointer?] = inputs.map { $0.value.pointer }
        var outputValues = [OpaquePointer?](repeating: nil, count: outputs.count)
        let status = inputNames.map { UnsafePointer($0) }.withUnsafeBufferPointer { inputNames in
            outputNames.map { UnsafePointer($0) }.withUnsafeBufferPointer { outputNames in
                library.run(session, nil, inputNames.baseAddress, inputValues, inputs.count, outputNames.baseAddress, outputs.count, &outputValues)
            }
        }
        // Whatever the runtime made is owned (and so released) even when it failed.
        let made = outputValues.compactMap { $0 }.map { OnnxValue(output: $0, of: path, library: library) }
        try library.check(status, "Run(\(path))")
        guard made.count == outputs.count else { throw SpeechError("\(path) gave \(made.count) of its \(outputs.count) outputs") }
        return made
    }
}
