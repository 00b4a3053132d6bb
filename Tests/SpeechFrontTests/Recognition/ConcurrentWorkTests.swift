import Foundation
import Testing
@testable import SpeechFront

struct ConcurrentWorkTests {
    @Test func givesTheWorksResultRunOnAnotherThreadOnceWaitedFor() {
        let caller = Thread.current
        let work = ConcurrentWork { () -> (sum: Int, onCaller: Bool) in
            ((1...1000).reduce(0, +), Thread.current == caller)
        }
        let result = work.wait()
        #expect(result.sum == 500_500)
        #expect(!result.onCaller)
        // Waiting again gives the same result without blocking.
        #expect(work.wait().sum == 500_500)
    }
}
