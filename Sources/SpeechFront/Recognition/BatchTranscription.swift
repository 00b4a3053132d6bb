import Foundation
import PhraseMatcher

/// Many recordings through several recognisers at once, results kept in
/// file order; one bad file is an error for that file only.
public struct BatchTranscription: Sendable {
    public let model: CommandModel
    public let modelPath: String?
    public let options: CommandRecognizer.Options
    public let files: [String]
    public let jobs: Int

    public init(model: CommandModel, modelPath: String?, options: CommandRecognizer.Options, files: [String], jobs: Int) {
        self.model = model
        self.modelPath = modelPath
        self.options = options
        self.files = files
        self.jobs = max(1, jobs)
    }

    /// `fileDone` is called (from a worker thread) as each file finishes.
    public func run(fileDone: @escaping @Sendable (String) -> Void = { _ in }) throws(SpeechError) -> [Result<[Transcript], SpeechError>] {
        let results = ResultSlots(count: files.count)
        let workers = min(jobs, files.count)
        let next = Counter()
        // Each worker owns its recogniser: the decoder is not shared.
        let setupErrors = ResultSlots(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let recognizer: CommandRecognizer
            do throws(SpeechError) {
                recognizer = try CommandRecognizer(model: model, modelPath: modelPath, options: options)
            } catch {
                setupErrors.set(worker, .failure(error))
                return
            }
            while let index = next.take(below: files.count) {
                results.set(index, Self.transcribe(files[index], with: recognizer))
                fileDone(files[index])
            }
        }
        if case .failure(let error)? = setupErrors.values.compactMap({ $0 }).first { throw error }
        return results.values.map { $0 ?? .failure(SpeechError("not processed")) }
    }

    private static func transcribe(_ file: String, with recognizer: CommandRecognizer) -> Result<[Transcript], SpeechError> {
        do {
            var source = try AudioReaders.open(path: file)
            return .success(try recognizer.transcribe(&source))
        } catch let error as SpeechError {
            return .failure(error)
        } catch {
            return .failure(SpeechError(String(describing: error)))
        }
    }
}

/// Results written by several threads, each index once.
final class ResultSlots: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var slots: [Result<[Transcript], SpeechError>?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<[Transcript], SpeechError>) { lock.withLock { slots[index] = value } }
    var values: [Result<[Transcript], SpeechError>?] { lock.withLock { slots } }
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
