import Foundation
import VoiceCommands

/// A phone's address book of N contacts ("call \(who)", "send a message to
/// \(who)"), for each N asked: the model loaded and compiled, commands
/// matched (each checked for its intent and contact), and one contact
/// added — the matcher updated and the new name matched. Each N runs in a
/// process of its own, so its peak memory is its own.
enum EntitiesBenchmark {
    static func run(_ options: BenchOptions) throws -> BenchReport {
        if let count = options.value("count") { return try one(count: Int(count) ?? 0, options) }
        let counts = (options.value("counts") ?? "1000,10000,100000,1000000").split(separator: ",").compactMap { Int($0) }
        var report = BenchReport(name: "entities")
        report.lines = ["contacts  file     load      compile   match median  p99       update    new name  peak memory"]
        let speechUpTo = try options.integer("speech-up-to", default: 100_000)
        let clips = try EntityClips.make(in: options.value("clips") ?? ".build/entity-clips",
                                         voices: EntityClips.Voice.chosen(more: options.flag("more-voices")))
        var rows: [JSONOutput] = []
        var toolPeaks: [JSONOutput] = []
        for count in counts {
            var arguments = ["entities", "--count", String(count), "--json"]
            if let rounds = options.value("rounds") { arguments += ["--rounds", rounds] }
            if count <= speechUpTo { arguments += ["--clips", clips.folder] }
            for option in ["class-above", "halves-above", "class-search", "corpora", "limit"] { if let value = options.value(option) { arguments += ["--" + option, value] } }
            for flag in ["no-second-opinion", "from-file", "more-voices", "diverse-names"] where options.flag(flag) { arguments.append("--" + flag) }
            let child = try runChild(CommandLine.arguments[0], arguments)
            let lines = child.output.split(separator: "\n")
            guard child.status == 0 || child.status == 1, let last = lines.last, last.hasPrefix("{") else {
                report.failures.append("\(count) contacts: the run ended with status \(child.status): \(child.output.suffix(300))")
                continue
            }
            report.lines += lines.dropLast().filter { !$0.hasPrefix("FAIL") }.map(String.init)
            report.failures += lines.filter { $0.hasPrefix("FAIL: ") }.map { "\(count) contacts: " + $0.dropFirst(6) }
            // Spawned from this small process: a child's peak counts its
            // parent's memory until it starts the program.
            if count <= speechUpTo, !options.flag("no-second-opinion") {
                let tool = try toolRun(contacts: count, clip: clips.clips[1], options)
                report.lines.append(tool.line)
                report.failures += tool.failures.map { "\(count) contacts: " + $0 }
                toolPeaks.append(.object([("contacts", .integer(count)), ("peak_mb", .number(tool.peakMB.rounded()))]))
            }
            rows.append(.string(String(last)))
        }
        report.figures = [("runs", .array(rows)), ("voicecmd_transcribe", .array(toolPeaks))]
        return report
    }

