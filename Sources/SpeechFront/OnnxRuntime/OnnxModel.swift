import Foundation

/// One network with one float input and one float output (ONNX's format),
/// used by one thread at a time.
final class OnnxModel {
    private let session: OnnxSession
    private let inputName: String
    private let outputName: String
    var path: String { session.path }

    init(path: String, input: String, output: String) throws(SpeechError) {
        session = try OnnxSession(path: path)
        inputName = input
        outputName = output
    }

    /// The network's output for `values` laid out as `shape`: its shape and
    /// its values.
    func run(_ values: [Float], shape: [Int]) throws(SpeechError) -> (shape: [Int], values: [Float]) {
        let input = try OnnxValue(floats: values, shape: shape, environment: session.environment)
        let output = try session.run([(inputName, input)], outputs: [outputName])[0]
        return try output.withFloats(largest: Self.largestOutput) { shape, floats in (shape, Array(floats)) }
    }

    /// Numbers an output may hold (the embedding's batches hold 6,144).
    static let largestOutput = 1 << 24
}
