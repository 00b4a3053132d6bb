import Synchronization
import Testing
@testable import SpeechFront

/// A neural part that could not be set up is said once, to whoever the
/// application named, including what failed before it named one.
struct NeuralPartFailuresTests {
    @Test func eachFailureReachesTheReporterOnce() {
        let heard = Mutex<[String]>([])
        let first = "test failure before a reporter \(UInt64.random(in: 0...UInt64.max))"
        let second = "test failure after \(UInt64.random(in: 0...UInt64.max))"
        NeuralPartFailures.say(first)
        NeuralPartFailures.report { message in heard.withLock { $0.append(message) } }
        NeuralPartFailures.say(second)
        NeuralPartFailures.say(second)
        NeuralPartFailures.say(first)
        let said = heard.withLock { $0 }.filter { $0 == first || $0 == second }
        #expect(said == [first, second])
    }
}
