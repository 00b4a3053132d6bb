import Foundation
import Testing
@testable import SpeechFront

struct WakeNetworkTests {
    /// Windows whose embeddings lean one way are told from windows leaning
    /// the other, after training: the trainer and the network agree.
    @Test func trainingSeparatesTwoKindsOfWindow() {
        var generator = SeededGenerator(seed: 5)
        func windows(_ count: Int, lean: Float) -> [Float] {
            (0..<(count * WakeNetwork.inputWidth)).map { index in generator.normal() + (index % 7 == 0 ? lean : 0) }
        }
        func embeddings(_ values: [Float]) -> [[Float]] {
            stride(from: 0, to: values.count, by: SpeechEmbedding.width).map { Array(values[$0..<($0 + SpeechEmbedding.width)]) }
        }
        // Each window a clip of its own, and one clip of many overlapping negative windows.
        var examples = WakeTrainingSet()
        for _ in 0..<40 {
            examples.add(embeddings(windows(1, lean: 0.5)), positiveEnds: [WakeNetwork.window - 1], negativeEnds: [])
        }
        let long = embeddings(windows(5, lean: -0.5))
        examples.add(long, positiveEnds: [], negativeEnds: Array(0..<long.count))
        #expect(examples.positives.count == 40 && examples.negatives.count == long.count - WakeNetwork.window + 1)
        var trainer = WakeNetworkTrainer()
        trainer.hiddenWidth = 8
        trainer.epochs = 40
        trainer.learningRate = 1e-2
        trainer.batchSize = 16
        var losses: [Double] = []
        let network = trainer.train(phrase: "hey computer", examples: examples) { losses.append($1) }
        #expect(losses.count == 40 && losses.last! < losses.first!)
        let test = windows(1, lean: 0.5), other = windows(1, lean: -0.5)
        func probability(_ window: [Float]) -> Double { network.probability(embeddings(window)[...]) }
        #expect(probability(test) > 0.9)
        #expect(probability(other) < 0.1)
    }

    @Test func aNetworkIsReadBackAsWritten() throws {
        let network = WakeNetwork(phrase: "alexa", hiddenWidth: 4, seed: 9)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-wakenet-\(getpid()).wakenet").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var recipe = network
        recipe.recipe = 2
        for network in [network, recipe] {
            try network.write(to: path)
            #expect(try WakeNetwork(contentsOf: path) == network)
        }
        // A file from before recipes were recorded is of the first.
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        var old = Data("voicecmd-wake-network 1\n{\"phrase\":\"alexa\",\"hidden\":4,\"embedding\":\"\(WakeNetwork.embeddingName)\"}\n".utf8)
        old.append(whole[(whole[24...].firstIndex(of: 10)! + 1)...])
        try old.write(to: URL(fileURLWithPath: path))
        #expect(try WakeNetwork(contentsOf: path) == network)
    }

    /// A cache file cut short, of another kind, or with weights that are
    /// not numbers is refused with the file and why.
    @Test func aDamagedFileIsRefused() throws {
        let network = WakeNetwork(phrase: "alexa", hiddenWidth: 4, seed: 9)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-wakenet-bad-\(getpid()).wakenet").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try network.write(to: path)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.dropLast(3).write(to: URL(fileURLWithPath: path))
        let weights = 4 * (4 * WakeNetwork.inputWidth + 9)
        #expect(throws: SpeechError("\(path) is cut short or damaged (\(weights - 3) bytes of weights, not \(weights))")) {
            try WakeNetwork(contentsOf: path)
        }
        try Data("{\"phrase\": 1}\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SpeechError("\(path) is not a voicecmd wake network")) { try WakeNetwork(contentsOf: path) }
        var nan = whole
        for index in (nan.count - 4)..<nan.count { nan[index] = 0xFF }
        try nan.write(to: URL(fileURLWithPath: path))
        #expect(throws: SpeechError("\(path) holds weights that are not numbers")) { try WakeNetwork(contentsOf: path) }
        #expect(throws: SpeechError("cannot read the wake network /nonexistent/x.wakenet: no such file")) {
            try WakeNetwork(contentsOf: "/nonexistent/x.wakenet")
        }
        // A hostile header: a phrase no one could have trained, with a terminal escape in it.
        var escaped = Data("voicecmd-wake-network 1\n{\"phrase\":\"a\\u001b[2J\",\"hidden\":4,\"embedding\":\"x\"}\n".utf8)
        escaped.append(whole[(whole[24...].firstIndex(of: 10)! + 1)...])
        try escaped.write(to: URL(fileURLWithPath: path))
        #expect(throws: SpeechError("\(path) names no wake phrase voicecmd could have trained")) { try WakeNetwork(contentsOf: path) }
    }

    /// A FIFO with no writer in the cache's place is refused at once, not waited on.
    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-wakenet-fifo-\(getpid()).wakenet").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: SpeechError("cannot read the wake network \(path): it is a FIFO (named pipe), not a file")) { try WakeNetwork(contentsOf: path) }
    }

    @Test func aProbabilityBecomesAThresholdScore() {
        #expect(WakeDetector.score(0) == 0)
        #expect(abs(WakeDetector.score(0.99) - 0.5) < 1e-9)
        #expect(abs(WakeDetector.score(0.999) - 0.75) < 1e-9)
        #expect(WakeDetector.score(0.99999) == 1)
        #expect(WakeDetector.score(1) == 1)
    }
}
