import Foundation
import VoiceCommands

/// Speech that is no command, in synthetic voices of several families
/// (Benchmarks/voices/make-other-speech.sh): everyday sentences and short
/// phrases near the commands (Benchmarks/sentences), said to the built-in
/// model. Each family is a set of its own, so that whatever is fitted is
/// judged family by family; a sentence is said by one voice of each family,
/// in turn, so every sentence is heard once a family.
enum OtherSpeechSets {
    struct Recording {
        var voice: String
        var family: String
        var set: String
        var path: String
        var text: String
    }

    /// The manifest's recordings, or nil when the folder has none.
    static func recordings(in folder: String) throws -> [Recording]? {
        let manifest = (folder as NSString).appendingPathComponent("other-speech.tsv")
        guard FileManager.default.fileExists(atPath: manifest) else { return nil }
        let lines = try String(contentsOfFile: manifest, encoding: .utf8).split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first, let voice = header.firstIndex(of: "voice"), let family = header.firstIndex(of: "family"),
              let set = header.firstIndex(of: "set"), let file = header.firstIndex(of: "file"), let text = header.firstIndex(of: "text") else {
            throw BenchError(message: "\(manifest): no voice, family, set, file and text columns")
        }
        let width = max(voice, family, set, file, text)
        return lines.dropFirst().filter { $0.count > width }.map {
            Recording(voice: $0[voice], family: $0[family], set: $0[set], path: (folder as NSString).appendingPathComponent($0[file]), text: $0[text])
        }
    }

    /// Families in the manifest's order.
    static func families(_ recordings: [Recording]) -> [String] {
        var names: [String] = []
        for recording in recordings where !names.contains(recording.family) { names.append(recording.family) }
        return names
    }

    /// `set`'s texts said by `family`, each by one of its voices in turn,
    /// `limit` of them evenly spaced; with noise mixed in when `mixer` is given.
    static func clips(_ recordings: [Recording], family: String, set: String, limit: Int?, mixer: NoiseMixer?, snr: Double?) throws -> [RejectionSets.Clip] {
        let ours = recordings.filter { $0.family == family && $0.set == set }
        var voices: [String] = []
        for recording in ours where !voices.contains(recording.voice) { voices.append(recording.voice) }
        var texts: [String] = []
        for recording in ours where !texts.contains(recording.text) { texts.append(recording.text) }
        return try RejectionSets.subset(texts.count, limit: limit).compactMap { index in
            let voice = voices[index % voices.count]
            guard let recording = ours.first(where: { $0.voice == voice && $0.text == texts[index] }) else { return nil }
            var source = try AudioReaders.open(path: recording.path)
            var samples = try AudioReaders.readAll(&source)
            if let mixer, let snr { samples = mixer.mix(samples, snr: snr, seed: Int(truncatingIfNeeded: RejectionSets.seed(recording.path))) }
            return RejectionSets.Clip(name: "\(voice): \(recording.text)", group: "", samples: samples, expected: nil)
        }
    }

    /// One set a family for everyday sentences quiet and in kitchen noise at
    /// `snr`, and for the phrases near commands; all said to `model`.
    static func plans(folder: String, model: String, kitchen: String, snr: Double, limit: Int?) -> [RejectionSets.Plan] {
        guard let recordings = try? recordings(in: folder) else { return [] }
        var plans: [RejectionSets.Plan] = []
        for family in families(recordings) {
            plans.append(RejectionSets.Plan(name: "everyday/\(family)", role: .outOfGrammar, modelPath: model, needs: [],
                                            description: "everyday sentences, \(family) voices, the built-in model") { _ in
                (try clips(recordings, family: family, set: "everyday", limit: limit, mixer: nil, snr: nil), [])
            })
            plans.append(RejectionSets.Plan(name: "everyday-\(Int(snr))dB/\(family)", role: .outOfGrammar, modelPath: model, needs: [kitchen],
                                            description: "everyday sentences, \(family) voices, kitchen at \(Int(snr)) dB, the built-in model") { _ in
                var source = try AudioReaders.open(path: kitchen)
                let mixer = NoiseMixer(noise: try AudioReaders.readAll(&source))
                return (try clips(recordings, family: family, set: "everyday", limit: limit, mixer: mixer, snr: snr), [])
            })
            plans.append(RejectionSets.Plan(name: "near/\(family)", role: .outOfGrammar, modelPath: model, needs: [],
                                            description: "phrases near commands, \(family) voices, the built-in model") { _ in
                (try clips(recordings, family: family, set: "near-commands", limit: limit, mixer: nil, snr: nil), [])
            })
        }
        return plans
    }
}
