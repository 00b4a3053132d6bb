import Foundation

/// A per-phrase wake detector: a small network that reads the last
/// `window` speech embeddings (80 ms apart, each hearing 0.79 s: 2 s of
/// sound) and says how likely they end with the phrase. Trained by `WakeNetworkTrainer` on synthetic speech;
/// one hidden layer is enough on top of an embedding learnt from a great
/// deal of real speech, and costs 0.1 M multiplications a look.
public struct WakeNetwork: Sendable, Equatable {
    /// The phrase it was trained for, lower-case words one space apart.
    public let phrase: String
    /// Embeddings read at once.
    public static let window = 16
    /// Numbers read at once: `window` embeddings, one after another.
    public static let inputWidth = window * SpeechEmbedding.width
    /// Units in the hidden layer.
    public let hiddenWidth: Int
    /// The version of the training recipe that made it (files from before
    /// recipes were recorded are 1): a cache made by an older recipe is
    /// trained again by `voicecmd wake train --unless-trained`.
    public var recipe = 1
    /// hidden × input, row by row.
    var inputWeights: [Float]
    var hiddenBiases: [Float]
    var outputWeights: [Float]
    var outputBias: Float

    /// A network with small random weights (He initialisation), for training.
    init(phrase: String, hiddenWidth: Int, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        self.phrase = phrase
        self.hiddenWidth = hiddenWidth
        let inputScale = Float((2.0 / Double(Self.inputWidth)).squareRoot())
        inputWeights = (0..<(hiddenWidth * Self.inputWidth)).map { _ in generator.normal() * inputScale }
        hiddenBiases = [Float](repeating: 0, count: hiddenWidth)
        let outputScale = Float((1.0 / Double(hiddenWidth)).squareRoot())
        outputWeights = (0..<hiddenWidth).map { _ in generator.normal() * outputScale }
        outputBias = 0
    }

    /// The log-odds that `input` (`window` embeddings, oldest first, one
    /// after another) ends with the phrase; `hidden` receives the hidden
    /// layer's values when given (for training).
    func logit(_ input: UnsafeBufferPointer<Float>, hidden: UnsafeMutableBufferPointer<Float>? = nil) -> Float {
        precondition(input.count == Self.inputWidth && inputWeights.count == hiddenWidth * Self.inputWidth
                     && (hidden?.count ?? hiddenWidth) >= hiddenWidth)
        var output = outputBias
        inputWeights.withUnsafeBufferPointer { weights in
            for unit in 0..<hiddenWidth {
                let row = UnsafeBufferPointer(rebasing: weights[(unit * Self.inputWidth)..<((unit + 1) * Self.inputWidth)])
                let value = max(0, hiddenBiases[unit] + Self.dot(row, input))
                hidden?[unit] = value
                output += value * outputWeights[unit]
            }
        }
        return output
    }

    /// The probability that `embeddings` (exactly `window` of them) end with the phrase.
    public func probability(_ embeddings: ArraySlice<[Float]>) -> Double {
        precondition(embeddings.count == Self.window)
        let input = embeddings.flatMap { $0 }
        return input.withUnsafeBufferPointer { 1 / (1 + exp(-Double(logit($0)))) }
    }

    /// `target[i] += scale * source[i]`, eight at a time.
    static func addScaled(_ source: UnsafeBufferPointer<Float>, _ scale: Float, to target: UnsafeMutableBufferPointer<Float>) {
        let count = min(source.count, target.count)
        guard let from = source.baseAddress, let to = target.baseAddress else { return }
        let factor = SIMD8<Float>(repeating: scale)
        var index = 0
        while index + 8 <= count {
            let x = UnsafeRawPointer(from + index).loadUnaligned(as: SIMD8<Float>.self)
            let y = UnsafeRawPointer(to + index).loadUnaligned(as: SIMD8<Float>.self)
            UnsafeMutableRawPointer(to + index).storeBytes(of: y + factor * x, as: SIMD8<Float>.self)
            index += 8
        }
        while index < count {
            to[index] += scale * from[index]
            index += 1
        }
    }

    /// Eight sums at once, which the compiler turns into vector instructions.
    static func dot(_ a: UnsafeBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>) -> Float {
        var sums = SIMD8<Float>(repeating: 0)
        var index = 0
        let count = min(a.count, b.count)
        guard let left = a.baseAddress, let right = b.baseAddress else { return 0 }
        while index + 8 <= count {
            let x = UnsafeRawPointer(left + index).loadUnaligned(as: SIMD8<Float>.self)
            let y = UnsafeRawPointer(right + index).loadUnaligned(as: SIMD8<Float>.self)
            // Not addingProduct: on Linux it calls libm's fmaf lane by lane.
            sums += x * y
            index += 8
        }
        var total = sums.sum()
        while index < count {
            total += a[index] * b[index]
            index += 1
        }
        return total
    }
}
