import Foundation
import VoiceCommands

/// Many recordings through several recognisers at once, results kept in
/// file order; one bad file is an error for that file only.
struct TranscriptionBatch {
    let model: CommandModel
    let modelPath: String?
    let options: CommandRecognizer.Options
    let files: [String]
    let jobs: Int

    func run() throws -> [Result<[Transcript], ToolFailure>] {
        let results = ResultSlots(count: files.count)
        let workers = min(jobs, files.count)
        let next = Counter()
        let progress = Progress(total: files.count)
        // Each worker owns its recogniser: the decoder is not shared.
        let setupErrors = ResultSlots(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let recognizer: CommandRecognizer
            do {
                recognizer = try CommandRecognizer(model: model, modelPath: modelPath, options: options)
            } catch {
                setupErrors.set(worker, .failure(ToolFailure(message: String(describing: error))))
                return
            }
            while let index = next.take(below: files.count) {
                results.set(index, Self.transcribe(files[index], with: recognizer))
                progress.advance(file: files[index])
            }
        }
        progress.finish()
        if case .failure(let error)? = setupErrors.values.compactMap({ $0 }).first { throw error }
        return results.values.map { $0 ?? .failure(ToolFailure(message: "not processed")) }
    }

    private static func transcribe(_ file: String, with recognizer: CommandRecognizer) -> Result<[Transcript], ToolFailure> {
        do {
            var source = try AudioReaders.open(path: file)
            return .success(try recognizer.transcribe(&source))
        } catch {
            return .failure(ToolFailure(message: String(describing: error)))
        }
    }
}

/// Results written by several threads, each index once.
final class ResultSlots: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var slots: [Result<[Transcript], ToolFailure>?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<[Transcript], ToolFailure>) { lock.withLock { slots[index] = value } }
    var values: [Result<[Transcript], ToolFailure>?] { lock.withLock { slots } }
}

/// Hands out file indexes to workers.
final class Counter: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var value = 0
    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}

/// "3/10 clip.wav" on standard error, rewritten in place, when it is a terminal.
final class Progress: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private let total: Int
    private var done = 0
    private let enabled: Bool

    init(total: Int) {
        self.total = total
        enabled = total > 1 && isatty(STDERR_FILENO) == 1
    }

    func advance(file: String) {
        guard enabled else { return }
        lock.withLock {
            done += 1
            FileHandle.standardError.write(Data("\r\u{1B}[K\(done)/\(total) \(file)".utf8))
        }
    }

    func finish() {
        if enabled { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
