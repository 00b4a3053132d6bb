import Foundation

/// One tensor of ONNX Runtime's (an `OrtValue`), released with this object:
/// either made here from values this object keeps (the runtime borrows
/// them), or a network's output, which the runtime allocated.
final class OnnxValue {
    enum Element: Int32 {
        // ONNXTensorElementDataType's numbers.
        case float = 1, int64 = 7, bool = 9
        var size: Int { self == .bool ? 1 : self == .float ? 4 : 8 }
    }

    private let library: OnnxRuntimeLibrary
    let pointer: OpaquePointer
    /// The values the runtime borrows, for a tensor made here.
    private let storage: UnsafeMutableRawPointer?
    /// What errors about it name: the network that gave it, or "a tensor".
    private let origin: String

    /// An output of the network at `network`, owned from now on.
    init(output pointer: OpaquePointer, of network: String, library: OnnxRuntimeLibrary) {
        self.library = library
        self.pointer = pointer
        self.storage = nil
        self.origin = network
    }

    /// A tensor of `element`s laid out as `shape`, its bytes written by `fill`.
    private init(_ element: Element, shape: [Int], environment: OnnxEnvironment,
                 fill: (UnsafeMutableRawBufferPointer) -> Void) throws(SpeechError) {
        precondition(shape.allSatisfy { $0 >= 0 }, "a negative dimension")
        let byteCount = shape.reduce(1, *) * element.size
        let library = environment.library
        // At least one byte, so an empty tensor still has an address.
        let storage = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: 64)
        fill(UnsafeMutableRawBufferPointer(start: storage, count: byteCount))
        var value: OpaquePointer?
        let dimensions = shape.map(Int64.init)
        do throws(SpeechError) {
            try library.check(library.createTensor(environment.cpuMemory, storage, byteCount, dimensions, dimensions.count, element.rawValue, &value),
                              "CreateTensorWithDataAsOrtValue")
        } catch {
            storage.deallocate()
            throw error
        }
        self.library = library
        self.pointer = value!
        self.storage = storage
        self.origin = "a tensor"
    }

    convenience init(floats: some Collection<Float>, shape: [Int], environment: OnnxEnvironment) throws(SpeechError) {
        precondition(floats.count == shape.reduce(1, *), "the shape does not hold the values")
        try self.init(.float, shape: shape, environment: environment) { bytes in
            _ = bytes.bindMemory(to: Float.self).initialize(from: floats)
        }
    }

    convenience init(int64s: [Int64], shape: [Int], environment: OnnxEnvironment) throws(SpeechError) {
        precondition(int64s.count == shape.reduce(1, *), "the shape does not hold the values")
        try self.init(.int64, shape: shape, environment: environment) { bytes in
            _ = bytes.bindMemory(to: Int64.self).initialize(from: int64s)
        }
    }

    convenience init(bool: Bool, environment: OnnxEnvironment) throws(SpeechError) {
        try self.init(.bool, shape: [1], environment: environment) { bytes in bytes[0] = bool ? 1 : 0 }
    }

    deinit {
        library.releaseValue(pointer)
        storage?.deallocate()
    }

    /// The tensor's element type and shape.
    func layout() throws(SpeechError) -> (element: Int32, shape: [Int]) {
        var typeAndShape: OpaquePointer?
        try library.check(library.tensorTypeAndShape(pointer, &typeAndShape), "GetTensorTypeAndShape")
        defer { library.releaseTypeAndShape(typeAndShape) }
        var element: Int32 = 0
        try library.check(library.elementType(typeAndShape, &element), "GetTensorElementType")
        var count = 0
        try library.check(library.dimensionCount(typeAndShape, &count), "GetDimensionsCount")
        guard count <= 8 else { throw SpeechError("\(origin) gave a \(count)-dimensional output") }
        var dimensions = [Int64](repeating: 0, count: count)
        try library.check(library.dimensions(typeAndShape, &dimensions, count), "GetDimensions")
        return (element, dimensions.map { Int($0) })
    }

    /// A tensor of floats made of rows of this one (along its first
    /// dimension): `rows[i]` is the new row i (a row may come twice).
    func gatheringRows(_ rows: [Int], environment: OnnxEnvironment) throws(SpeechError) -> OnnxValue {
        let (shape, values) = try floats(largest: 1 << 24)
        let width = shape.dropFirst().reduce(1, *)
        guard let count = shape.first, rows.allSatisfy({ (0..<count).contains($0) }), width * rows.count <= 1 << 26 else {
            throw SpeechError("\(origin) gave a tensor of shape \(shape), whose rows \(rows) cannot be taken")
        }
        return try OnnxValue(floats: rows.lazy.flatMap { values[($0 * width)..<(($0 + 1) * width)] },
                             shape: [rows.count] + shape.dropFirst(), environment: environment)
    }

    /// `body` of a float tensor's shape and values, read in place; refused
    /// past `largest` values.
    func withFloats<Result>(largest: Int, _ body: ([Int], UnsafeBufferPointer<Float>) -> Result) throws(SpeechError) -> Result {
        let (shape, values) = try floats(largest: largest)
        return withExtendedLifetime(self) { body(shape, values) }
    }

    private func floats(largest: Int) throws(SpeechError) -> (shape: [Int], values: UnsafeBufferPointer<Float>) {
        let (element, shape) = try layout()
        guard element == Element.float.rawValue else { throw SpeechError("\(origin) gave an output of type \(element), not 32-bit floats") }
        var elements = 1
        for dimension in shape {
            let (product, overflow) = elements.multipliedReportingOverflow(by: dimension)
            guard dimension >= 0, !overflow, product <= largest else { throw SpeechError("\(origin) gave an output of shape \(shape)") }
            elements = product
        }
        var data: UnsafeMutableRawPointer?
        try library.check(library.tensorData(pointer, &data), "GetTensorMutableData")
        guard let data else { throw SpeechError("\(origin) gave no output") }
        return (shape, UnsafeBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: elements))
    }
}