    /// One address book of `count` contacts, in this process.
    static func one(count: Int, _ options: BenchOptions) throws -> BenchReport {
        guard count > 0 else { throw BenchError(message: "--count must be a positive number", isUsage: true) }
        let rounds = try options.integer("rounds", default: 20)
        let book = try AddressBook(contacts: count, diverse: options.flag("diverse-names"))
        var report = BenchReport(name: "entities")

        // --from-file: the contacts in an entity file beside the model, as
        // a phone's would be, instead of inside the model.
        var modelPath: String?
        if options.flag("from-file") {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-book-\(getpid())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try book.entitiesJSON.write(toFile: folder + "/contacts.json", atomically: false, encoding: .utf8)
            try book.json(entityFile: "contacts.json").write(toFile: folder + "/phone.json", atomically: false, encoding: .utf8)
            modelPath = folder + "/phone.json"
        }
        defer { if let modelPath { try? FileManager.default.removeItem(atPath: (modelPath as NSString).deletingLastPathComponent) } }
        let loadStart = nanoseconds()
        let model = try modelPath.map { try ModelLoader.load(path: $0) } ?? ModelLoader.load(text: book.json, name: "phone.json")
        let compileStart = nanoseconds()
        let matcher = Matcher(model: model)
        let compileEnd = nanoseconds()

        let samples = book.sentences(count: 200)
        let (latency, _, failures) = measureMatching(matcher, sentences: samples.map(\.text), rounds: rounds) { index, result in
            samples[index].problem(with: result)
        }
        report.failures = failures

        // One contact added: a matcher that knows it, and the new name matched.
        let added = Entity(id: "new", name: "Zed Quillon")
        let updateStart = nanoseconds()
        guard let updated = matcher.changingEntities(ofType: "Contact", adding: [added]) else {
            throw BenchError(message: "the generated model has no Contact type")
        }
        let updateEnd = nanoseconds()
        let newName = AddressBook.Sentence(text: "call zed quillon", intent: "Call", contact: "new")
        let newProblem = newName.problem(with: updated.match(newName.text))
        if let newProblem { report.failures.append("the added contact: \(newProblem)") }

        let loadMS = Double(compileStart - loadStart) / 1e6
        let compileMS = Double(compileEnd - compileStart) / 1e6
        let updateMS = Double(updateEnd - updateStart) / 1e6
        let peak = peakMemoryMB()
        func column(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0) }
        report.lines.insert(
            column(String(count), 10) + column("\(book.json.utf8.count >> 20) MB", 9) + column(String(format: "%.0f ms", loadMS), 10)
                + column(String(format: "%.0f ms", compileMS), 10) + column(String(format: "%.2f µs", latency.median), 14)
                + column(String(format: "%.2f µs", latency.p99), 10) + column(String(format: "%.1f ms", updateMS), 10)
                + column(newProblem == nil ? "matched" : "MISSED", 10) + String(format: "%.0f MB", peak), at: 0)
        if let folder = options.value("clips") {
            var clips = EntityClips(folder: folder, voices: EntityClips.Voice.chosen(more: options.flag("more-voices")),
                                    secondOpinionOff: options.flag("no-second-opinion"),
                                    classAbove: options.value("class-above").flatMap { Int($0) },
                                    halvesAbove: options.value("halves-above").flatMap { Int($0) },
                                    classSearch: options.value("class-search"))
            if let corpora = options.value("corpora") { clips.notCommands = try notCommands(corpora: corpora, model: model, options) }
            let heard = try clips.hear(model: model, matcher: matcher)
            report.lines.append(heard.line(count: count))
            report.failures += heard.failures
            report.figures += heard.figures
        }
        report.figures += [
            ("contacts", .number(Double(count))), ("load_ms", .number((loadMS * 10).rounded() / 10)),
            ("compile_ms", .number((compileMS * 10).rounded() / 10)), ("median_us", .number((latency.median * 100).rounded() / 100)),
            ("p99_us", .number((latency.p99 * 100).rounded() / 100)), ("update_ms", .number((updateMS * 100).rounded() / 100)),
            ("new_name_matched", .bool(newProblem == nil)), ("peak_mb", .number(peak.rounded())),
        ]
        return report
    }
}

/// The rejection benchmark's speech that is no command of a phone (words
/// of speech-commands, wake words, barista orders) and its synthetic
/// noise, `--limit` clips a set (60 by default); sets whose corpus is
/// missing are left out.
private func notCommands(corpora: String, model: CommandModel, _ options: BenchOptions) throws -> [(group: String, clips: [RejectionSets.Clip])] {
    let settings = RejectionSets.Settings(corpora: corpora, bench: "", miscModel: "", limit: try options.integer("limit", default: 60),
                                          padding: 0.5, noisePieces: 4, pieceSeconds: 5, noiseMinutes: 0, kitchenGains: [])
    let wanted = ["speech/home": "speech-commands words", "wake/home": "wake words", "barista/home": "barista orders", "synthetic": "noise"]
    return try RejectionSets.plans(settings).compactMap { plan in
        guard let group = wanted[plan.name], plan.needs.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else { return nil }
        return (group, try plan.clips(model).clips)
    }
}

/// The memory a user's process takes: voicecmd itself transcribing one
/// clip against the book (in a model file, as an application would give
/// it), and listening to it as a stream; each one's peak resident memory
/// from outside, its command checked.
private func toolRun(contacts: Int, clip: EntityClips.Clip, _ options: BenchOptions) throws
    -> (line: String, peakMB: Double, failures: [String]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-tool-book-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try AddressBook(contacts: contacts, diverse: options.flag("diverse-names")).json.write(toFile: folder + "/phone.json", atomically: false, encoding: .utf8)
    let tool = try voicecmdTool(options)
    let run = try runChild(tool, ["transcribe", "--json", "--commands", folder + "/phone.json", clip.path], keepErrors: false)
    let heard = (try? JSONSerialization.jsonObject(with: Data(run.output.utf8))) as? [String: Any]
    var failures: [String] = []
    if run.status != 0 || heard?["intent"] as? String != clip.expected.intent {
        failures.append("voicecmd transcribe of \(clip.voice) \"\(clip.expected.text)\": status \(run.status), \(run.output.prefix(300))")
    }
    // The session as a user runs it, the clip played as a live stream.
    let session = try runChild(tool, ["listen", "--fast", "--json", "--input", clip.path, "--commands", folder + "/phone.json"], keepErrors: false)
    if session.status != 0 || !session.output.contains(#""intent":"\#(clip.expected.intent)""#) {
        failures.append("voicecmd listen to \(clip.voice) \"\(clip.expected.text)\": status \(session.status), \(session.output.prefix(300))")
    }
    let line = String(format: "          voicecmd transcribe of one clip (%@ \"%@\"): %.0f MB at most, %.2f s; heard \"%@\"; voicecmd listen to it: %.0f MB at most",
                      clip.voice, clip.expected.text, run.peakMB, run.seconds, heard?["text"] as? String ?? "nothing", session.peakMB)
    return (line, max(run.peakMB, session.peakMB), failures)
}

