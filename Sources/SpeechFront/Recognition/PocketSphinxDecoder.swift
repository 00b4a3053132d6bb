internal import CPocketSphinx
import Foundation
import PhraseMatcher
import Synchronization

/// One PocketSphinx decoder (Debian's 0.8+5prealpha API) and its
/// configuration; the decoder is freed when this object goes, then the
/// configuration it was made from.
final class PocketSphinxDecoder {
    private let decoder: OpaquePointer
    private let configuration: SphinxConfiguration
    private var config: OpaquePointer { configuration.handle }

    /// `options` are PocketSphinx flags without the dash (`hmm`, `dict`, `bestpath`…).
    init(options: [(String, String)], verbose: Bool) throws(SpeechError) {
        configuration = try SphinxConfiguration(options, definitions: ps_args(), strict: true, what: "PocketSphinx")
        guard let decoder = ps_init(configuration.handle) else {
            throw SpeechError("PocketSphinx could not start (ps_init failed: \(Self.lastLoggedError())): check the acoustic model and dictionary files")
        }
        self.decoder = decoder
    }

    /// Whether the audio decoded next continues the stream of the utterances
    /// before it. PocketSphinx's front end keeps its noise estimate (and with
    /// it which frames count as silence) from one utterance to the next: within
    /// one recording or microphone stream that is the same room, but carried
    /// into the next recording it made a result depend on what was decoded
    /// earlier, on --jobs and on the order of files.
    private var inStream = false

    /// The next utterance starts a new stream, with nothing carried over.
    func startStream() { inStream = false }

    deinit {
        ps_free(decoder)
    }

    /// PocketSphinx's log is kept for failure reasons, and shown on stderr
    /// only when `verbose` (process-wide: the log is the library's).
    static func captureLog(verbose: Bool) {
        logConfigured.withLock { configured in
            configured = true
            voicecmd_capture_log(verbose ? 1 : 0)
            // Configuration dumps bypass the callback and go to the log file.
            if !verbose { err_set_logfp(nil) }
        }
    }

    /// The quiet log, unless a recogniser already chose (its `verbose` stays).
    static func captureLogUnlessConfigured() {
        guard !logConfigured.withLock({ $0 }) else { return }
        captureLog(verbose: false)
    }

    private static let logConfigured = Mutex(false)

    /// The reason PocketSphinx logged for the failure just seen on this thread.
    static func lastLoggedError() -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        voicecmd_take_last_error(&buffer)
        if buffer[0] == 0 { return "no reason given in PocketSphinx's log" }
        // "ERROR: \"file.c\", line 12: what went wrong\n" → "what went wrong"
        var text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let line = text.range(of: #"line [0-9]+: "#, options: .regularExpression) { text = String(text[line.upperBound...]) }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "no reason given in PocketSphinx's log" : text
    }

    /// Makes a C call and checks it; an error logged by an earlier call
    /// is forgotten first, so the reason given is this call's.
    /// `failure`, when given, says what the failure means to the user, from
    /// the library's reason.
    private func run(_ call: () -> Int32, _ function: @autoclosure () -> String, failure: ((String) -> String)? = nil) throws(SpeechError) {
        voicecmd_forget_last_error()
        var reason = ""
        let result = call()
        // The call's name is made only for a failure (a list of 100,000 names adds as many words).
        guard result < 0 else { return }
        do {
            try check(result, function(), reason: { _ in reason = Self.lastLoggedError(); return reason })
        } catch {
            throw failure.map { SpeechError($0(reason)) } ?? error
        }
    }

    /// The pronunciation of a dictionary word, nil when it is not in the dictionary.
    func pronunciation(of word: String) -> String? {
        guard let phones = ps_lookup_word(decoder, word) else { return nil }
        defer { free(phones) }
        return String(cString: phones)
    }

    func addWord(_ word: String, phones: String, updateSearch: Bool) throws(SpeechError) {
        try run({ ps_add_word(decoder, word, phones, updateSearch ? 1 : 0) }, "ps_add_word(\(word))")
    }

