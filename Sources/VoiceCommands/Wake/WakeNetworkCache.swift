import Foundation
import SpeechFront

/// Where trained wake detectors are kept: one file per phrase in
/// `$VOICECMD_WAKE_CACHE`, else `$XDG_CACHE_HOME/voicecmd/wake`, else
/// `~/.cache/voicecmd/wake`. A listener finds a phrase's detector there
/// by the phrase alone.
package enum WakeNetworkCache {
    package static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment["VOICECMD_WAKE_CACHE"], !folder.isEmpty { return folder }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/voicecmd/wake" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/voicecmd/wake"
    }

    /// The file of `phrase`'s detector: its words joined by "_" (each
    /// holds a letter, and only letters, apostrophes and hyphens, so no name
    /// can leave the folder or hide in it).
    package static func path(for phrase: WakePhrase, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let name = phrase.words.joined(separator: "_")
        return directory(environment: environment) + "/" + name + ".wakenet"
    }

    /// `phrase`'s trained detector, or nil when none was trained; throws
    /// when the file is there but cannot be used.
    package static func network(for phrase: WakePhrase,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws(SpeechError) -> WakeNetwork? {
        let path = path(for: phrase, environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let network = try WakeNetwork(contentsOf: path)
        guard network.phrase == phrase.text else {
            throw SpeechError("\(path) was trained for \"\(network.phrase)\", not \"\(phrase.text)\": train it again")
        }
        return network
    }

    /// Keeps `network` where `network(for:)` finds it; returns the path.
    @discardableResult
    package static func store(_ network: WakeNetwork, for phrase: WakePhrase,
                             environment: [String: String] = ProcessInfo.processInfo.environment) throws(SpeechError) -> String {
        let path = path(for: phrase, environment: environment)
        do {
            try FileManager.default.createDirectory(atPath: directory(environment: environment), withIntermediateDirectories: true)
        } catch {
            throw SpeechError("cannot make the wake detector folder \(directory(environment: environment)): \(error.localizedDescription)")
        }
        try network.write(to: path)
        return path
    }
}
