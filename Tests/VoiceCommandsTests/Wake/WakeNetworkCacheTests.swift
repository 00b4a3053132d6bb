import Foundation
import Testing
@testable import SpeechFront
@testable import VoiceCommands

struct WakeNetworkCacheTests {
    @Test func theCacheFolderFollowsTheEnvironment() {
        #expect(WakeNetworkCache.directory(environment: ["VOICECMD_WAKE_CACHE": "/srv/wake", "HOME": "/home/a"]) == "/srv/wake")
        #expect(WakeNetworkCache.directory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/home/a"]) == "/c/voicecmd/wake")
        #expect(WakeNetworkCache.directory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.cache/voicecmd/wake")
        #expect(WakeNetworkCache.directory(environment: ["HOME": "/home/a"]) == "/home/a/.cache/voicecmd/wake")
    }

    /// A phrase names its file, and no phrase can name one outside the folder.
    @Test func aPhraseNamesItsFile() throws {
        let environment = ["VOICECMD_WAKE_CACHE": "/srv/wake"]
        #expect(WakeNetworkCache.path(for: try WakePhrase("Hey  Computer"), environment: environment) == "/srv/wake/hey_computer.wakenet")
        #expect(WakeNetworkCache.path(for: try WakePhrase("o'brien-bot"), environment: environment) == "/srv/wake/o'brien-bot.wakenet")
        // One spelling of "é", whichever the user typed.
        #expect(WakeNetworkCache.path(for: try WakePhrase("caf\u{65}\u{301}"), environment: environment) == "/srv/wake/caf\u{e9}.wakenet")
        #expect(throws: SpeechError("the wake phrase can hold only words, not \"\\'\"")) { try WakePhrase("hey '") }
        #expect(throws: SpeechError("the wake phrase is longer than 60 characters")) { try WakePhrase(String(repeating: "hey ", count: 20)) }
    }

    @Test func aStoredNetworkIsFoundAndAnotherPhrasesIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-wake-cache-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["VOICECMD_WAKE_CACHE": folder]
        let phrase = try WakePhrase("alexa")
        #expect(try WakeNetworkCache.network(for: phrase, environment: environment) == nil)
        let network = WakeNetwork(phrase: "alexa", hiddenWidth: 2, seed: 1)
        let path = try WakeNetworkCache.store(network, for: phrase, environment: environment)
        #expect(try WakeNetworkCache.network(for: phrase, environment: environment) == network)
        try FileManager.default.moveItem(atPath: path, toPath: folder + "/jarvis.wakenet")
        #expect(throws: SpeechError("\(folder)/jarvis.wakenet was trained for \"alexa\", not \"jarvis\": train it again")) {
            try WakeNetworkCache.network(for: try WakePhrase("jarvis"), environment: environment)
        }
    }
}