    /// Gives the decoder a finite-state grammar, built in memory as
    /// `fsg_model_read` builds one from a file. (That reader keeps its words
    /// in a hash table of 32 buckets, and 50,000 entity names made it walk
    /// chains of thousands for every arc.)
    func addFiniteStateGrammar(named name: String, _ grammar: FiniteStateGrammar) throws(SpeechError) {
        let weight = Float(cmd_ln_float_r(config, "-lw"))
        let logmath = ps_get_logmath(decoder)
        guard let fsg = fsg_model_init(name, logmath, weight, Int32(grammar.stateCount)) else {
            throw SpeechError("fsg_model_init failed on the \(name) grammar: \(Self.lastLoggedError())")
        }
        // ps_set_fsg keeps its own reference.
        defer { fsg_model_free(fsg) }
        fsg.pointee.start_state = grammar.start
        fsg.pointee.final_state = grammar.final
        // The word table as the reader leaves it, from malloc: fsg_model_free
        // frees it and its strings, and PocketSphinx grows it with realloc.
        let capacity = grammar.words.count + 10
        guard let vocabulary = calloc(capacity, MemoryLayout<UnsafeMutablePointer<CChar>?>.stride)?
            .bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: capacity) else {
            throw SpeechError("out of memory for the \(grammar.words.count) words of the \(name) grammar")
        }
        for (index, word) in grammar.words.enumerated() { vocabulary[index] = strdup(word) }
        fsg.pointee.vocab = vocabulary
        fsg.pointee.n_word = Int32(grammar.words.count)
        fsg.pointee.n_word_alloc = Int32(capacity)
        var nulls: glist_t?
        for transition in grammar.transitions {
            let logProbability = Int32(Float(logmath_log(logmath, transition.probability)) * weight)
            if let word = transition.word {
                fsg_model_trans_add(fsg, transition.from, transition.to, logProbability, word)
            } else if fsg_model_null_trans_add(fsg, transition.from, transition.to, logProbability) == 1 {
                nulls = glist_add_ptr(nulls, fsg_model_null_trans(fsg, transition.from, transition.to))
            }
        }
        glist_free(fsg_model_null_trans_closure(fsg, nulls))
        try run({ ps_set_fsg(decoder, name, fsg) }, "ps_set_fsg(\(name))")
    }

    /// Gives the decoder an n-gram search of `arpa` (a grammar's, see
    /// `GrammarLanguageModel`) in which each class token stands for its
    /// members, every member equally likely. The members must be in the
    /// dictionary already. sphinxbase reads models only from files: the
    /// text goes through a temporary file, removed once read.
    func addClassLanguageModel(named name: String, arpa: String, classes: [(token: String, members: [String])]) throws(SpeechError) {
        let path = NSTemporaryDirectory() + "/voicecmd-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).arpa"
        // Written plainly: it lives for one call (FileReplacement's flushes
        // cost 0.25 s for 100,000 names' padding).
        do {
            try Data(arpa.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            throw SpeechError("cannot write the \(name) language model to \(path): \(SystemReason.of(error))")
        }
        defer { unlink(path) }
        voicecmd_forget_last_error()
        guard let model = ngram_model_read(config, path, NGRAM_ARPA, ps_get_logmath(decoder)) else {
            throw SpeechError("cannot read the \(name) language model: \(Self.lastLoggedError())")
        }
        // ps_set_lm keeps its own reference.
        defer { ngram_model_free(model) }
        for (token, members) in classes {
            var words: [UnsafeMutablePointer<CChar>?] = members.map { strdup($0) }
            defer { words.forEach { free($0) } }
            var weights = [Float](repeating: 1, count: members.count)
            try run({ ngram_model_add_class(model, token, 1, &words, &weights, Int32(members.count)) < 0 ? -1 : 0 },
                    "ngram_model_add_class(\(token))")
        }
        try run({ ps_set_lm(decoder, name, model) }, "ps_set_lm(\(name))")
    }

    func addLanguageModel(named name: String, path: String) throws(SpeechError) {
        try run({ ps_set_lm_file(decoder, name, path) }, "ps_set_lm_file(\(path))", failure: { reason in
            "\(path): not a language model PocketSphinx can read (ARPA text or its binary form; PocketSphinx: \(reason))"
        })
    }

    /// An unconstrained phone loop (no phone language model: every phone may
    /// follow every other), the yardstick for grammar confidence.
    func addPhoneLoop(named name: String) throws(SpeechError) {
        try run({ ps_set_allphone(decoder, name, nil) }, "ps_set_allphone(\(name))")
    }

    /// A keyphrase search: spots `phrase` anywhere in the audio, against a
    /// loop of phones (`kws_threshold` and `kws_plp`, set through
    /// `creatingSearch`, decide how sure it must be).
    func addKeyphrase(named name: String, phrase: String) throws(SpeechError) {
        try run({ ps_set_keyphrase(decoder, name, phrase) }, "ps_set_keyphrase(\(name))")
    }

    /// Search settings that a search reads once, when it is created
    /// (beams, active HMM limits): setting them before creating each search
    /// gives each its own. Restored afterwards for the searches that follow.
    func creatingSearch(with settings: [(String, String)], _ create: () throws(SpeechError) -> Void) throws(SpeechError) {
        var previous: [(flag: String, value: SearchSetting)] = []
        defer { for (flag, value) in previous.reversed() { set(flag, value) } }
        for (name, text) in settings {
            let flag = "-" + name
            let value: SearchSetting
            if Self.integerSettings.contains(name) {
                guard let number = Int(text) else { throw SpeechError("PocketSphinx setting -\(name) needs a whole number, not \"\(text)\"") }
                previous.append((flag, .integer(cmd_ln_int_r(config, flag))))
                value = .integer(number)
            } else if Self.booleanSettings.contains(name) {
                guard let on = ["yes": 1, "no": 0, "true": 1, "false": 0][text.lowercased()] else {
                    throw SpeechError("PocketSphinx setting -\(name) needs yes or no, not \"\(text)\"")
                }
                previous.append((flag, .integer(cmd_ln_int_r(config, flag))))
                value = .integer(on)
            } else if Self.floatSettings.contains(name) {
                guard let number = Double(text) else { throw SpeechError("PocketSphinx setting -\(name) needs a number, not \"\(text)\"") }
                previous.append((flag, .float(cmd_ln_float_r(config, flag))))
                value = .float(number)
            } else {
                throw SpeechError("-\(name) is not a per-search PocketSphinx setting (use one of \((Self.floatSettings.union(Self.integerSettings).union(Self.booleanSettings)).sorted().joined(separator: ", ")))")
            }
            set(flag, value)
        }
        try create()
    }

    private enum SearchSetting {
        case integer(Int)
        case float(Double)
    }

    private func set(_ flag: String, _ value: SearchSetting) {
        switch value {
        case .integer(let number): cmd_ln_set_int_r(config, flag, number)
        case .float(let number): cmd_ln_set_float_r(config, flag, number)
        }
    }

    private static let floatSettings: Set<String> = ["beam", "wbeam", "pbeam", "lpbeam", "lponlybeam", "fwdflatbeam", "fwdflatwbeam",
                                                     "kws_threshold", "kws_plp"]
    private static let integerSettings: Set<String> = ["maxhmmpf", "maxwpf", "kws_delay"]
    /// Passes of the language-model search, read when it is created.
    private static let booleanSettings: Set<String> = ["fwdflat"]

    /// Forgets a search (its grammar is freed with it).
    func removeSearch(_ name: String) throws(SpeechError) {
        try run({ ps_unset_search(decoder, name) }, "ps_unset_search(\(name))")
    }

    func useSearch(_ name: String) throws(SpeechError) {
        try run({ ps_set_search(decoder, name) }, "ps_set_search(\(name))")
    }

    /// Starts and ends an empty utterance on a search, so it frees what its
    /// last result still holds (the phone loop keeps its last backtrace until
    /// the next utterance, and frees nothing at ps_free in this version).
    func releaseLastResult(ofSearch name: String) {
        guard ps_set_search(decoder, name) == 0, ps_start_utt(decoder) == 0 else { return }
        _ = ps_end_utt(decoder)
    }

    /// Frames per second of the front end (100 by default).
    var framesPerSecond: Double {
        Double(cmd_ln_int_r(config, "-frate"))
    }

    // MARK: Streaming

    /// Opens an utterance fed piece by piece (`process`), whose words can
    /// be read while it is open (`wordsSoFar`).
    func beginUtterance() throws(SpeechError) {
        if !inStream {
            try run({ ps_start_stream(decoder) }, "ps_start_stream")
            inStream = true
        }
        try run({ ps_start_utt(decoder) }, "ps_start_utt")
    }

    /// More of the open utterance.
    func process(_ samples: [Int16]) throws(SpeechError) {
        try run({
            samples.withUnsafeBufferPointer { buffer in ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 0) }
        }, "ps_process_raw")
    }

    /// The open utterance's words so far (the keyphrase search's
    /// detections), in seconds from its start.
    func wordsSoFar() -> [DecodedWord] {
        words()
    }

    /// The words of the current hypothesis, in seconds from the utterance's start.
    private func words() -> [DecodedWord] {
        var words: [DecodedWord] = []
        var segment = ps_seg_iter(decoder)
        let rate = framesPerSecond
        while let current = segment {
            var start: Int32 = 0, end: Int32 = 0
            ps_seg_frames(current, &start, &end)
            var acoustic: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
            _ = ps_seg_prob(current, &acoustic, &language, &backoff)
            let word = DecodedWord(word: String(cString: ps_seg_word(current)), start: Double(start) / rate,
                                   end: Double(end + 1) / rate, acousticScore: Int(acoustic))
            words += splitClassMember(word)
            segment = ps_seg_next(current)
        }
        return words
    }

    /// A class member (`GrammarClass.memberToken`, one decoder word for a
    /// name or its first word; `restToken`, for the rest of one) as its
    /// words, its time and acoustic score shared among them by their
    /// phones: the rest of voicecmd hears words.
    private func splitClassMember(_ word: DecodedWord) -> [DecodedWord] {
        guard let parts = GrammarClass.words(ofMember: word.word), parts.count > 0 else { return [word] }
        guard parts.count > 1 else { return [DecodedWord(word: parts[0], start: word.start, end: word.end, acousticScore: word.acousticScore)] }
        let phones = parts.map { max(1, (pronunciation(of: $0) ?? "").split(separator: " ").count) }
        let total = Double(phones.reduce(0, +))
        var result: [DecodedWord] = []
        var start = word.start
        var scoreLeft = word.acousticScore
        for (index, part) in parts.enumerated() {
            let share = Double(phones[index]) / total
            let last = index == parts.count - 1
            // Frames stay whole: each part ends on a frame boundary.
            let rate = framesPerSecond
            let end = last ? word.end : ((start + (word.end - word.start) * share) * rate).rounded() / rate
            let score = last ? scoreLeft : Int((Double(word.acousticScore) * share).rounded())
            scoreLeft -= score
            result.append(DecodedWord(word: part, start: start, end: end, acousticScore: score))
            start = end
        }
        return result
    }

    /// A hypothesis with each class member written as its name's words.
    private static func expandingClassMembers(_ text: String) -> String {
        guard text.contains(":") || text.contains(".") else { return text }
        return text.split(separator: " ").map { token in
            GrammarClass.words(ofMember: String(token))?.joined(separator: " ") ?? String(token)
        }.joined(separator: " ")
    }

    func endUtterance() throws(SpeechError) {
        try run({ ps_end_utt(decoder) }, "ps_end_utt")
    }

    /// Decodes `samples` as one utterance, normalising over the whole of it.
    /// `words: false` skips the word segmentation (the phone loop's segment
    /// iterator leaks in this PocketSphinx version, and only its score is needed).
    func decode(_ samples: [Int16], nbest: Int, words wantWords: Bool = true) throws(SpeechError) -> DecodedUtterance {
        if !inStream {
            try run({ ps_start_stream(decoder) }, "ps_start_stream")
            inStream = true
        }
        try run({ ps_start_utt(decoder) }, "ps_start_utt")
        try run({
            samples.withUnsafeBufferPointer { buffer in ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 1) }
        }, "ps_process_raw")
        try run({ ps_end_utt(decoder) }, "ps_end_utt")
        var score: Int32 = 0
        let text = Self.expandingClassMembers(ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? "")
        let words = wantWords ? words() : []
        var alternatives: [(String, Int)] = []
        if nbest > 1, var iterator = ps_nbest(decoder) {
            // ps_nbest_next frees the iterator when it runs out; stopping early frees it here.
            var exhausted = false
            while alternatives.count < nbest {
                var alternativeScore: Int32 = 0
                if let hypothesis = ps_nbest_hyp(iterator, &alternativeScore) {
                    let alternative = Self.expandingClassMembers(String(cString: hypothesis))
                    if !alternatives.contains(where: { $0.0 == alternative }) { alternatives.append((alternative, Int(alternativeScore))) }
                }
                guard let next = ps_nbest_next(iterator) else { exhausted = true; break }
                iterator = next
            }
            if !exhausted { ps_nbest_free(iterator) }
        }
        return DecodedUtterance(text: text, score: Int(score), frames: Int(ps_get_n_frames(decoder)), words: words,
                                alternatives: alternatives, logBase: logBase)
    }

    private var logBase: Double {
        guard let logmath = ps_get_logmath(decoder) else { return 1.0001 }
        return logmath_get_base(logmath)
    }
}

/// A word as the decoder found it.
struct DecodedWord: Sendable {
    var word: String
    var start: Double
    var end: Double
    var acousticScore: Int
}

/// What one decode produced, in PocketSphinx's terms.
struct DecodedUtterance: Sendable {
    var text: String
    /// Path score in the decoder's log base.
    var score: Int
    var frames: Int
    var words: [DecodedWord]
    var alternatives: [(String, Int)]
    var logBase: Double
}
