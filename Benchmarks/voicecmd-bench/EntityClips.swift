import Foundation
import VoiceCommands

/// Spoken commands to an address book, for `entities`: twenty contacts
/// among the first thousand (so every book holds them), each said by
/// espeak-ng and by flite (and, with `--more-voices`, by seven more voices
/// of three synthesisers), made once into a folder. Heard by the
/// recogniser of a book, each is right (its intent and contact), asked
/// which (a disambiguation offering its contact among a few), wrong
/// (another command acted on, or offered: what nobody said) or not taken.
struct EntityClips {
    struct Clip {
        var path: String
        var voice: String
        var expected: AddressBook.Sentence
    }

    /// A synthetic voice: its id (its clips' names begin with it) and the
    /// programs that say a text (also in the file `path`.txt) into a
    /// 16 kHz recording at `path`.
    struct Voice: Sendable {
        var id: String
        var commands: @Sendable (_ text: String, _ path: String) -> [[String]]

        static func espeak(_ id: String, _ voice: String) -> Voice {
            Voice(id: id) { text, path in [["espeak-ng", "-v", voice, "-s", "150", "-w", path, text]] }
        }

        static func flite(_ id: String, _ voice: String) -> Voice {
            Voice(id: id) { text, path in [["flite", "-voice", voice, "-t", text, "-o", path]] }
        }

        /// Festival reads the text from a file and speaks at its voice's
        /// rate (32 kHz for HTS voices): resampled by sox.
        static func festival(_ id: String, _ voice: String) -> Voice {
            Voice(id: id) { text, path in
                [["text2wave", "-eval", "(\(voice))", "-o", path + ".raw.wav", path + ".txt"],
                 ["sox", path + ".raw.wav", "-r", "16000", "-c", "1", "-b", "16", path],
                 ["rm", "-f", path + ".raw.wav"]]
            }
        }

        /// The standard voices, and the seven more when `more`.
        static func chosen(more: Bool) -> [Voice] { standard + (more ? Self.more : []) }

        /// The two voices of the issue's test (their clips named as before).
        static let standard = [espeak("espeak-ng", "en-us"), flite("flite", "slt")]
        /// Seven more: espeak-ng's British voice and two variants, flite's
        /// rms and awb, festival's HTS slt (a statistical voice, not
        /// formants or diphones) and ked (diphones).
        static let more = [espeak("espeak-ng-en-gb", "en-gb"), espeak("espeak-ng-m3", "en-us+m3"), espeak("espeak-ng-f3", "en-us+f3"),
                           flite("flite-rms", "rms"), flite("flite-awb", "awb"),
                           festival("festival-slt-hts", "voice_cmu_us_slt_arctic_hts"), festival("festival-ked", "voice_ked_diphone")]
    }

    let folder: String
    var voices = Voice.standard
    var secondOpinionOff = false
    /// Lists longer than this are heard as classes (the recogniser's default when nil).
    var classAbove: Int?
    /// Lists longer than this are heard as halves (the recogniser's default when nil).
    var halvesAbove: Int?
    /// PocketSphinx settings of the class search to try ("beam=1e-60,…"; the recogniser's when nil).
    var classSearch: String?
    /// Speech that is no command of the book, and noise (the rejection
    /// benchmark's sets, by group): any command taken from them is acted on
    /// though nobody said it.
    var notCommands: [(group: String, clips: [RejectionSets.Clip])] = []
    /// Clips of one group of other speech shown when taken for a command.
    static let takenShownPerGroup = 10
    /// The contact added while listening, and the clips that call them.
    static let newcomer = Entity(id: "newcomer", name: "Zelda Fitzpatrick")
    var newcomerClips: [Clip] {
        Voice.standard.map(\.id).map { voice in
            Clip(path: "\(folder)/\(voice)-newcomer.wav", voice: voice,
                 expected: AddressBook.Sentence(text: "call zelda fitzpatrick", intent: "Call", contact: "newcomer"))
        }
    }

    var clips: [Clip] {
        (0..<20).flatMap { number -> [Clip] in
            let contact = number * 47 % 1000
            let name = AddressBook.name(contact).lowercased()
            let sentence = number % 2 == 0
                ? AddressBook.Sentence(text: "call \(name)", intent: "Call", contact: "c\(contact)")
                : AddressBook.Sentence(text: "send a message to \(name)", intent: "SendMessage", contact: "c\(contact)")
            return voices.map { Clip(path: "\(folder)/\($0.id)-\(number).wav", voice: $0.id, expected: sentence) }
        }
    }

