// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "voicecmd",
    products: [
        .library(name: "PhraseMatcher", targets: ["PhraseMatcher"]),
        .library(name: "SpeechFront", targets: ["SpeechFront"]),
        .library(name: "VoiceCommands", targets: ["VoiceCommands"]),
        .executable(name: "voicecmd", targets: ["voicecmd"]),
        .executable(name: "voicecmd-bench", targets: ["voicecmd-bench"]),
    ],
    targets: [
        // Debian's PocketSphinx 0.8+5prealpha and sphinxbase, found through pkg-config.
        .systemLibrary(
            name: "CPocketSphinx",
            pkgConfig: "pocketsphinx",
            providers: [.apt(["libpocketsphinx-dev", "libsphinxbase-dev", "pocketsphinx-en-us"])]
        ),
        // The audio C libraries: libsndfile (files), libsamplerate (rates),
        // libpulse (microphones).
        .systemLibrary(
            name: "CAudio",
            pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev", "libsamplerate0-dev", "libpulse-dev"])]
        ),
        // The layout of sherpa-onnx's voice-activity C API (Silero VAD),
        // which SpeechFront loads at run time: a header, nothing linked.
        .systemLibrary(name: "CSherpaOnnx"),
        // A SIGBUS handler for mapped weights cut short under a running
        // process: a header, nothing linked.
        .systemLibrary(name: "CMappedFiles"),
        // flite's CMU lexicon and letter-to-sound rules (no pkg-config file).
        .systemLibrary(
            name: "CFlite",
            providers: [.apt(["flite1-dev"])]
        ),
        // The built-in default command model, embedded in the binary so every
        // subcommand works without a model file.
        .target(
            name: "DefaultModels",
            path: "Models",
            exclude: ["README.md", "examples/courier.json"],
            sources: ["DefaultModels.swift"],
            // The sample models are `voicecmd init`'s templates too.
            resources: [.embedInCode("default.json"), .embedInCode("default.dict")]
                + ["music-player", "smart-home", "timers-alarms", "messaging", "coffee-maker"].flatMap { name in
                    [Resource.embedInCode("examples/\(name).json"), .embedInCode("examples/\(name).cases.tsv")]
                }
                + [.embedInCode("examples/songs.json"), .embedInCode("examples/handler.sh")]
        ),
        .target(name: "PhraseMatcher"),
        .target(
            name: "SpeechFront",
            dependencies: ["PhraseMatcher", "CPocketSphinx", "CAudio", "CFlite", "CSherpaOnnx", "CMappedFiles"]
        ),
        // The facade an application imports: the resolve/confirm/handle
        // pipeline, handlers and their process runner, and the voice session.
        .target(
            name: "VoiceCommands",
            dependencies: ["PhraseMatcher", "SpeechFront"]
        ),
        // They import VoiceCommands alone (it re-exports the two layers
        // below); the layers are listed too so that a change to them rebuilds
        // the tools (the build does not follow re-exports on its own).
        .executableTarget(
            name: "voicecmd",
            dependencies: ["VoiceCommands", "PhraseMatcher", "SpeechFront", "DefaultModels"]
        ),
        .executableTarget(
            name: "voicecmd-bench",
            dependencies: ["VoiceCommands", "PhraseMatcher", "SpeechFront", "DefaultModels"],
            path: "Benchmarks/voicecmd-bench"
        ),
        .testTarget(
            name: "PhraseMatcherTests",
            dependencies: ["PhraseMatcher", "DefaultModels"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SpeechFrontTests",
            dependencies: ["SpeechFront", "PhraseMatcher", "DefaultModels"],
            resources: [.copy("Fixtures")]
        ),
        // The layers below are listed for the same reason as for the tools:
        // without them a change of a PhraseMatcher type's layout left these
        // tests compiled against the old one.
        .testTarget(
            name: "VoiceCommandsTests",
            dependencies: ["VoiceCommands", "PhraseMatcher", "SpeechFront", "DefaultModels"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "voicecmdTests",
            dependencies: ["voicecmd"],
            exclude: ["Golden", "Fixtures"]
        ),
    ]
)
