import Foundation
import VoiceCommands

/// The rejection benchmark's one contact with the recogniser: samples of a
/// clip in, each utterance heard out as its confidence and the command it
/// matched, with the CPU time the decoding took. Should the recogniser's
/// API change, this file is what changes.
struct RecognizerProbe {
    struct Heard {
        var confidence: Double
        /// Nil when the words fit no command.
        var command: Match?
    }

    struct Hearing {
        var heard: [Heard]
        /// CPU time of the whole process while decoding, and the wall clock.
        var cpuSeconds: Double
        var wallSeconds: Double
    }

    private let recognizer: CommandRecognizer

    /// `minimumConfidence` 0 rejects nothing for its confidence: thresholds
    /// are then applied to what was heard afterwards.
    init(model: CommandModel, modelPath: String, minimumConfidence: Double, denoise: DenoiseMode) throws {
        var options = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        options.mode = .auto
        options.minimumConfidence = minimumConfidence
        options.utterances.denoising.mode = denoise
        recognizer = try CommandRecognizer(model: model, modelPath: modelPath, options: options)
    }

    /// The threshold the recogniser uses unless told otherwise: its fitted
    /// model's, with the second opinion when Moonshine is installed.
    static func defaultThreshold() throws -> Double {
        CommandRecognizer.Options.defaultMinimumConfidence(withSecondOpinion: CommandRecognizer.secondOpinionUnavailableReason == nil)
    }

    func hear(_ samples: [Int16]) throws -> Hearing {
        var source: any AudioReader = SampleBufferReader(samples: samples)
        let cpuStart = Self.processCPUSeconds(), wallStart = nanoseconds()
        let transcripts = try recognizer.transcribe(&source)
        let cpu = Self.processCPUSeconds() - cpuStart, wall = Double(nanoseconds() - wallStart) / 1e9
        return Hearing(heard: transcripts.map { Heard(confidence: $0.confidence, command: $0.match?.best) },
                       cpuSeconds: cpu, wallSeconds: wall)
    }

    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