/// A generated address book: contacts with common English names (unique
/// up to 1,100,000, `CommonNames`), and the commands of a phone.
struct AddressBook {
    struct Sentence {
        var text: String
        var intent: String
        var contact: String

        /// Why `result` is not this sentence's command, or nil when it is.
        func problem(with result: MatchResult) -> String? {
            guard let best = result.best else { return "no intent matched" }
            if best.intent != intent { return "matched \(best.intent), expected \(intent)" }
            if best.argument("who")?.value != .entity(contact) {
                return "who \(String(describing: best.argument("who")?.value)), expected \(contact)"
            }
            return nil
        }

        /// Whether `result` asks which of a few contacts, this one among them.
        func isOffered(in result: MatchResult) -> Bool {
            guard let best = result.best, best.intent == intent, case .ambiguousEntities(let ids)? = best.argument("who")?.value else { return false }
            return ids.contains(contact)
        }
    }

    let count: Int
    let json: String
    /// The words of names past the first thousand, with --diverse-names.
    private let diverseWords: (first: [String], last: [String])?

    /// The contacts as an entity file: a list.
    let entitiesJSON: String

    /// `diverse`: past the first thousand, names of the dictionary's words
    /// (`DiverseNames`), so the list has tens of thousands of different
    /// words, as a real one has, not the 700 of the common names.
    init(contacts count: Int, diverse: Bool = false) throws {
        self.count = count
        let diverseWords = diverse ? try DiverseNames.words() : nil
        self.diverseWords = diverseWords
        var entities: [String] = []
        entities.reserveCapacity(count)
        for index in 0..<count { entities.append(#"{"id": "c\#(index)", "name": "\#(Self.name(index, diverse: diverseWords))"}"#) }
        entitiesJSON = "[" + entities.joined(separator: ",\n") + "]"
        json = Self.json(entities: entitiesJSON)
    }

    /// The model with its contacts in `entityFile`.
    func json(entityFile: String) -> String { Self.json(entities: #"{"file": "\#(entityFile)"}"#) }

    private static func json(entities: String) -> String {
        """
            {"application": "Phone",
             "types": {"Contact": {"kind": "entity", "entities": \(entities)}},
             "intents": {
               "Call": {"parameters": {"who": {"type": "Contact"}}, "phrases": ["call \\(who)", "phone \\(who) [please]"]},
               "SendMessage": {"parameters": {"who": {"type": "Contact"}}, "phrases": ["send a message to \\(who)", "text \\(who)"]}
             }}
            """
    }

    /// Contact `index`'s name: each of 200 first names with each of 500
    /// surnames (the first thousand already spread over many surnames),
    /// then a middle name for the next hundred thousands, up to 1,100,000.
    static func name(_ index: Int) -> String {
        let base = index % 100_000, first = base % 200, row = base / 200
        let last = CommonNames.last[(201 * row + first) % 500]
        var words = [CommonNames.first[first], last]
        if index >= 100_000 { words.insert(CommonNames.middle[(index / 100_000 - 1) % CommonNames.middle.count], at: 1) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// This book's contact `index`: the common names' (`name(_:)`), or
    /// past the first thousand, with --diverse-names, `DiverseNames`'.
    func name(_ index: Int) -> String { Self.name(index, diverse: diverseWords) }

    private static func name(_ index: Int, diverse words: (first: [String], last: [String])?) -> String {
        guard let words, index >= 1_000 else { return name(index) }
        return DiverseNames.name(index - 1_000, words: words)
    }

    /// `count` commands spread over the book.
    func sentences(count samples: Int) -> [Sentence] {
        (0..<samples).map { sample in
            let contact = (sample * 7919) % count
            let name = self.name(contact).lowercased()
            return sample % 2 == 0
                ? Sentence(text: "call \(name)", intent: "Call", contact: "c\(contact)")
                : Sentence(text: "send a message to \(name)", intent: "SendMessage", contact: "c\(contact)")
        }
    }
}
