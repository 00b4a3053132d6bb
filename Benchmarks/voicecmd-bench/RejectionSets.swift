import Foundation
import VoiceCommands

/// The labelled recordings of the rejection benchmark: which clips, decoded
/// with which model, and what each should be heard as.
enum RejectionSets {
    enum Role: String {
        /// Commands of the model: accepted, and accepted right.
        case inGrammar = "in-grammar"
        /// Speech that is no command of the model: any command is a false accept.
        case outOfGrammar = "out-of-grammar"
        /// No speech at all: commands counted, per hour of audio.
        case noise
    }

    /// What an in-grammar clip is: its intent and every labelled slot.
    struct Expected {
        var intent: String
        var slots: [String: String]
    }

    struct Clip {
        var name: String
        /// Results are counted per group: the set, or for noise the kind of noise.
        var group: String
        var samples: [Int16]
        var expected: Expected?
    }

    struct Plan {
        var name: String
        var role: Role
        var modelPath: String
        /// Files or folders without which the set is skipped.
        var needs: [String]
        var description: String
        /// The clips, and notes on what was left out.
        var clips: (CommandModel) throws -> (clips: [Clip], notes: [String])
    }

    struct Settings {
        var corpora: String
        var bench: String
        var miscModel: String
        var limit: Int?
        var padding: Double
        var noisePieces: Int
        var pieceSeconds: Double
        var noiseMinutes: Double
        var kitchenGains: [Double]
        var snrs: [Double] = [12, 6]
        /// make-other-speech.sh's recordings; their sets are left out when it has none.
        var otherSpeech = ".build/other-speech"
        var builtInModel = "Models/default.json"

        var kitchen: String { (corpora as NSString).appendingPathComponent("noise/kitchen.wav") }
        var baristaModel: String { (bench as NSString).appendingPathComponent("barista.json") }
        var homeModel: String { (bench as NSString).appendingPathComponent("home.json") }
        func corpus(_ name: String) -> String { (corpora as NSString).appendingPathComponent(name) }
    }

    /// Levels of the coloured noises, dB against full scale (RMS).
    static let noiseLevels: [Double] = [-60, -40, -20]

    static func plans(_ settings: Settings) -> [Plan] {
        let barista = settings.corpus("barista-dev"), misc = settings.corpus("misc-commands")
        let speech = settings.corpus("speech-commands"), wake = settings.corpus("wake-words")
        var plans: [Plan] = [
            Plan(name: "barista", role: .inGrammar, modelPath: settings.baristaModel, needs: [barista],
                 description: "barista-dev, barista.json, clean") { _ in
                (try labelled(barista, settings: settings, mixer: nil, snr: nil), [])
            },
        ]
        for snr in settings.snrs {
            plans.append(Plan(name: "barista-\(Int(snr))dB", role: .inGrammar, modelPath: settings.baristaModel,
                              needs: [barista, settings.kitchen],
                              description: "barista-dev, barista.json, kitchen at \(Int(snr)) dB SNR") { _ in
                var source = try AudioReaders.open(path: settings.kitchen)
                let mixer = NoiseMixer(noise: try AudioReaders.readAll(&source))
                return (try labelled(barista, settings: settings, mixer: mixer, snr: snr), [])
            })
        }
        plans += [
            Plan(name: "misc", role: .inGrammar, modelPath: settings.miscModel, needs: [misc],
                 description: "misc-commands, misc-commands.json") { model in
                try miscCommands(misc, model: model, settings: settings, negatives: false)
            },
            Plan(name: "speech/barista", role: .outOfGrammar, modelPath: settings.baristaModel, needs: [speech],
                 description: "speech-commands words, barista.json, padded") { _ in
                try padded(speech, settings: settings)
            },
            Plan(name: "speech/home", role: .outOfGrammar, modelPath: settings.homeModel, needs: [speech],
                 description: "speech-commands words, home.json, padded") { _ in
                try padded(speech, settings: settings)
            },
            Plan(name: "wake/barista", role: .outOfGrammar, modelPath: settings.baristaModel, needs: [wake],
                 description: "wake-words (alexa, snowboy), barista.json, padded") { _ in
                try padded(wake, settings: settings)
            },
            Plan(name: "wake/home", role: .outOfGrammar, modelPath: settings.homeModel, needs: [wake],
                 description: "wake-words (alexa, snowboy), home.json, padded") { _ in
                try padded(wake, settings: settings)
            },
            Plan(name: "barista/home", role: .outOfGrammar, modelPath: settings.homeModel, needs: [barista],
                 description: "barista-dev orders, home.json (no coffee intent)") { _ in
                (try labelled(barista, settings: settings, mixer: nil, snr: nil).map { clip in
                    var clip = clip
                    clip.expected = nil
                    return clip
                }, [])
            },
            Plan(name: "misc-negative", role: .outOfGrammar, modelPath: settings.miscModel, needs: [misc],
                 description: "misc-commands' out-of-context clip, misc-commands.json") { model in
                try miscCommands(misc, model: model, settings: settings, negatives: true)
            },
            Plan(name: "synthetic", role: .noise, modelPath: settings.homeModel, needs: [],
                 description: "white, pink, brown noise at \(noiseLevels.map { "\(Int($0))" }.joined(separator: ", ")) dBFS, "
                    + "random samples, dither; \(settings.noisePieces) × \(formatted(settings.pieceSeconds)) s each, home.json") { _ in
                (synthetic(settings), [])
            },
            Plan(name: "kitchen", role: .noise, modelPath: settings.homeModel, needs: [settings.kitchen],
                 description: "noise/kitchen.wav looped \(formatted(settings.noiseMinutes)) min at "
                    + settings.kitchenGains.map(gainName).joined(separator: ", ") + ", one stream each, home.json") { _ in
                try kitchen(settings)
            },
        ]
        plans += OtherSpeechSets.plans(folder: settings.otherSpeech, model: settings.builtInModel, kitchen: settings.kitchen, snr: 12,
                                       limit: settings.limit)
        return plans
    }

