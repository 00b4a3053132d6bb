import Foundation

/// Trains a `WakeNetwork`: logistic loss, positives and negatives weighing
/// the same in total however many of each there are, Adam, small weight
/// decay. Examples are windows of `WakeNetwork.window` embeddings in a
/// `WakeTrainingSet`.
package struct WakeNetworkTrainer {
    package var hiddenWidth = 64
    package var epochs = 20
    package var batchSize = 256
    package var learningRate: Float = 1e-3
    package var weightDecay: Float = 1e-4
    package var seed: UInt64 = 1

    package init() {}

    /// A network trained to tell the set's positive windows from its
    /// negative ones; `progress` hears the epoch and its mean loss.
    package func train(phrase: String, examples: WakeTrainingSet,
                      progress: (Int, Double) -> Void = { _, _ in }) -> WakeNetwork {
        let width = WakeNetwork.inputWidth
        let positiveCount = examples.positives.count, negativeCount = examples.negatives.count
        precondition(positiveCount > 0 && negativeCount > 0, "training needs positives and negatives")
        precondition(epochs >= 1 && batchSize >= 1 && hiddenWidth >= 1, "training needs an epoch, a batch and a hidden unit")
        var network = WakeNetwork(phrase: phrase, hiddenWidth: hiddenWidth, seed: seed)
        var generator = SeededGenerator(seed: seed &+ 1)
        let total = positiveCount + negativeCount
        // Each class weighs half the loss.
        let positiveWeight = Float(total) / Float(2 * positiveCount), negativeWeight = Float(total) / Float(2 * negativeCount)
        var adam = AdamState(sizes: [network.inputWeights.count, hiddenWidth, hiddenWidth, 1])
        var gradientInput = [Float](repeating: 0, count: network.inputWeights.count)
        var gradientHiddenBias = [Float](repeating: 0, count: hiddenWidth)
        var gradientOutput = [Float](repeating: 0, count: hiddenWidth)
        var hidden = [Float](repeating: 0, count: hiddenWidth)
        var order = Array(0..<total)
        for epoch in 1...epochs {
            order.shuffle(using: &generator)
            var loss = 0.0
            var first = 0
            while first < total {
                let batch = order[first..<min(total, first + batchSize)]
                first += batchSize
                for index in gradientInput.indices { gradientInput[index] = 0 }
                for index in 0..<hiddenWidth { gradientHiddenBias[index] = 0; gradientOutput[index] = 0 }
                var gradientOutputBias: Float = 0
                for example in batch {
                    let isPositive = example < positiveCount
                    let offset = isPositive ? examples.positives[example] : examples.negatives[example - positiveCount]
                    examples.embeddings.withUnsafeBufferPointer { all in
                        let input = UnsafeBufferPointer(rebasing: all[offset..<(offset + width)])
                        let logit = hidden.withUnsafeMutableBufferPointer { network.logit(input, hidden: $0) }
                        let probability = 1 / (1 + exp(-logit))
                        let target: Float = isPositive ? 1 : 0
                        let weight = isPositive ? positiveWeight : negativeWeight
                        loss += Double(weight) * -log(Double(isPositive ? probability : 1 - probability) + 1e-7)
                        let delta = weight * (probability - target) / Float(batch.count)
                        gradientOutputBias += delta
                        gradientInput.withUnsafeMutableBufferPointer { gradient in
                            for unit in 0..<hiddenWidth where hidden[unit] > 0 {
                                gradientOutput[unit] += delta * hidden[unit]
                                let back = delta * network.outputWeights[unit]
                                gradientHiddenBias[unit] += back
                                let base = unit * width
                                WakeNetwork.addScaled(input, back, to: UnsafeMutableBufferPointer(rebasing: gradient[base..<(base + width)]))
                            }
                        }
                    }
                }
                adam.step()
                adam.update(&network.inputWeights, gradientInput, part: 0, rate: learningRate, decay: weightDecay)
                adam.update(&network.hiddenBiases, gradientHiddenBias, part: 1, rate: learningRate, decay: 0)
                adam.update(&network.outputWeights, gradientOutput, part: 2, rate: learningRate, decay: weightDecay)
                var bias = [network.outputBias]
                adam.update(&bias, [gradientOutputBias], part: 3, rate: learningRate, decay: 0)
                network.outputBias = bias[0]
            }
            progress(epoch, loss / Double(total))
        }
        return network
    }
}

/// Adam's running moments for each part of a network.
private struct AdamState {
    var first: [[Float]]
    var second: [[Float]]
    var steps = 0
    let beta1: Float = 0.9, beta2: Float = 0.999, epsilon: Float = 1e-8

    init(sizes: [Int]) {
        first = sizes.map { [Float](repeating: 0, count: $0) }
        second = first
    }

    mutating func step() { steps += 1 }

    mutating func update(_ values: inout [Float], _ gradient: [Float], part: Int, rate: Float, decay: Float) {
        let correction1 = 1 - pow(beta1, Float(steps)), correction2 = 1 - pow(beta2, Float(steps))
        let (beta1, beta2, epsilon) = (self.beta1, self.beta2, self.epsilon)
        first[part].withUnsafeMutableBufferPointer { m in
            second[part].withUnsafeMutableBufferPointer { v in
                for index in values.indices {
                    let g = gradient[index] + decay * values[index]
                    m[index] = beta1 * m[index] + (1 - beta1) * g
                    v[index] = beta2 * v[index] + (1 - beta2) * g * g
                    values[index] -= rate * (m[index] / correction1) / ((v[index] / correction2).squareRoot() + epsilon)
                }
            }
        }
    }
}
