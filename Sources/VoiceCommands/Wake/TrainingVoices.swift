import Foundation
import SpeechFront

/// The synthetic voices a wake detector is trained with: espeak-ng's
/// English accents crossed with its voice variants (about a hundred: men,
/// women, children, whispers, old voices, robots), and flite's voices, which
/// are recordings of real people (kal, awb, rms, slt). espeak-ng is needed;
/// flite is used when installed.
struct TrainingVoices: Sendable {
    let accents: [String]
    let variants: [String]
    let fliteVoices: [String]

    static let englishAccents = ["en-us", "en", "en-gb-x-rp", "en-gb-scotland", "en-029", "en-gb-x-gbclan", "en-gb-x-gbcwmd"]
    static let fliteNames = ["kal", "awb", "rms", "slt"]

    var summary: String {
        "espeak-ng \(accents.count) accents × \(variants.count + 1) variants" + (fliteVoices.isEmpty ? "" : ", flite \(fliteVoices.joined(separator: " "))")
    }

    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(SpeechError) {
        guard case .found(let espeak) = ProgramRunner.locate("espeak-ng", path: environment["PATH"]) else {
            throw SpeechError("training a wake detector needs espeak-ng (on Debian or Ubuntu: apt install espeak-ng)")
        }
        // "Pty Language Age/Gender VoiceName File …", the file "!v/m1".
        var variants: [String] = []
        _ = ProgramRunner.run([espeak, "--voices=variant"], input: Data(), environment: environment, timeout: 10) { line in
            let fields = line.split(separator: " ")
            if fields.count >= 5, fields[4].hasPrefix("!v/") {
                let name = String(fields[4].dropFirst(3))
                if name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) { variants.append(name) }
            }
        }
        self.accents = Self.englishAccents
        self.variants = variants
        var fliteVoices: [String] = []
        if case .found = ProgramRunner.locate("flite", path: environment["PATH"]) {
            fliteVoices = Self.fliteNames.filter { (try? SpeechSynthesizer(.flite(voice: $0), environment: environment)) != nil }
        }
        self.fliteVoices = fliteVoices
    }

    /// A voice drawn at random: a third of the time one of flite's, when
    /// there are any; a speed from 0.65 to 1.3 of its usual, and for espeak-ng
    /// a pitch from 10 to 90.
    func random(using generator: inout SeededGenerator) throws(SpeechError) -> SpeechSynthesizer {
        var synthesizer: SpeechSynthesizer
        if !fliteVoices.isEmpty, Double.random(in: 0..<1, using: &generator) < 0.33 {
            synthesizer = try SpeechSynthesizer(.flite(voice: fliteVoices.randomElement(using: &generator)!), checkingVoice: false)
        } else {
            let accent = accents.randomElement(using: &generator)!
            let variant = Int.random(in: 0...variants.count, using: &generator)
            synthesizer = try SpeechSynthesizer(.espeak(voice: variant == variants.count ? accent : accent + "+" + variants[variant]))
            synthesizer.pitch = Int.random(in: 10...90, using: &generator)
        }
        synthesizer.speed = Double.random(in: 0.65...1.3, using: &generator)
        return synthesizer
    }
}