    /// Evenly spaced indices, `limit` of `count` (all when there are fewer).
    static func subset(_ count: Int, limit: Int?) -> [Int] {
        guard let limit, limit < count else { return Array(0..<count) }
        return (0..<limit).map { $0 * count / limit }
    }

    static func gainName(_ gain: Double) -> String { (gain < 0 ? "" : "+") + formatted(gain) + " dB" }

    static func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// A seed from a name that is the same in every process (unlike `hashValue`).
    static func seed(_ name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }

    /// Clips labelled with intent and slots; noise mixed in as `asr --noise --snr` mixes it.
    private static func labelled(_ corpus: String, settings: Settings, mixer: NoiseMixer?, snr: Double?) throws -> [Clip] {
        let manifest = try CorpusManifest(directory: corpus)
        let clips = ASRBenchmark.Clips(manifest: manifest, mixer: mixer, snr: snr)
        let name = (corpus as NSString).lastPathComponent
        return try subset(manifest.entries.count, limit: settings.limit).compactMap { index in
            let entry = manifest.entries[index]
            guard let intent = entry.intent else { return nil }
            return Clip(name: (entry.path as NSString).lastPathComponent, group: name, samples: try clips.samples(index),
                        expected: Expected(intent: intent, slots: entry.slots))
        }
    }

    /// Tightly cut clips with a noise floor before and after.
    private static func padded(_ corpus: String, settings: Settings) throws -> (clips: [Clip], notes: [String]) {
        let manifest = try CorpusManifest(directory: corpus)
        let read = CorpusManifest.readable(subset(manifest.entries.count, limit: settings.limit).map { manifest.entries[$0] })
        let clips = read.clips.map { entry, samples in
            let name = entry.path.dropFirst(corpus.count + 1)
            return Clip(name: String(name), group: "", samples: SyntheticNoise.padded(samples, seconds: settings.padding, seed: seed(entry.path)),
                        expected: nil)
        }
        return (clips, CorpusManifest.note(unreadable: read.unreadable).map { [$0] } ?? [])
    }

