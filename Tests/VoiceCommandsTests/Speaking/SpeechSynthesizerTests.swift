import Foundation
import Testing
import VoiceCommands

struct SpeechSynthesizerTests {
    static let hasEspeak = FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng")
    static let hasFlite = FileManager.default.isExecutableFile(atPath: "/usr/bin/flite")

    @Test func aMissingSynthesiserSaysWhatToInstall() {
        #expect(throws: SpeechError("cannot speak: espeak-ng is not installed (on Debian or Ubuntu: apt install espeak-ng)")) {
            try SpeechSynthesizer(.espeak(voice: nil), environment: ["PATH": "/nonexistent"])
        }
        #expect(throws: SpeechError("cannot speak: flite is not installed (on Debian or Ubuntu: apt install flite)")) {
            try SpeechSynthesizer(.flite(voice: "slt"), environment: ["PATH": "/nonexistent"])
        }
    }

    /// A voice is a name, never a flag or a path.
    @Test(arguments: ["--help", "../../etc/passwd", "slt voice", ""])
    func aVoiceIsOnlyAName(_ voice: String) {
        #expect(throws: SpeechError.self) { try SpeechSynthesizer(.flite(voice: voice)) }
    }

    /// Text that looks like flags or markup is spoken, not obeyed: it
    /// reaches the synthesiser on stdin or in a file, never as an argument.
    @Test(.enabled(if: hasEspeak, "espeak-ng is not installed"))
    func espeakSpeaksTextThatLooksLikeFlags() throws {
        let samples = try SpeechSynthesizer(.espeak(voice: nil)).synthesize("--help -w /tmp/x; rm -rf /")
        // Several seconds of speech at 16 kHz, not a usage message.
        #expect(samples.count > 16_000)
        #expect(samples.contains { abs(Int($0)) > 1_000 })
    }

    @Test(.enabled(if: hasFlite, "flite is not installed"))
    func fliteSpeaksWithTheVoiceNamed() throws {
        let samples = try SpeechSynthesizer(.flite(voice: "slt")).synthesize("-o /tmp/x Your timer is set.")
        #expect(samples.count > 16_000)
    }

    /// flite would speak with its default voice instead: the name is checked against its list.
    @Test(.enabled(if: hasFlite, "flite is not installed"))
    func anUnknownFliteVoiceIsAnError() throws {
        let error = try #require(throws: SpeechError.self) { try SpeechSynthesizer(.flite(voice: "nobody")) }
        #expect(error.message.hasPrefix("flite has no voice 'nobody' (its voices: "))
        #expect(error.message.contains("slt"))
    }
}