    /// The clips of `voices` in `folder`, made where missing.
    static func make(in folder: String, voices: [Voice] = Voice.standard) throws -> EntityClips {
        let clips = EntityClips(folder: folder, voices: voices)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The newcomer's clips are said by the standard voices.
        let byID = Dictionary((Voice.standard + voices).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for clip in clips.clips + clips.newcomerClips where !FileManager.default.fileExists(atPath: clip.path) {
            try (clip.expected.text + "\n").write(toFile: clip.path + ".txt", atomically: false, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: clip.path + ".txt") }
            for arguments in byID[clip.voice]!.commands(clip.expected.text, clip.path) {
                let run = try runChild("/usr/bin/env", arguments)
                guard run.status == 0 else { throw BenchError(message: "\(arguments[0]) could not say \"\(clip.expected.text)\": \(run.output)") }
            }
        }
        return clips
    }

    struct Heard {
        var readySeconds = 0.0
        var decodeSeconds = 0.0
        var audioSeconds = 0.0
        var right: [String: Int] = [:]
        /// Clips heard, by voice.
        var said: [String: Int] = [:]
        var wrong = 0
        /// Asked which of a few names, the one said among them (a disambiguation).
        var asked = 0
        var notTaken = 0
        var total = 0
        var failures: [String] = []
        var mistakes: [String] = []
        /// Resident memory with the recogniser ready, and at most.
        var readyMB = 0.0, peakMB = 0.0
        /// Adding the newcomer to the recogniser, and their clips heard after it.
        var updateSeconds = 0.0
        var newcomerRight = 0
        /// Clips of speech that is no command, and of noise, by group: how many, and how many were taken as a command.
        var notCommands: [(group: String, clips: Int, taken: Int)] = []
        var takenExamples: [String] = []

        func line(count: Int) -> String {
            let byVoice = said.keys.sorted().map { "\($0) \(right[$0, default: 0])/\(said[$0]!)" }.joined(separator: ", ")
            return String(format: "          speech: ready %.2f s, decoding RTF %.3f, names heard right %d/%d (%@), asked which (the name said offered) %d, wrong %d, not taken %d; memory %.0f MB when ready, %.0f MB at most; a contact added in %.1f ms, heard right after it %d/2",
                          readySeconds, decodeSeconds / max(audioSeconds, 0.001), right.values.reduce(0, +), total,
                          byVoice, asked, wrong, notTaken, readyMB, peakMB, updateSeconds * 1000, newcomerRight)
                + (notCommands.isEmpty ? "" : String(format: "\n          not commands: %d of %d taken as a command (", notCommands.reduce(0) { $0 + $1.taken },
                                                    notCommands.reduce(0) { $0 + $1.clips })
                    + notCommands.map { "\($0.group) \($0.taken)/\($0.clips)" }.joined(separator: ", ") + ")")
                + (mistakes.isEmpty ? "" : "\n          " + mistakes.joined(separator: "\n          "))
                + (takenExamples.isEmpty ? "" : "\n          " + takenExamples.joined(separator: "\n          "))
        }

        var figures: [(String, JSONOutput)] {
            [("ready_s", .number((readySeconds * 1000).rounded() / 1000)),
             ("rtf", .number((decodeSeconds / max(audioSeconds, 0.001) * 1000).rounded() / 1000)),
             ("names_right", .number(Double(right.values.reduce(0, +)))), ("names_asked", .number(Double(asked))), ("names_wrong", .number(Double(wrong))),
             ("names_not_taken", .number(Double(notTaken))), ("names_total", .number(Double(total))),
             ("speech_ready_mb", .number(readyMB.rounded())), ("speech_peak_mb", .number(peakMB.rounded())), ("update_recognizer_ms", .number((updateSeconds * 1e5).rounded() / 100)),
             ("newcomer_right", .number(Double(newcomerRight))),
             ("not_commands", .number(Double(notCommands.reduce(0) { $0 + $1.clips }))),
             ("not_commands_taken", .number(Double(notCommands.reduce(0) { $0 + $1.taken })))]
        }
    }

