import Foundation

/// ONNX Runtime's environment (its logging and thread pools): one for the
/// process, as the runtime asks, freed with it.
final class OnnxEnvironment: @unchecked Sendable {
    // @unchecked: the pointer is set once; the runtime's environment is
    // thread-safe.
    let library: OnnxRuntimeLibrary
    let pointer: OpaquePointer

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
        self.library = library
        self.pointer = environment
    }

    deinit { library.releaseEnv(pointer) }
}

/// One network loaded into ONNX Runtime, with one float input and one float
/// output, run on one thread (the decoder has the other core). Used by one
/// thread at a time.
final class OnnxModel {
    private let environment: OnnxEnvironment
    private var library: OnnxRuntimeLibrary { environment.library }
    private let session: OpaquePointer
    private let memoryInfo: OpaquePointer
    private let inputName: String
    private let outputName: String
    let path: String

    init(path: String, input: String, output: String) throws(SpeechError) {
        let environment = try OnnxEnvironment.shared.get()
        let library = environment.library
        var options: OpaquePointer?
        try library.check(library.createSessionOptions(&options), "CreateSessionOptions")
        defer { library.releaseSessionOptions(options) }
        try library.check(library.setIntraOpThreads(options, 1), "SetIntraOpNumThreads")
        try library.check(library.setInterOpThreads(options, 1), "SetInterOpNumThreads")
        var session: OpaquePointer?
        try library.check(library.createSession(environment.pointer, path, options, &session), "CreateSession(\(path))")
        guard let session else { throw SpeechError("ONNX Runtime could not load \(path)") }
        var memoryInfo: OpaquePointer?
        do throws(SpeechError) {
            // 1, 0: an arena allocator, the default memory type.
            try library.check(library.createCPUMemoryInfo(1, 0, &memoryInfo), "CreateCpuMemoryInfo")
        } catch {
            library.releaseSession(session)
            throw error
        }
        self.environment = environment
        self.session = session
        self.memoryInfo = memoryInfo!
        self.inputName = input
        self.outputName = output
        self.path = path
    }

    deinit {
        library.releaseMemoryInfo(memoryInfo)
        library.releaseSession(session)
    }

    /// The network's output for `values` laid out as `shape`: its shape and
    /// its values. The input tensor borrows `values`' storage, so it is
    /// made, run and released inside the one closure that lends it.
    func run(_ values: [Float], shape: [Int]) throws(SpeechError) -> (shape: [Int], values: [Float]) {
        precondition(shape.reduce(1, *) == values.count, "the shape does not hold the values")
        let library = self.library
        var values = values
        let dimensions = shape.map(Int64.init)
        var output: OpaquePointer?
        let failure: SpeechError? = values.withUnsafeMutableBytes { bytes in
            var input: OpaquePointer?
            do throws(SpeechError) {
                try library.check(library.createTensor(memoryInfo, bytes.baseAddress, bytes.count, dimensions, dimensions.count, 1, &input),
                                  "CreateTensorWithDataAsOrtValue")
                defer { library.releaseValue(input) }
                let status = inputName.withCString { inputName in
                    outputName.withCString { outputName in
                        var inputNames: [UnsafePointer<CChar>?] = [inputName]
                        var outputNames: [UnsafePointer<CChar>?] = [outputName]
                        var inputs: [OpaquePointer?] = [input]
                        return library.run(session, nil, &inputNames, &inputs, 1, &outputNames, 1, &output)
                    }
                }
                try library.check(status, "Run(\(path))")
                return nil
            } catch {
                return error
            }
        }
        defer { library.releaseValue(output) }
        if let failure { throw failure }
        var typeAndShape: OpaquePointer?
        try library.check(library.tensorTypeAndShape(output, &typeAndShape), "GetTensorTypeAndShape")
        defer { library.releaseTypeAndShape(typeAndShape) }
        var elementType: Int32 = 0
        try library.check(library.elementType(typeAndShape, &elementType), "GetTensorElementType")
        // 1: ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT.
        guard elementType == 1 else { throw SpeechError("\(path) gave an output of type \(elementType), not 32-bit floats") }
        var count = 0
        try library.check(library.dimensionCount(typeAndShape, &count), "GetDimensionsCount")
        guard count <= 8 else { throw SpeechError("\(path) gave a \(count)-dimensional output") }
        var outputShape = [Int64](repeating: 0, count: count)
        try library.check(library.dimensions(typeAndShape, &outputShape, count), "GetDimensions")
        var elements = 1
        for dimension in outputShape {
            let (product, overflow) = elements.multipliedReportingOverflow(by: Int(dimension))
            guard dimension >= 0, !overflow, product <= Self.largestOutput else { throw SpeechError("\(path) gave an output of shape \(outputShape)") }
            elements = product
        }
        var data: UnsafeMutableRawPointer?
        try library.check(library.tensorData(output, &data), "GetTensorMutableData")
        guard let data else { throw SpeechError("\(path) gave no output") }
        let floats = Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: elements))
        return (outputShape.map { Int($0) }, floats)
    }

    /// Numbers an output may hold (the embedding's batches hold 6,144).
    static let largestOutput = 1 << 24
}
