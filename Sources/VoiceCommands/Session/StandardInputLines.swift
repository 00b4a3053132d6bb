import Foundation

/// Lines of standard input, read on a thread of their own so that waiting
/// for one can time out. @unchecked Sendable: fields guarded by `condition`.
public final class StandardInputLines: @unchecked Sendable {
    /// Nothing is read until the first `next`.
    public init() {}

    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false
    private var started = false

    /// The next non-blank line; nil at the end of input or after `timeout` seconds.
    public func next(timeout: Double) -> String? {
        condition.lock()
        defer { condition.unlock() }
        if !started {
            started = true
            // Plain reads, not readLine: a thread blocked inside stdio holds
            // stdin's lock, and exit() would wait for it.
            Thread.detachNewThread { [self] in
                var buffer = LineBuffer()
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    var count = read(0, &chunk, chunk.count)
                    while count < 0 && errno == EINTR { count = read(0, &chunk, chunk.count) }
                    // A closed or unreadable stdin is the end of the answers.
                    let data = count > 0 ? Data(chunk[0..<count]) : Data()
                    condition.lock()
                    if data.isEmpty {
                        if let last = buffer.finish() { lines.append(last) }
                        ended = true
                    } else {
                        lines += buffer.append(data)
                    }
                    condition.signal()
                    condition.unlock()
                    if data.isEmpty { break }
                }
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            while let line = lines.first {
                lines.removeFirst()
                if !line.allSatisfy(\.isWhitespace) { return line.hasSuffix("\r") ? String(line.dropLast()) : line }
            }
            if ended { return nil }
            if !condition.wait(until: deadline) { return nil }
        }
    }
}
