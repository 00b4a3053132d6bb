import Foundation
import Testing
@testable import SpeechFront

@Suite(.enabled(if: SpeechEmbedding.unavailableReason == nil, "the speech embedding is unavailable: \(SpeechEmbedding.unavailableReason ?? "")"))
struct SpeechEmbeddingTests {
    /// The real networks through ONNX Runtime's C API: one embedding of 96
    /// numbers every 80 ms once a span is heard, and speech is described
    /// unlike silence.
    @Test func itDescribesEachStepOfSound() throws {
        let embedding = try SpeechEmbedding()
        let speech = try SharedRecognizer.samples("timer-flite-slt.flac")
        let embeddings = try embedding.embeddings(of: speech[...])
        #expect(embeddings.count == (speech.count - SpeechEmbedding.span) / SpeechEmbedding.step + 1)
        #expect(embeddings.allSatisfy { $0.count == SpeechEmbedding.width && $0.allSatisfy(\.isFinite) })
        let silence = try embedding.embeddings(of: [Int16](repeating: 0, count: SpeechEmbedding.span)[...])
        #expect(silence.count == 1)
        let distance = zip(embeddings[embeddings.count / 2], silence[0]).reduce(Float(0)) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        #expect(distance > 1)
        #expect(try embedding.embeddings(of: [Int16](repeating: 0, count: SpeechEmbedding.span - 1)[...]).isEmpty)
    }

    /// ONNX Runtime's own reason reaches the user, through the one check.
    @Test func aMissingNetworkIsRefusedWithTheRuntimesReason() throws {
        #expect(throws: SpeechError.self) { try OnnxModel(path: "/nonexistent/model.onnx", input: "input", output: "output") }
        do {
            _ = try OnnxModel(path: "/nonexistent/model.onnx", input: "input", output: "output")
        } catch {
            #expect(error.message.hasPrefix("ONNX Runtime CreateSession(/nonexistent/model.onnx) failed: "), "\(error.message)")
            #expect(error.message.contains("/nonexistent/model.onnx"))
        }
    }
}
