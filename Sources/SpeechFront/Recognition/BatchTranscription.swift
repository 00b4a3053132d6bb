import Foundation
import Synchronization
import PhraseMatcher

/// Many recordings through several recognisers at once, results kept in
/// file order; one bad file is an error for that file only.
public struct BatchTranscription: Sendable {
    /// The command model the recordings are heard against.
    public let model: CommandModel
    /// The model's matcher, shared by every worker.
    public let matcher: Matcher
    /// The model's file, whose `.dict` beside it adds pronunciations; nil for
    /// a model without a file (the built-in one).
    public let modelPath: String?
    /// How each worker's recogniser is set up.
    public let options: CommandRecognizer.Options
    /// The recordings, in the order their results are delivered.
    public let files: [String]
    /// Recognisers working at once, at least 1.
    public let jobs: Int

    /// `matcher` is the model's when the caller has one compiled already.
    public init(model: CommandModel, matcher: Matcher? = nil, modelPath: String?, options: CommandRecognizer.Options, files: [String], jobs: Int) {
        self.model = model
        self.matcher = matcher ?? Matcher(model: model)
        self.modelPath = modelPath
        self.options = options
        self.files = files
        self.jobs = max(1, jobs)
    }

    /// One file's transcripts, one per utterance, or why it could not be recognised.
    public typealias FileResult = Result<[Transcript], SpeechError>

    /// `fileDone` is called (from a worker thread) as each file finishes;
    /// `deliver` once per file, in file order, as soon as that file and every
    /// one before it are done (one call at a time, from whichever worker
    /// finished last), so a run cut short keeps what it delivered.
    /// `deliver` returning false stops the batch: files not yet started are
    /// not recognised.
    public func run(fileDone: @escaping @Sendable (String) -> Void = { _ in },
                    deliver: @escaping @Sendable (Int, FileResult) -> Bool) throws(SpeechError) {
        let results = OrderedResults(deliver: deliver)
        let workers = min(jobs, files.count)
        let next = Counter()
        // Each worker owns its recogniser: the decoder is not shared.
        let setupErrors = SetupErrors()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let recognizer: CommandRecognizer
            do throws(SpeechError) {
                recognizer = try CommandRecognizer(model: model, matcher: matcher, modelPath: modelPath, options: options)
            } catch {
                setupErrors.add(error)
                return
            }
            while !results.stopped, !setupErrors.any, let index = next.take(below: files.count) {
                let result = Self.transcribe(files[index], with: recognizer)
                fileDone(files[index])
                results.set(index, result)
            }
        }
        if let error = setupErrors.first { throw error }
    }

    private static func transcribe(_ file: String, with recognizer: CommandRecognizer) -> Result<[Transcript], SpeechError> {
        do throws(SpeechError) {
            var source = try AudioReaders.open(path: file)
            return .success(try recognizer.transcribe(&source))
        } catch {
            return .failure(error)
        }
    }
}

/// Results set by several threads, each index once, handed on in index
/// order as soon as the ones before them are in. `deliver` is called
/// under the lock, which keeps deliveries one at a time and in order.
final class OrderedResults: Sendable {
    private struct State {
        var pending: [Int: BatchTranscription.FileResult] = [:]
        var nextToDeliver = 0
        var isStopped = false
    }
    private let state = Mutex(State())
    private let deliver: @Sendable (Int, BatchTranscription.FileResult) -> Bool

    init(deliver: @escaping @Sendable (Int, BatchTranscription.FileResult) -> Bool) {
        self.deliver = deliver
    }

    func set(_ index: Int, _ value: BatchTranscription.FileResult) {
        state.withLock { state in
            state.pending[index] = value
            while !state.isStopped, let ready = state.pending.removeValue(forKey: state.nextToDeliver) {
                if !deliver(state.nextToDeliver, ready) { state.isStopped = true }
                state.nextToDeliver += 1
            }
        }
    }

    var stopped: Bool { state.withLock { $0.isStopped } }
}

/// The first recogniser that could not be made stops the others.
final class SetupErrors: Sendable {
    private let errors = Mutex<[SpeechError]>([])
    func add(_ error: SpeechError) { errors.withLock { $0.append(error) } }
    var any: Bool { errors.withLock { !$0.isEmpty } }
    var first: SpeechError? { errors.withLock { $0.first } }
}

/// Hands out file indexes to workers.
final class Counter: Sendable {
    private let value = Mutex(0)
    func take(below limit: Int) -> Int? {
        value.withLock { value in
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}
