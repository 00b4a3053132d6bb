import Foundation
import DefaultModels
import VoiceCommands

/// Ten synthetic voices talking to the built-in model: every recorded
/// session of `Benchmarks/voices/make-voices.sh` (a command, then its
/// answers to the questions asked) heard through a `CommandSession`, as
/// `voicecmd listen --fast` hears a recording, quiet and with --noise mixed
/// in at --snr dB (NoiseMixer's definition). A session is carried out right
/// when it ends as the same texts typed do: its one intent, the values it is
/// carried out with (or the command's, when it is not), each answer as
/// said, the final reply's code and text. Each utterance is also scored
/// alone: heard wrongly (its words are not what was said), or rejected with
/// an exact transcript (the words are right but the recogniser did not
/// accept them, or the turn went otherwise than the same words typed).
/// The harness checks itself first: the manifest's outcomes are those of
/// the texts typed through a session.
enum VoicesBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        let directory = try options.required("dir")
        let script = options.value("script") ?? VoiceSessions.scriptPath
        var scriptSeconds: Double?
        if options.flag("regenerate") || !VoiceSessions.complete(directory) {
            scriptSeconds = try VoiceSessions.make(directory, script: script)
            guard VoiceSessions.complete(directory) else { throw BenchError(message: "\(script) ran but \(directory) still lacks recordings its manifest lists") }
        }
        var sessions = try VoiceSessions(directory: directory).sessions
        if let voices = options.value("voices") {
            let wanted = Set(voices.split(separator: ",").map(String.init))
            sessions = sessions.filter { wanted.contains($0.voice) }
        }
        if let ids = options.value("sessions") {
            let wanted = Set(ids.split(separator: ",").map(String.init))
            sessions = sessions.filter { wanted.contains($0.id) }
        }
        guard !sessions.isEmpty else { throw BenchError(message: "no sessions found in \(directory)/\(VoiceSessions.manifestName)") }

        var conditions: [Condition] = [Condition(name: "quiet", mixer: nil, snr: nil)]
        if let noisePath = options.value("noise") {
            let snr = try options.value("snr").map { text in
                guard let value = Double(text) else { throw BenchError(message: "--snr takes decibels, not \(text)", isUsage: true) }
                return value
            } ?? 18
            var source = try AudioReaders.open(path: noisePath)
            let noise = try AudioReaders.readAll(&source)
            guard !noise.isEmpty else { throw BenchError(message: "\(noisePath) holds no audio") }
            conditions.append(Condition(name: String(format: "%g dB", snr), mixer: NoiseMixer(noise: noise), snr: snr))
        }
        let model = try ListenBenchmark.defaultModel()
        var speech = try ListenBenchmark.defaultSpeechOptions()
        if let name = options.value("denoise") {
            guard let mode = DenoiseMode(rawValue: name) else { throw BenchError(message: "--denoise takes on, off or auto, not \(name)", isUsage: true) }
            speech.utterances.denoising.mode = mode
        }

        // The harness first: each session typed gives the manifest's outcome.
        let typed = try verifyTyped(sessions, model: model)

        var results: [SessionResult] = []
        var seconds: [String: Double] = [:]
        let audioSeconds = sessions.reduce(0) { $0 + duration($1.path) }
        for condition in conditions {
            let handled = HandledRequests()
            let events = SessionEvents()
            // One session (and recogniser) hears every recording, each a new
            // stream; with --fresh, a new one for each (the same results, slower).
            var listener = try CommandSession(engine: engine(model, recording: handled), speech: speech) { events.add($0) }
            let start = nanoseconds()
            for (index, session) in sessions.enumerated() {
                if options.flag("fresh"), index > 0 {
                    listener = try CommandSession(engine: engine(model, recording: handled), speech: speech) { events.add($0) }
                }
                let source: ReaderAudioSource
                if let mixer = condition.mixer, let snr = condition.snr {
                    var reader = try AudioReaders.open(path: session.path)
                    // The noise segment is fixed by the session, whatever else is run.
                    let mixed = mixer.mix(try AudioReaders.readAll(&reader), snr: snr, seed: seed(session.voice + "/" + session.id))
                    source = ReaderAudioSource(name: session.path, pacing: .asFastAsConsumed) { SampleBufferReader(samples: mixed) }
                } else {
                    source = try .file(session.path, pacing: .asFastAsConsumed)
                }
                try ListeningRun(listener, to: source).wait("\(session.path) could not be read")
                let heard = events.take()
                results.append(score(session, condition: condition.name, events: heard, handled: handled.take(), typed: typed[session.id]!))
            }
            seconds[condition.name] = Double(nanoseconds() - start) / 1e9
        }
        return report(results, conditions: conditions.map(\.name), sessions: sessions, seconds: seconds, audioSeconds: audioSeconds,
                      scriptSeconds: scriptSeconds, directory: directory, noise: options.value("noise"), snr: conditions.last?.snr)
    }

    struct Condition {
        var name: String
        var mixer: NoiseMixer?
        var snr: Double?
    }

    /// FNV-1a of `text`: the same in every run (Swift's hashes are not).
    static func seed(_ text: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash >> 2)
    }

    static func duration(_ path: String) -> Double {
        guard var reader = try? AudioReaders.open(path: path), let samples = try? AudioReaders.readAll(&reader) else { return 0 }
        return Double(samples.count) / 16_000
    }

    /// The built-in model's engine with a recording handler for every intent.
    static func engine(_ model: CommandModel, recording handled: HandledRequests) throws -> CommandEngine {
        let engine = try CommandEngine(model: model)
        for intent in model.intents { engine.register(RecordingHandler(handled: handled), forIntent: intent.name, in: model.application(of: intent).name) }
        return engine
    }

    // MARK: The harness, typed

    /// Each session typed through a session of its own: the conversation
    /// events of each turn (signatures), checked against the manifest.
    /// Throws when the manifest is inconsistent or says otherwise.
    static func verifyTyped(_ sessions: [VoiceSessions.Session], model: CommandModel) throws -> [String: [[String]]] {
        var turns: [String: [[String]]] = [:]
        var first: [String: VoiceSessions.Session] = [:]
        var problems: [String] = []
        for session in sessions {
            if let earlier = first[session.id] {
                if earlier.utterances.map(\.text) != session.utterances.map(\.text) || earlier.intent != session.intent
                    || earlier.arguments != session.arguments || earlier.reply != session.reply || earlier.replyText != session.replyText {
                    problems.append("\(session.voice)/\(session.id) differs from \(earlier.voice)/\(earlier.id)")
                }
                continue
            }
            first[session.id] = session
            let handled = HandledRequests()
            let events = SessionEvents()
            let texts = session.utterances.map(\.text)
            let typedSession = try CommandSession(engine: engine(model, recording: handled)) { events.add($0) }
            let (perTurn, waiting) = try blocking { () async -> ([[SessionEvent]], [Bool]) in
                var perTurn: [[SessionEvent]] = []
                var waiting: [Bool] = []
                for text in texts {
                    waiting.append(await typedSession.hear(text: text) != nil)
                    perTurn.append(events.take())
                }
                return (perTurn, waiting)
            }
            turns[session.id] = perTurn.map { $0.compactMap(signature) }
            let trace = SessionTrace(perTurn.flatMap { $0 }, handled: handled.take())
            if let problem = trace.problem(against: session, prompts: trace.prompts) {
                problems.append("\(session.id) typed: \(problem)")
            } else if !trace.answersAsSaid(session) {
                problems.append("\(session.id) typed: the answers were taken as \(trace.answers)")
            } else if waiting != texts.indices.map({ $0 < texts.count - 1 }) {
                problems.append("\(session.id) typed: a question is \(waiting.last == true ? "still waiting at the end" : "not asked before an answer")")
            }
        }
        guard problems.isEmpty else {
            throw BenchError(message: "the manifest is not what its texts typed give (typed-run verification failed):\n  "
                                 + problems.joined(separator: "\n  "))
        }
        return turns
    }

    static func signature(_ event: SessionEvent) -> String? {
        guard case .conversation(let conversation) = event.kind else { return nil }
        // Given up at the end of the recording: not part of any turn.
        if case .reply(let reply) = conversation, reply.code == .noAnswer { return nil }
        return SessionTrace.signature(conversation)
    }

    // MARK: Scoring

    struct UtteranceResult {
        var index: Int
        var expected: String
        /// Every transcript of the utterance, joined; empty when nothing was heard.
        var heard: String
        var confidence: Double?
        /// Whether the recogniser accepted every transcript of it.
        var accepted: Bool
        var exact: Bool
        /// Why an exact transcript was rejected.
        var rejected: String?
    }

    struct SessionResult {
        var condition: String
        var voice: String
        var session: String
        var problem: String?
        /// Every answer's words as said (`SessionTrace.answersAsSaid`).
        var answersAsSaid: Bool
        var utterances: [UtteranceResult]
        /// Transcripts outside every utterance said.
        var extra: [String]
        var right: Bool { problem == nil }
    }

    static func score(_ session: VoiceSessions.Session, condition: String, events: [SessionEvent],
                      handled: [[String: SlotValue]], typed: [[String]]) -> SessionResult {
        // Each event goes with the utterance its span overlaps most.
        var groups = Array(repeating: [SessionEvent](), count: session.utterances.count)
        var extra: [String] = []
        for event in events {
            guard let span = event.utterance else { continue }
            let overlaps = session.utterances.map { min(span.end, $0.end + 0.3) - max(span.start, $0.start - 0.3) }
            if let best = overlaps.indices.max(by: { overlaps[$0] < overlaps[$1] }), overlaps[best] > 0 {
                groups[best].append(event)
            } else if case .transcript(let text, let confidence, let accepted) = event.kind {
                extra.append(String(format: "\"%@\" at %.2f s (%.2f, %@)", text, span.start, confidence, accepted ? "accepted" : "rejected"))
            }
        }
        var inSync = true
        var utterances: [UtteranceResult] = []
        for (index, utterance) in session.utterances.enumerated() {
            let transcripts = groups[index].compactMap { event -> (String, Double, Bool)? in
                if case .transcript(let text, let confidence, let accepted) = event.kind { return (text, confidence, accepted) }
                return nil
            }
            let heard = transcripts.map(\.0).joined(separator: " ")
            let exact = SessionTrace.words(heard) == SessionTrace.words(utterance.text)
            let turn = groups[index].compactMap(signature)
            var rejected: String?
            if exact, transcripts.contains(where: { !$0.2 }) {
                rejected = "not accepted"
            } else if exact, inSync, index < typed.count, turn != typed[index] {
                let differs = zip(turn + [""], typed[index] + [""]).first { $0 != $1 }
                rejected = (index == 0 ? "went otherwise than typed" : "answer not understood") + (differs.map { ": \($0.0.isEmpty ? "nothing" : $0.0)" } ?? "")
            }
            if index < typed.count, turn != typed[index] { inSync = false }
            utterances.append(UtteranceResult(index: index, expected: utterance.text, heard: heard,
                                              confidence: transcripts.map(\.1).min(), accepted: transcripts.allSatisfy(\.2),
                                              exact: exact, rejected: rejected))
        }
        let trace = SessionTrace(events, handled: handled)
        let prompts = typed.flatMap { $0 }.filter { $0.hasPrefix("prompt ") }
        return SessionResult(condition: condition, voice: session.voice, session: session.id,
                             problem: trace.problem(against: session, prompts: prompts), answersAsSaid: trace.answersAsSaid(session),
                             utterances: utterances, extra: extra)
    }

    // MARK: Report

    struct Tally {
        var right = 0, rightAsSaid = 0, sessions = 0, utterances = 0, exactRejected = 0, heardWrongly = 0
        mutating func add(_ result: SessionResult) {
            sessions += 1
            if result.right { right += 1 }
            if result.right && result.answersAsSaid { rightAsSaid += 1 }
            utterances += result.utterances.count
            exactRejected += result.utterances.filter { $0.rejected != nil }.count
            heardWrongly += result.utterances.filter { !$0.exact }.count
        }
        var rightFraction: Double { sessions > 0 ? Double(right) / Double(sessions) : 0 }
        var json: JSONOutput {
            .object([("right", .integer(right)), ("sessions", .integer(sessions)),
                     ("right_fraction", .number((rightFraction * 1000).rounded() / 1000)),
                     ("right_answers_word_for_word", .integer(rightAsSaid)),
                     ("utterances", .integer(utterances)), ("exact_rejected", .integer(exactRejected)),
                     ("heard_wrongly", .integer(heardWrongly))])
        }
    }

    static func report(_ results: [SessionResult], conditions: [String], sessions: [VoiceSessions.Session], seconds: [String: Double],
                       audioSeconds: Double, scriptSeconds: Double?, directory: String, noise: String?, snr: Double?) -> BenchReport {
        var voices: [String] = []
        for session in sessions where !voices.contains(session.voice) { voices.append(session.voice) }
        let ids = Set(sessions.map(\.id))
        var report = BenchReport(name: "voices")
        let utteranceCount = sessions.reduce(0) { $0 + $1.utterances.count }
        report.lines = [
            "sessions   \(directory): \(sessions.count) sessions (\(voices.count) voices × \(ids.count)), \(utteranceCount) utterances, "
                + String(format: "%.0f s of audio", audioSeconds)
                + (scriptSeconds.map { String(format: "; recordings made in %.1f s", $0) } ?? ""),
            "verified   the \(ids.count) sessions typed through a session end as the manifest says",
            "conditions " + conditions.map { $0 == "quiet" ? "quiet (faint noise floor)" : "\($0) SNR with \(noise.map { ($0 as NSString).lastPathComponent } ?? "noise")" }
                .joined(separator: ", "),
            "",
        ]
        // The table: per voice, each condition's sessions right, exact transcripts rejected, utterances heard wrongly.
        let voiceWidth = max(7, (voices.map(\.count).max() ?? 0) + 2)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(1, width - text.count)) }
        let cell = 30
        report.lines.append(pad("", voiceWidth) + conditions.map { pad($0, cell) }.joined())
        report.lines.append(pad("voice", voiceWidth) + conditions.map { _ in pad("right   exact-rejected  wrong", cell) }.joined())
        func row(_ tally: Tally) -> String {
            pad("\(tally.right)/\(tally.sessions)", 8) + pad("\(tally.exactRejected)", 16) + pad("\(tally.heardWrongly)/\(tally.utterances)", cell - 24)
        }
        var tallies: [String: Tally] = [:]
        var perVoice: [(String, JSONOutput)] = []
        for voice in voices {
            var cells: [String] = []
            var figures: [(String, JSONOutput)] = []
            for condition in conditions {
                var tally = Tally()
                for result in results where result.voice == voice && result.condition == condition { tally.add(result) }
                cells.append(row(tally))
                figures.append((condition, tally.json))
            }
            report.lines.append(pad(voice, voiceWidth) + cells.joined())
            perVoice.append((voice, .object(figures)))
        }
        for condition in conditions {
            var tally = Tally()
            for result in results where result.condition == condition { tally.add(result) }
            tallies[condition] = tally
        }
        report.lines.append(pad("all", voiceWidth) + conditions.map { row(tallies[$0]!) }.joined())
        report.lines.append("")
        for condition in conditions {
            let tally = tallies[condition]!
            report.lines.append(String(format: "overall    %@: %d/%d carried out right (%.1f %%; %d with every answer's words as said), "
                                           + "%d exact transcripts rejected, %d of %d utterances heard wrongly",
                                       condition, tally.right, tally.sessions, tally.rightFraction * 100, tally.rightAsSaid,
                                       tally.exactRejected, tally.heardWrongly, tally.utterances))
        }
        for condition in conditions {
            let tally = tallies[condition]!
            let met = tally.rightFraction >= 0.95 && tally.exactRejected == 0
            report.lines.append("goal       \(condition): ≥ 95 % carried out right and no exact transcript rejected: " + (met ? "met" : "not met"))
        }
        for condition in conditions {
            let time = seconds[condition] ?? 0
            report.lines.append(String(format: "time       %@: %.1f s listening (real-time factor %.3f)", condition, time, time / max(audioSeconds, 1)))
        }

        let rejected = results.flatMap { result in result.utterances.filter { $0.rejected != nil }.map { (result, $0) } }
        report.lines.append("")
        report.lines.append("rejected with an exact transcript: \(rejected.count)")
        for (result, utterance) in rejected {
            report.lines.append("  \(result.condition)  \(result.voice)  \(result.session)  #\(utterance.index + 1) \"\(utterance.expected)\"  confidence "
                                + (utterance.confidence.map { String(format: "%.3f", $0) } ?? "-") + "  (\(utterance.rejected!))")
        }
        let failed = results.filter { !$0.right }
        report.lines.append("")
        report.lines.append("not carried out right: \(failed.count)")
        for result in failed {
            report.lines.append("  \(result.condition)  \(result.voice)  \(result.session): \(result.problem!)")
            for utterance in result.utterances where !utterance.exact || utterance.rejected != nil {
                report.lines.append("      #\(utterance.index + 1) \"\(utterance.expected)\" heard \"\(utterance.heard)\""
                                    + (utterance.confidence.map { String(format: " (%.3f%@)", $0, utterance.accepted ? "" : ", not accepted") }
                                       ?? " (no words recognised)")
                                    + (utterance.rejected.map { ": exact but rejected, \($0)" } ?? ""))
            }
            for text in result.extra { report.lines.append("      also heard \(text)") }
        }
        let wrongInRight = results.filter(\.right).flatMap { result in result.utterances.filter { !$0.exact }.map { (result, $0) } }
        if !wrongInRight.isEmpty {
            report.lines.append("")
            report.lines.append("heard wrongly in sessions carried out right: \(wrongInRight.count)")
            for (result, utterance) in wrongInRight {
                report.lines.append("  \(result.condition)  \(result.voice)  \(result.session)  #\(utterance.index + 1) \"\(utterance.expected)\" heard \"\(utterance.heard)\""
                                    + (utterance.confidence.map { String(format: " (%.3f)", $0) } ?? ""))
            }
        }

        report.figures = [
            ("sessions", .integer(sessions.count)), ("voices", .integer(voices.count)), ("utterances", .integer(utteranceCount)),
            ("audio_s", .number(audioSeconds.rounded())),
            ("snr_db", snr.map(JSONOutput.number) ?? .null),
            ("conditions", .object(conditions.map { ($0, tallies[$0]!.json) })),
            ("per_voice", .object(perVoice)),
            ("listen_s", .object(conditions.map { ($0, .number(((seconds[$0] ?? 0) * 10).rounded() / 10)) })),
            ("script_s", scriptSeconds.map { .number(($0 * 10).rounded() / 10) } ?? .null),
            ("exact_rejected", .array(rejected.map { result, utterance in
                .object([("condition", .string(result.condition)), ("voice", .string(result.voice)), ("session", .string(result.session)),
                         ("utterance", .integer(utterance.index + 1)), ("text", .string(utterance.expected)),
                         ("confidence", utterance.confidence.map { .number(($0 * 1000).rounded() / 1000) } ?? .null),
                         ("why", .string(utterance.rejected!))])
            })),
            ("failures", .array(failed.map { result in
                .object([("condition", .string(result.condition)), ("voice", .string(result.voice)), ("session", .string(result.session)),
                         ("problem", .string(result.problem!)),
                         ("utterances", .array(result.utterances.filter { !$0.exact || $0.rejected != nil }.map { utterance in
                             .object([("utterance", .integer(utterance.index + 1)), ("text", .string(utterance.expected)),
                                      ("heard", .string(utterance.heard)), ("accepted", .bool(utterance.accepted)),
                                      ("confidence", utterance.confidence.map { .number(($0 * 1000).rounded() / 1000) } ?? .null)])
                         }))])
            })),
        ]
        return report
    }
}
