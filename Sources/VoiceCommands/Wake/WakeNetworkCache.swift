import Foundation
import PhraseMatcher
import SpeechFront

/// Where trained wake detectors are kept: one file per phrase in
/// `$VOICECMD_WAKE_CACHE`, else `$XDG_CACHE_HOME/voicecmd/wake`, else
/// `~/.cache/voicecmd/wake`. A listener finds a phrase's detector there
/// by the phrase alone.
package enum WakeNetworkCache {
    package static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment["VOICECMD_WAKE_CACHE"], !folder.isEmpty { return folder }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/voicecmd/wake" }
        return HomeFolder.path(environment: environment) + "/.cache/voicecmd/wake"
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

    /// `phrase`'s trained detector when one is there and usable. A damaged
    /// one is set aside (renamed `….damaged`, so it is not tried again and
    /// can be looked at) and said in `problem`: the phrase is then heard
    /// without it, as if none had been trained.
    package static func usableNetwork(for phrase: WakePhrase, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> (network: WakeNetwork?, problem: String?) {
        do {
            return (try network(for: phrase, environment: environment), nil)
        } catch {
            let path = path(for: phrase, environment: environment)
            // Only a file that was read and found wrong is set aside (not
            // one that could not be opened), never over an earlier one.
            var aside = path + ".damaged"
            var number = 1
            while FileManager.default.fileExists(atPath: aside), number < 100 {
                aside = path + ".damaged.\(number)"
                number += 1
            }
            var status = stat()
            let readable = lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, R_OK) == 0
            let moved = readable && !FileManager.default.fileExists(atPath: aside) && rename(path, aside) == 0
            return (nil, "the wake detector \(path) cannot be used (\(error.message))"
                    + (moved ? "; it was set aside as \(aside)" : "") + "; listening without it. "
                    + "Make it again with: voicecmd wake train \(phrase.text)")
        }
    }

    /// Throws, before a training's minutes, what would keep its detector
    /// from being kept for `phrase` (the folder made if missing).
    package static func requireStorable(for phrase: WakePhrase,
                                        environment: [String: String] = ProcessInfo.processInfo.environment) throws(SpeechError) {
        do {
            try FolderCreation.make(directory(environment: environment))
        } catch {
            throw SpeechError("cannot make the wake detector folder \(directory(environment: environment)): \(error.reason)")
        }
        do {
            try FileReplacement.requireWritable(path(for: phrase, environment: environment))
        } catch {
            throw SpeechError("cannot keep the wake detector at \(path(for: phrase, environment: environment)): \(error.reason)")
        }
    }

    /// Keeps `network` where `network(for:)` finds it; returns the path.
    @discardableResult
    package static func store(_ network: WakeNetwork, for phrase: WakePhrase,
                             environment: [String: String] = ProcessInfo.processInfo.environment) throws(SpeechError) -> String {
        let path = path(for: phrase, environment: environment)
        do {
            try FolderCreation.make(directory(environment: environment))
        } catch {
            throw SpeechError("cannot make the wake detector folder \(directory(environment: environment)): \(error.reason)")
        }
        try network.write(to: path)
        return path
    }
}
