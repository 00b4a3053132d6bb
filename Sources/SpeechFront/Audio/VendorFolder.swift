import Foundation

/// Where the set-up step puts what it unpacks from pinned wheels
/// (.build/vendor), as paths beside the running binary: libraries loaded at
/// run time are looked for there first.
enum VendorFolder {
    /// `relative` (a path inside the vendor folder) in each place the folder
    /// may be from the running binary; none when the binary cannot be found.
    static func candidates(_ relative: String) -> [String] {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return [] }
        let directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // .build/debug is a link to .build/<triple>/debug; make install
        // puts the folder in <prefix>/lib/voicecmd/vendor.
        return ["../vendor", "../../vendor", "../lib/voicecmd/vendor"].map { directory.appendingPathComponent($0).appendingPathComponent(relative).standardized.path }
    }

    /// `relative`'s file name where an older install put it, in
    /// <prefix>/lib/voicecmd beside the binary's <prefix>/bin.
    static func installedCandidates(_ relative: String) -> [String] {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return [] }
        let directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        return [directory.appendingPathComponent("../lib/voicecmd").appendingPathComponent((relative as NSString).lastPathComponent).standardized.path]
    }

    /// What `make` builds from the first of `candidates` where `marker` (a
    /// path inside it) exists; when none can be used, why the first that
    /// existed failed, or `missing` when none existed.
    static func first<Loaded>(of candidates: [String], holding marker: String, missing: String,
                              _ make: (String) throws(SpeechError) -> Loaded) -> Result<Loaded, SpeechError> {
        var reasons: [String] = []
        for candidate in candidates {
            guard FileManager.default.fileExists(atPath: marker.isEmpty ? candidate : (candidate as NSString).appendingPathComponent(marker)) else {
                continue
            }
            do {
                return .success(try make(candidate))
            } catch {
                reasons.append(error.message)
            }
        }
        return .failure(SpeechError(reasons.first ?? missing))
    }

    /// The folders to load from: the one `$variable` names, alone, when it
    /// is set (so it can also turn the part off); else the set-up step's
    /// folder beside the running binary.
    static func folders(overriddenBy variable: String) -> [String] {
        if let folder = ProcessInfo.processInfo.environment[variable], !folder.isEmpty { return [folder] }
        return candidates("")
    }
}