    /// misc-commands: a clip labelled with an intent is scored on it; one
    /// with only a transcript, on the command the model's matcher makes of
    /// that transcript; one labelled "(none…" is the negative; the rest
    /// (no command of the model) are left out.
    private static func miscCommands(_ corpus: String, model: CommandModel, settings: Settings,
                                     negatives: Bool) throws -> (clips: [Clip], notes: [String]) {
        let manifest = try CorpusManifest(directory: corpus)
        let matcher = Matcher(model: model)
        var chosen: [(CorpusManifest.Entry, Expected?)] = []
        var byTranscript = 0
        var left: [String] = []
        for entry in manifest.entries {
            let name = (entry.path as NSString).lastPathComponent
            if let intent = entry.intent, intent.hasPrefix("(none") {
                if negatives { chosen.append((entry, nil)) }
            } else if let intent = entry.intent {
                if !negatives { chosen.append((entry, Expected(intent: intent, slots: entry.slots))) }
            } else if !entry.transcript.isEmpty, let best = matcher.match(entry.transcript).best {
                var slots: [String: String] = [:]
                for argument in best.arguments {
                    switch argument.value {
                    case .enumCase(let id), .entity(let id): slots[argument.name] = id
                    default: slots[argument.name] = argument.text
                    }
                }
                if !negatives { chosen.append((entry, Expected(intent: best.intent, slots: slots))) }
                byTranscript += 1
            } else {
                left.append(name)
            }
        }
        let clips = try subset(chosen.count, limit: settings.limit).map { index in
            let (entry, expected) = chosen[index]
            var source = try AudioReaders.open(path: entry.path)
            return Clip(name: (entry.path as NSString).lastPathComponent, group: "", samples: try AudioReaders.readAll(&source),
                        expected: expected)
        }
        let notes = negatives ? [] : [
            "\(byTranscript) of the commands scored by the model's reading of their transcript"
                + (left.isEmpty ? "" : "; left out, no command of the model: " + left.joined(separator: ", ")),
        ]
        return (clips, notes)
    }

    static func syntheticKinds() -> [String] {
        SyntheticNoise.Colour.allCases.flatMap { colour in noiseLevels.map { "\(colour.rawValue) \(Int($0)) dBFS" } }
            + ["random samples", "dither ±2 LSB"]
    }

    private static func synthetic(_ settings: Settings) -> [Clip] {
        var clips: [Clip] = []
        for kind in syntheticKinds() {
            for piece in 1...settings.noisePieces {
                let seed = seed("\(kind) \(piece)")
                let samples: [Int16]
                if kind == "random samples" {
                    samples = SyntheticNoise.randomSamples(seconds: settings.pieceSeconds, seed: seed)
                } else if kind.hasPrefix("dither") {
                    samples = SyntheticNoise.dither(seconds: settings.pieceSeconds, seed: seed)
                } else {
                    let words = kind.split(separator: " ")
                    samples = SyntheticNoise.coloured(SyntheticNoise.Colour(rawValue: String(words[0]))!, seconds: settings.pieceSeconds,
                                                      level: Double(words[1])!, seed: seed)
                }
                clips.append(Clip(name: "\(kind) #\(piece)", group: kind, samples: samples, expected: nil))
            }
        }
        return clips
    }

    /// One long stream per gain, the same arrangement of the recording in each.
    private static func kitchen(_ settings: Settings) throws -> (clips: [Clip], notes: [String]) {
        var source = try AudioReaders.open(path: settings.kitchen)
        let recording = try AudioReaders.readAll(&source)
        var notes = [String(format: "the recording: %.0f s at %.1f dBFS", Double(recording.count) / Double(SyntheticNoise.rate),
                            SyntheticNoise.dBFS(recording))]
        var clips: [Clip] = []
        for gain in settings.kitchenGains {
            let (samples, clipped) = SyntheticNoise.looped(recording, seconds: settings.noiseMinutes * 60, gain: gain, seed: 2024)
            if clipped > 0 { notes.append(String(format: "at %@ %.2f %% of the samples clip", gainName(gain), clipped * 100)) }
            clips.append(Clip(name: "kitchen \(gainName(gain))", group: "kitchen \(gainName(gain))", samples: samples, expected: nil))
        }
        return (clips, notes)
    }
}
