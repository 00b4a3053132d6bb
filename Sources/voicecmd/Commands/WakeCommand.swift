import Foundation
import VoiceCommands

/// `voicecmd wake train "hey computer"`: trains the phrase's wake detector
/// from synthetic speech and keeps it where `listen --wake` finds it.
enum WakeCommand: Subcommand {
    static let spec = CommandSpec(
        name: "wake",
        abstract: "Train a wake phrase's detector.",
        discussion: """
            voicecmd wake train "hey computer" makes the phrase's detector from synthetic speech (espeak-ng's and flite's \
            voices, in noise and echo, against words that sound like it) and keeps it in ~/.cache/voicecmd/wake \
            ($VOICECMD_WAKE_CACHE or $XDG_CACHE_HOME to change it); listen --wake "hey computer" then uses it. It takes \
            about 15 CPU-minutes, under 15 minutes on two cores. Without a trained detector the wake phrase is still heard, with more false wakes.
            """,
        positionals: [.init(name: "action", help: "train.", isRepeating: false, isOptional: false),
                      .init(name: "phrase", help: "The wake phrase.", isRepeating: true, isOptional: false)],
        options: [.init(name: "clips", short: nil, valueName: "count",
                        help: "Synthetic recordings of the phrase, and as many of other speech and noise. Default: 3000."),
                  .init(name: "output", short: "o", valueName: "file",
                        help: "Write the detector here instead of the cache."),
                  .init(name: "unless-trained", short: nil, valueName: nil,
                        help: "Do nothing when the cache already has a detector for the phrase made by this version's training.")]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.positionals[0] == "train" else {
            throw UsageError(message: "'\(arguments.positionals[0])' is not a wake action; use train", command: spec)
        }
        let text = arguments.positionals.dropFirst().joined(separator: " ")
        let phrase: WakePhrase
        do { phrase = try WakePhrase(text) } catch { throw UsageError(message: error.message, command: spec) }
        var training = WakeDetectorTraining(phrase: phrase)
        if arguments.value("clips") != nil {
            // Each clip's embeddings are kept for training: about 0.3 GB at the most.
            let count = try WholeNumberOption.value(arguments, spec, "clips", default: 0, in: 100...10_000)
            training.phraseClips = count
            training.otherClips = count
        }
        if arguments.has("unless-trained"), arguments.value("output") == nil, let cached = try? WakeNetworkCache.network(for: phrase),
           cached.recipe >= WakeDetectorTraining.recipe {
            StandardOutput.write(WakeNetworkCache.path(for: phrase))
            return 0
        }
        if let reason = SpeechEmbedding.unavailableReason { throw ToolFailure(message: "cannot train a wake detector: \(reason)") }
        // Said before the training's minutes, not after them.
        if let output = arguments.value("output") {
            do {
                try FileReplacement.requireWritable(output)
            } catch {
                throw ToolFailure(message: "cannot write the detector to \(output): \(error.reason)")
            }
        } else {
            try WakeNetworkCache.requireStorable(for: phrase)
        }
        let files = try SpeechModelFiles.locate()
        let started = Date()
        let network = try training.run(dictionary: files.dictionary) { line in printError(line) }
        let path: String
        if let output = arguments.value("output") {
            try network.write(to: output)
            path = output
        } else {
            path = try WakeNetworkCache.store(network, for: phrase)
        }
        printError(String(format: "trained in %.0f s", Date().timeIntervalSince(started)))
        StandardOutput.write(path)
        return 0
    }
}
