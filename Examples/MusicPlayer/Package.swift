// swift-tools-version:6.2
// The embedding example as an application would have it: a package of its
// own that depends on voicecmd by path and sees its public API alone.
import PackageDescription

let package = Package(
    name: "MusicPlayer",
    dependencies: [.package(name: "voicecmd", path: "../..")],
    targets: [
        .executableTarget(
            name: "music-player",
            dependencies: [.product(name: "VoiceCommands", package: "voicecmd")],
            path: ".",
            exclude: ["make-clip.sh", "play-song.flac", "expected-output.txt"],
            sources: ["main.swift"]
        ),
    ]
)