    /// The recogniser of `model` made (timed) and every clip heard.
    func hear(model: CommandModel, matcher: Matcher) throws -> Heard {
        var heard = Heard()
        var options = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        // As voicecmd listens by default: with the neural second opinion when it is installed.
        options.asksSecondOpinion = !secondOpinionOff
        if let classAbove { options.classAbove = classAbove }
        if let halvesAbove { options.halvesAbove = halvesAbove }
        if let classSearch { options.classSearchSettings = ASRBenchmark.settings(classSearch) }
        let start = nanoseconds()
        let recognizer = try CommandRecognizer(model: model, matcher: matcher, modelPath: nil, options: options)
        heard.readySeconds = Double(nanoseconds() - start) / 1e9
        heard.readyMB = residentMemoryMB()
        /// A clip heard: its transcripts, its seconds, and the seconds spent hearing it.
        func transcripts(_ clip: Clip) throws -> [Transcript] { try timedTranscripts(clip).transcripts }
        func timedTranscripts(_ clip: Clip) throws -> (transcripts: [Transcript], audio: Double, decoding: Double) {
            var source = try AudioReaders.open(path: clip.path)
            let samples = try AudioReaders.readAll(&source)
            let start = nanoseconds()
            let transcripts = try transcripts(of: samples)
            return (transcripts, Double(samples.count) / 16000, Double(nanoseconds() - start) / 1e9)
        }
        func transcripts(of samples: [Int16]) throws -> [Transcript] {
            var buffer: any AudioReader = SampleBufferReader(samples: samples)
            return try recognizer.transcribe(&buffer)
        }
        for clip in newcomerClips {
            let before = try transcripts(clip).compactMap(\.match).first
            if before.map({ clip.expected.problem(with: $0) == nil }) == true { heard.failures.append("\(clip.voice): the newcomer was heard before they were added") }
        }
        let updateStart = nanoseconds()
        try recognizer.changeEntities(ofType: "Contact", adding: [Self.newcomer], matcher: matcher.changingEntities(ofType: "Contact", adding: [Self.newcomer]))
        heard.updateSeconds = Double(nanoseconds() - updateStart) / 1e9
        for clip in newcomerClips {
            let results = try transcripts(clip)
            if let match = results.first(where: { $0.match?.best != nil })?.match, clip.expected.problem(with: match) == nil {
                heard.newcomerRight += 1
            } else {
                let said = results.map { "\"\($0.text)\"" + ($0.evidence?.secondOpinion.map { " (second opinion \"\($0.text)\")" } ?? "") }
                heard.mistakes.append("\(clip.voice) \"\(clip.expected.text)\" after adding them: not heard right (heard \(said.joined(separator: ", ")))")
            }
        }
        for clip in clips {
            let (transcripts, audio, decoding) = try timedTranscripts(clip)
            heard.audioSeconds += audio
            heard.decodeSeconds += decoding
            heard.total += 1
            heard.said[clip.voice, default: 0] += 1
            let said = transcripts.map(\.text).joined(separator: " ")
            guard let command = transcripts.first(where: { $0.match?.best != nil })?.match else {
                heard.notTaken += 1
                heard.mistakes.append("\(clip.voice) \"\(clip.expected.text)\": not taken (heard \"\(said)\")")
                continue
            }
            if clip.expected.problem(with: command) == nil {
                heard.right[clip.voice, default: 0] += 1
            } else if clip.expected.isOffered(in: command) {
                heard.asked += 1
                heard.mistakes.append("\(clip.voice) \"\(clip.expected.text)\": asked which, heard \"\(said)\" (\(command.best?.argument("who").map { "\($0.value)" } ?? ""))")
            } else {
                heard.wrong += 1
                let neural = transcripts.compactMap { $0.evidence?.secondOpinion?.text }.joined(separator: " ")
                heard.mistakes.append("\(clip.voice) \"\(clip.expected.text)\": WRONG, heard \"\(said)\" (second opinion \"\(neural)\")")
            }
        }
        for (group, groupClips) in notCommands {
            var taken = 0
            for clip in groupClips {
                guard let command = try transcripts(of: clip.samples).first(where: { $0.match?.best != nil }) else { continue }
                taken += 1
                // The first few of a group show what is taken; the count says how many.
                guard taken <= Self.takenShownPerGroup else { continue }
                let neural = command.evidence?.secondOpinion.map { String(format: "; second opinion \"%@\", %.2f phone edits a phone", $0.text, $0.distance) } ?? ""
                heard.takenExamples.append(String(format: "%@ %@: TAKEN as \"%@\" (confidence %.2f%@)", group, clip.name, command.text, command.confidence, neural))
            }
            heard.notCommands.append((group, groupClips.count, taken))
        }
        heard.peakMB = peakMemoryMB()
        return heard
    }
}
