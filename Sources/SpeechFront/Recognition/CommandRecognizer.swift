import Foundation
import PhraseMatcher

/// Recognises commands of one model in recordings: PocketSphinx searching
/// the model's grammar (and the general language model when needed), then
/// the phrase matcher. One recogniser holds one decoder: use one per thread.
public final class CommandRecognizer {
    public struct Options: Sendable {
        public var mode: SearchMode = .auto
        public var nbest = 1
        public var verbose = false
        public var files: SpeechModelFiles
        /// In `auto` mode, utterances whose confidence (the probability
        /// that the command is what was said, `ConfidenceModel`) is below
        /// this are rejected as not a command. At 0.3 the synthetic test
        /// voices keep as many of their commands as under the confidence
        /// before (a phone-loop margin alone) while lone words and orders
        /// that are no command of the model pass about a quarter as often
        /// (development figures in the README). 0.5 (more likely what was
        /// said than not) passes 2–5 % of them, and turns away a third of
        /// the commands of voices unlike any the acoustic model knows
        /// (espeak-ng's, telephone-band ones).
        public var minimumConfidence: Double = 0.3
        /// Answers to a question below this confidence are not trusted: an
        /// answer grammar is small, so any sound fits some answer, and a
        /// doubtful "yes" must not confirm anything. The same calibrated
        /// confidence as commands.
        public var minimumAnswerConfidence: Double = 0.45
        /// Audio after a wake phrase shorter than this (in seconds, the
        /// utterance's trailing padding included) holds no command.
        public var shortestAfterWake = 0.55
        /// In `auto` mode with free-text intents, grammar results below this
        /// confidence are checked against the general language model.
        public var freeTextCheckBelow: Double = 0.7
        /// A recording heard whole with at least this confidence is not also
        /// heard in parts split at its pauses.
        public var confidentWhole: Double = 0.7
        /// Pronunciations for a model without a file beside it (the built-in
        /// one), used like its `.dict` file.
        public var pronunciations: [String: String] = [:]
        /// Whether the decoder keeps every frame instead of removing what its
        /// own detector takes for silence. Kept, word times are right; but
        /// decoding changes (the synthetic test voices lost commands), and
        /// `ConfidenceModel` was fitted on the frames kept without it (the
        /// grammar's and the phone loop's decodes drop the same frames, so
        /// the evidence compares like with like either way).
        public var keepsEveryFrame = false
        /// More PocketSphinx flags (name without the dash, value), after voicecmd's own.
        public var decoderSettings: [(String, String)] = []
        /// Beams of the command grammar search. Wide: in noise the default
        /// beams lose every complete path through the grammar.
        public var grammarSearchSettings: [(String, String)] = [("beam", "1e-80"), ("wbeam", "1e-60"), ("pbeam", "1e-80")]
        /// Settings of the general language-model search, which hears free
        /// text: one pass, without the flat-lexicon rescoring, to answer
        /// within the trailing silence more often (its cost is most of the
        /// listen latency). Narrower beams were faster still but lost free
        /// text on the test voices.
        public var languageSearchSettings: [(String, String)] = [("fwdflat", "no")]
        /// Beams of the phone loop that grammar confidence is measured against.
        public var phoneLoopSettings: [(String, String)] = []
        /// Where recordings are split into utterances. A long trailing
        /// silence: a recording is not a conversation, and splitting one
        /// command in two loses it.
        public var segmentation: Endpointer.Settings = {
            var settings = Endpointer.Settings()
            settings.trailingSilence = 1.5
            settings.maximumLength = 30
            settings.padding = 0.3
            return settings
        }()

        /// A recording in which the endpointer finds no utterance is heard
        /// only when RNNoise hears a voice in at least this many seconds of
        /// it: as much as it takes the endpointer to open an utterance.
        public var minimumVoice = Endpointer.Settings().minimumSpeech
        /// Noise suppression (RNNoise) before endpointing and decoding.
        public var denoise: DenoiseMode = .auto
        /// In `auto` mode, a recording (or an utterance of a stream) is
        /// denoised when its estimated signal-to-noise ratio
        /// (`SignalToNoiseEstimate`) is below this, in dB.
        public var denoiseBelow: Double = 45
        /// Denoising lowers the background to this many dB under the speech
        /// and no further: to where a quiet recording's is (the clean
        /// barista recordings measure a median of 64 dB).
        public var denoiseTarget: Double = 60

        public init(files: SpeechModelFiles) { self.files = files }
    }

    public private(set) var matcher: Matcher
    public let options: Options
    /// Words the dictionary lacked, with the pronunciation used and where it came from.
    public private(set) var addedWords: [(word: String, phones: String, source: String)] = []
    private let decoder: PocketSphinxDecoder
    private var grammar: JSGFGrammar
    private let overrides: [String: String]
    /// For errors about words: where the model writes them, and its file.
    private var wordLocations = WordLocations()
    private let modelPath: String?
    private var hasLanguageModel = false
    /// Intents with free text, which the grammar cannot hear.
    /// Intents with free text, as application and name.
    private var freeTextIntents: Set<[String]> { Set(grammar.intentsNeedingLanguageModel.map { [$0.application, $0.intent] }) }
    private var hasPhoneLoop = false
    /// The decoder knows only the words it was given (grammars, answers,
    /// the wake phrase), looked up in the dictionary file as needed; the
    /// whole file is loaded before the language model, which needs it all.
    private var dictionaryIsLean: Bool

    /// Compiled answer grammars by their JSGF text, each a search of its own,
    /// so asking the same question again switches searches without compiling.
    private var answerSearches: [String: AnswerSearch] = [:]
    private static let answerSearchLimit = 16

    /// The wake phrase the keyphrase search spots, once one is set.
    public private(set) var wakePhrase: WakePhrase?

    private static let grammarSearch = "commands"
    private static let wakeSearch = "wake"
    /// The command grammar after the wake phrase, for both in one breath.
    private static let wakeCommandSearch = "wake-commands"
    private static let languageSearch = "language"
    private static let phoneSearch = "phones"

    /// `modelPath` locates the override dictionary beside the model;
    /// `matcher` is the model's, borrowed from whoever owns it (the
    /// engine), or compiled here when none is given.
    public init(model: CommandModel, matcher: Matcher? = nil, modelPath: String?, options: Options) throws(SpeechError) {
        self.matcher = matcher ?? Matcher(model: model)
        self.options = options
        self.grammar = JSGFGrammar(model: model)
        self.overrides = try Pronunciations.overrides(forModel: modelPath, builtIn: options.pronunciations)
        self.modelPath = modelPath
        if options.denoise == .on, let reason = NoiseSuppressor.unavailableReason {
            throw SpeechError("cannot denoise: \(reason)")
        }
        PocketSphinxDecoder.captureLog(verbose: options.verbose)
        dictionaryIsLean = options.mode != .lm && !Self.mayNeedLanguageModel(model, grammar: grammar)
        if dictionaryIsLean, !FileManager.default.isReadableFile(atPath: options.files.dictionary) {
            throw SpeechError("cannot read the pronunciation dictionary \(options.files.dictionary)")
        }
        // Grammar results lose their last word to the lattice pass: keep it off.
        decoder = try PocketSphinxDecoder(options: [
            ("hmm", options.files.acousticModel), ("dict", dictionaryIsLean ? "/dev/null" : options.files.dictionary),
            ("bestpath", "no"), ("cmn", "batch"), ("allphone_ci", "yes"), ("remove_silence", options.keepsEveryFrame ? "no" : "yes"),
        ] + options.decoderSettings, verbose: options.verbose)
        try loadGrammar(model)
        try decoder.useSearch(Self.grammarSearch)
    }

    /// Replaces the model (new entities from a query, say): the recognition
    /// grammar is rebuilt in place, the decoder kept, and the matcher is the
    /// one given (the owner's, already rebuilt) or compiled here.
    public func update(model: CommandModel, matcher: Matcher? = nil) throws(SpeechError) {
        self.matcher = matcher ?? Matcher(model: model)
        grammar = JSGFGrammar(model: model)
        answerSearches = [:]
        try loadGrammar(model)
        try decoder.useSearch(Self.grammarSearch)
    }

    /// Compiles the model's grammar and gives it to the decoder (replacing
    /// the previous one of the same name), with any words it lacks.
    private func loadGrammar(_ model: CommandModel) throws(SpeechError) {
        wordLocations = model.wordLocations
        try addGrammarSearch(named: Self.grammarSearch, grammar, alsoKnowing: matcherWords(model), what: "recognition grammar")
        if let wakePhrase { try loadWakeCommandGrammar(wakePhrase) }
    }

    private func loadWakeCommandGrammar(_ phrase: WakePhrase) throws(SpeechError) {
        try addGrammarSearch(named: Self.wakeCommandSearch, grammar, prefix: phrase.words, what: "recognition grammar")
    }

    /// Compiles `grammar` (after the words of `prefix`, if any) into a search
    /// called `name` (replacing one of that name), with the words it lacks
    /// added to the dictionary first.
    private func addGrammarSearch(named name: String, _ grammar: JSGFGrammar, alsoKnowing extraWords: [String] = [],
                                  prefix: [String] = [], what: String) throws(SpeechError) {
        try addMissingWords(prefix + grammar.words + extraWords, overrides: overrides)
        let automaton: WordAutomaton
        do {
            automaton = try RecognitionGrammar.automaton(for: grammar)
        } catch {
            throw SpeechError("cannot compile the \(what): \(error)")
        }
        let fsg = (prefix.isEmpty ? automaton : automaton.prefixed(by: prefix)).finiteStateGrammar()
        try decoder.creatingSearch(with: options.grammarSearchSettings) { () throws(SpeechError) in
            try decoder.addFiniteStateGrammar(named: name, fsg)
        }
    }

    deinit {
        if hasPhoneLoop { decoder.releaseLastResult(ofSearch: Self.phoneSearch) }
    }

    /// Words of the model outside the grammar (free-text phrases) that the
    /// language model search should know too.
    private func matcherWords(_ model: CommandModel) -> [String] {
        guard options.mode != .grammar else { return [] }
        var words: Set<String> = []
        for intent in model.intents {
            for phrase in intent.phrases { words.formUnion(Self.literalWords(phrase.template.elements)) }
        }
        return words.sorted()
    }

    private static func literalWords(_ elements: [PhraseTemplate.Element]) -> [String] {
        elements.flatMap { element -> [String] in
            switch element {
            case .word(let word): [word]
            case .choice(let alternatives), .optional(let alternatives): alternatives.flatMap(literalWords)
            case .slot, .applicationName: []
            }
        }
    }

    /// Free text (a string parameter) is heard by the language model.
    private static func mayNeedLanguageModel(_ model: CommandModel, grammar: JSGFGrammar) -> Bool {
        !grammar.intentsNeedingLanguageModel.isEmpty
            || model.intents.contains { $0.parameters.contains { $0.type == .string } }
    }

    /// The rest of the dictionary file, for the language model (a model
    /// given free text by `update`). Added word by word, not reloaded:
    /// reloading would drop the words already added and the grammars
    /// that use them.
    private func loadFullDictionary() throws(SpeechError) {
        guard dictionaryIsLean else { return }
        for entry in try PronunciationDictionary.entries(for: nil, in: options.files.dictionary)
        where decoder.pronunciation(of: entry.word) == nil {
            try? decoder.addWord(entry.word, phones: entry.phones, updateSearch: false)
        }
        dictionaryIsLean = false
    }

    private func addMissingWords(_ words: [String], overrides: [String: String]) throws(SpeechError) {
        var seen: Set<String> = []
        let unknown = words.filter { seen.insert($0).inserted && decoder.pronunciation(of: $0) == nil }
        if dictionaryIsLean {
            // An entry PocketSphinx refuses (a phone it lacks, a word twice)
            // is skipped, as its own reader skips it; the word then gets an
            // override or a guess below.
            for entry in try PronunciationDictionary.entries(for: Set(unknown), in: options.files.dictionary)
            where decoder.pronunciation(of: entry.word) == nil {
                try? decoder.addWord(entry.word, phones: entry.phones, updateSearch: false)
            }
        }
        for word in unknown {
            guard decoder.pronunciation(of: word) == nil else { continue }
            let missing = Pronunciations.pronunciation(of: word, overrides: overrides)
            guard let phones = missing.phones else {
                throw SpeechError(Pronunciations.noPronunciation(for: word, locations: wordLocations, modelPath: modelPath).summary)
            }
            try decoder.addWord(word, phones: phones, updateSearch: false)
            addedWords.append((word, phones, missing.source))
        }
    }

    /// Recordings up to this long are first heard whole, as one command.
    static let wholeRecordingLimit = 30.0

    /// Recognises every utterance of a recording.
    ///
    /// A short recording is heard whole as well as split at its silences:
    /// pauses inside one command, and noise, make splitting cut commands
    /// apart, so the parts win only when each of them is a command. Longer
    /// recordings stream through the splitter, never held. Whether to
    /// denoise is decided on the first 30 s (`denoiser(for:)`).
    public func transcribe(_ source: inout any AudioReader) throws -> [Transcript] {
        startNewStream()
        var held: [Int16] = []
        let limit = Int(Self.wholeRecordingLimit * Double(RecognizerAudio.sampleRate))
        let segmenter = try Endpointer(settings: options.segmentation)
        var transcripts: [Transcript] = []
        var streaming = false
        var denoiser: DenoisingStage?
        while let chunk = try source.nextChunk() {
            if streaming {
                let audio = try denoiser?.process(chunk) ?? chunk
                for segment in try segmenter.feed(audio) { transcripts.append(try recognize(segment)) }
                continue
            }
            held += chunk
            if held.count > limit {
                streaming = true
                denoiser = try self.denoiser(for: held)
                let audio = try denoiser?.process(held) ?? held
                for segment in try segmenter.feed(audio) { transcripts.append(try recognize(segment)) }
                held = []
            }
        }
        if streaming {
            if let denoiser {
                for segment in try segmenter.feed(try denoiser.finish()) { transcripts.append(try recognize(segment)) }
            }
            if let segment = segmenter.finish() { transcripts.append(try recognize(segment)) }
            return transcripts
        }
        var voice: [Float]?
        if let denoiser = try self.denoiser(for: held) {
            let body = try denoiser.run(held), tail = try denoiser.finishing()
            held = body.samples + tail.samples
            voice = body.voice + tail.voice
        }
        return try transcribeShort(held, voice: voice)
    }

    /// The audio heard next is a new recording or stream: nothing heard
    /// before shapes how it is heard (`transcribe` starts one itself).
    public func startNewStream() {
        decoder.startStream()
    }

    /// Seconds of `samples` in which RNNoise hears a voice; nil without
    /// RNNoise. `voice`: the probabilities already found while denoising.
    private static func voicedSeconds(_ samples: [Int16], voice: [Float]?) throws(SpeechError) -> Double? {
        if let voice { return DenoisingStage.voicedSeconds(voice) }
        guard NoiseSuppressor.unavailableReason == nil else { return nil }
        return DenoisingStage.voicedSeconds(try DenoisingStage.voiceProbabilities(of: samples))
    }

    /// A fresh suppressor for a recording that should be denoised
    /// (`denoises`), nil when it should not.
    public func denoiser(for opening: [Int16]) throws(SpeechError) -> DenoisingStage? {
        try attenuationLimit(for: opening).map { limit throws(SpeechError) in try DenoisingStage(attenuationLimit: limit) }
    }

    /// Whether a recording opening with `opening` is denoised: always with
    /// `on`, and with `auto` when its background is within `denoiseBelow`
    /// dB of its speech and RNNoise is there.
    public func denoises(_ opening: [Int16]) -> Bool {
        attenuationLimit(for: opening) != nil
    }

    /// How far denoising lowers the background of such a recording: to
    /// `denoiseTarget` dB under the speech, no further
    /// (`DenoisingStage.attenuationLimit`); nil when it is not denoised.
    private func attenuationLimit(for opening: [Int16]) -> Double? {
        guard options.denoise != .off else { return nil }
        let estimate = SignalToNoiseEstimate.decibels(opening[...])
        if options.denoise == .auto {
            guard NoiseSuppressor.unavailableReason == nil, let estimate, estimate < options.denoiseBelow else { return nil }
        }
        return estimate.map { DenoisingStage.attenuationLimit(signalToNoise: $0, quiet: options.denoiseTarget) } ?? .infinity
    }

    /// `voice`: RNNoise's voice probabilities, when the recording went through it.
    private func transcribeShort(_ samples: [Int16], voice: [Float]?) throws(SpeechError) -> [Transcript] {
        let segmenter = try Endpointer(settings: options.segmentation)
        var segments = try segmenter.feed(samples)
        if let last = segmenter.finish() { segments.append(last) }
        // Without an utterance the recording is still heard whole (it may be
        // too short for the detector, or speech from its first moment), but
        // only when a model of speech hears a voice in it: steady noise
        // otherwise came out as the command it sounds most like.
        var wholeVoice: [Bool]?
        if segments.isEmpty, segmenter.gate == .silero {
            // The gate's network is the judge of a voice when it is there.
            let voice = try SileroSpeechDetector.voiceFrames(of: samples)
            if Double(voice.filter { $0 }.count) / 100 < options.minimumVoice { return [] }
            wholeVoice = voice
        } else if segments.isEmpty, let voiced = try Self.voicedSeconds(samples, voice: voice), voiced < options.minimumVoice {
            return []
        }
        // Heard whole from the start of the recording (the detector's noise
        // estimate needs a moment to settle, and speech may start at once)
        // to the end of the last utterance, or to the end when none was found.
        // A vetoed stretch after the last utterance may still hold the end
        // of a command the energy detector cut in two: the whole runs to it.
        let lastEnd = max(segments.last?.end ?? 0, segmenter.lastVetoedEnd ?? 0)
        let end = min(samples.count, segments.isEmpty && segmenter.lastVetoedEnd == nil
                      ? samples.count : Int((lastEnd * Double(RecognizerAudio.sampleRate)).rounded()))
        guard end > 0 else { return [] }
        var whole = SpeechSegment(samples: Array(samples[..<end]), start: 0)
        if let wholeVoice {
            whole.voiceFrames = wholeVoice
        } else if segmenter.gate == .silero {
            // The gate's verdicts of the parts, placed in the whole (silent between them).
            var frames = [Bool](repeating: false, count: (end + VoiceActivityDetector.frameShift - 1) / VoiceActivityDetector.frameShift)
            for segment in segments {
                let first = Int((segment.start * 100).rounded())
                for (index, voiced) in (segment.voiceFrames ?? []).enumerated() where first + index < frames.count { frames[first + index] = voiced }
            }
            whole.voiceFrames = frames
        }
        let heard = try recognize(whole)
        // A confident whole needs no second look (it saves decoding the parts).
        if segments.count <= 1 || (heard.match?.best != nil && heard.confidence >= options.confidentWhole) { return [heard] }
        // Several commands when every part is one; otherwise the pauses were
        // inside one command (or noise) and the whole is what was said.
        let parts = try segments.map { segment throws(SpeechError) in try recognize(segment) }
        // A part must be confidently a command even in grammar mode, where
        // nothing is rejected: noise after a command otherwise becomes a
        // second, invented one.
        let partsAreCommands = parts.allSatisfy { $0.match?.best != nil && $0.confidence >= options.minimumConfidence }
        if partsAreCommands || heard.match?.best == nil { return parts }
        return [heard]
    }

    /// Recognises an answer to a question: with `grammar`, the answers the
    /// question accepts (a small model of them); without one, free text
    /// through the general language model. Speech that fits the answers
    /// only loosely (confidence below `minimumAnswerConfidence`) is not an
    /// answer: its transcript comes back with no match.
    public func recognizeAnswer(_ segment: SpeechSegment, grammar answers: CommandModel?) throws(SpeechError) -> Transcript {
        guard let answers else { return try recognizeWithLanguageModel(segment) }
        let search = try answerSearch(for: answers)
        defer { try? decoder.useSearch(Self.grammarSearch) }
        let decoded = try decoder.decode(segment.samples, nbest: 1)
        var transcript = makeTranscript(decoded, segment: segment, mode: .grammar, matching: search.matcher)
        (transcript.confidence, transcript.evidence) = try grammarConfidence(decoded, segment: segment, search: search.name)
        if transcript.confidence < options.minimumAnswerConfidence { transcript.match = .none(transcript.text) }
        return transcript
    }

    /// Makes the search for `answers` current, compiling it the first time.
    /// Public so a caller can switch ahead of the answer (and benchmarks can time it).
    public func useAnswerSearch(for answers: CommandModel) throws(SpeechError) {
        _ = try answerSearch(for: answers)
    }

    /// The current search made the one for `answers`: its name and the
    /// matcher of its answers, both compiled once per question text.
    private func answerSearch(for answers: CommandModel) throws(SpeechError) -> AnswerSearch {
        let answerGrammar = JSGFGrammar(model: answers, name: "answer")
        if let known = answerSearches[answerGrammar.text] {
            try decoder.useSearch(known.name)
            return known
        }
        if answerSearches.count >= Self.answerSearchLimit {
            for search in answerSearches.values { try decoder.removeSearch(search.name) }
            answerSearches = [:]
        }
        let search = AnswerSearch(name: "answer\(answerSearches.count)", matcher: Matcher(model: answers))
        try addGrammarSearch(named: search.name, answerGrammar, what: "answer grammar")
        answerSearches[answerGrammar.text] = search
        try decoder.useSearch(search.name)
        return search
    }

    private struct AnswerSearch {
        var name: String
        var matcher: Matcher
    }

    /// Spots `phrase` from now on (replacing any earlier one); its words
    /// join the dictionary the way grammar words do.
    public func setWakePhrase(_ phrase: WakePhrase) throws(SpeechError) {
        try addMissingWords(phrase.words, overrides: overrides)
        if wakePhrase != nil {
            try decoder.removeSearch(Self.wakeSearch)
            try decoder.removeSearch(Self.wakeCommandSearch)
        }
        wakePhrase = nil
        try decoder.creatingSearch(with: [("kws_threshold", String(phrase.threshold)),
                                          ("kws_plp", String(phrase.phoneLoopProbability))]) { () throws(SpeechError) in
            try decoder.addKeyphrase(named: Self.wakeSearch, phrase: phrase.text)
        }
        try loadWakeCommandGrammar(phrase)
        try decoder.useSearch(Self.grammarSearch)
        wakePhrase = phrase
    }

    /// Where the wake phrase was said in `segment` (the first time), nil
    /// when it was not (or no wake phrase is set).
    public func detectWake(in segment: SpeechSegment) throws(SpeechError) -> WakeDetection? {
        guard let wakePhrase else { return nil }
        try decoder.useSearch(Self.wakeSearch)
        defer { try? decoder.useSearch(Self.grammarSearch) }
        let decoded = try decoder.decode(segment.samples, nbest: 1)
        guard let spotted = decoded.words.min(by: { $0.start < $1.start }) else { return nil }
        return WakeDetection(phrase: wakePhrase.text, start: segment.start + spotted.start, end: segment.start + spotted.end)
    }

    /// The command said after the wake phrase in the same breath; nil when
    /// nothing followed it.
    ///
    /// The keyphrase search reports the phrase as soon as it is likely
    /// enough, often before its last sound ends, so cutting there leaves
    /// the tail of the phrase on the command. Instead the utterance from
    /// the phrase on is decoded with the command grammar after the phrase's
    /// words, which places the boundary where the sounds are. The
    /// confidence is the command's alone: its part of the path against the
    /// phone loop over the audio after the phrase.
    public func recognizeCommand(after wake: WakeDetection, in segment: SpeechSegment) throws(SpeechError) -> Transcript? {
        guard let aligned = try alignAfterWake(wake, in: segment) else { return nil }
        if options.mode == .lm {
            let transcript = try recognizeWithLanguageModel(aligned.rest)
            return transcript.text.isEmpty ? nil : transcript
        }
        var transcript = makeTranscript(aligned.command, segment: aligned.piece, mode: options.mode == .auto ? .auto : .grammar)
        guard !transcript.text.isEmpty else { return nil }
        transcript.start = aligned.rest.start
        guard options.mode == .auto else {
            transcript.confidence = Self.pathConfidence(aligned.command)
            return transcript
        }
        (transcript.confidence, transcript.evidence) = try grammarConfidence(aligned.command, segment: aligned.rest, search: Self.wakeCommandSearch)
        if transcript.confidence < options.minimumConfidence { transcript.match = .none(transcript.text) }
        return try preferringFreeText(transcript, aligned.rest)
    }

    /// The audio after the wake phrase; nil when there is too little of it
    /// to hold a command (`shortestAfterWake`, trailing padding included).
    public func speech(after wake: WakeDetection, in segment: SpeechSegment) throws(SpeechError) -> SpeechSegment? {
        try alignAfterWake(wake, in: segment)?.rest
    }

    /// The utterance from the wake phrase on (`piece`), decoded with the
    /// command grammar after the phrase's words; `command` is that decode
    /// without the phrase (its words, and its share of the path score and
    /// frames), `rest` the audio after the phrase.
    private func alignAfterWake(_ wake: WakeDetection, in segment: SpeechSegment) throws(SpeechError)
        -> (piece: SpeechSegment, command: DecodedUtterance, rest: SpeechSegment)? {
        guard let wakePhrase else { return nil }
        let rate = Double(RecognizerAudio.sampleRate)
        let shortest = Int(options.shortestAfterWake * rate)
        let spottedEnd = Int(((wake.end - segment.start) * rate).rounded())
        guard segment.samples.count - spottedEnd >= shortest else { return nil }
        let from = max(0, Int(((wake.start - segment.start - 0.1) * rate).rounded()))
        let piece = SpeechSegment(samples: Array(segment.samples[from...]), start: segment.start + Double(from) / rate)
        try decoder.useSearch(Self.wakeCommandSearch)
        defer { try? decoder.useSearch(Self.grammarSearch) }
        var command = try decoder.decode(piece.samples, nbest: 1)
        // The phrase's words, and fillers around them, are not the command's.
        var phraseWords = wakePhrase.words[...]
        var phraseEnd: Double?
        var phraseScore = 0
        while phraseWords.first != nil, let first = command.words.first {
            let word = Self.stripVariant(first.word)
            guard Self.isFiller(word) || word == phraseWords.first else { break }
            if !Self.isFiller(word) {
                phraseWords = phraseWords.dropFirst()
                phraseEnd = first.end
            }
            phraseScore += first.acousticScore
            command.words.removeFirst()
        }
        // The grammar could not place the phrase: cut where it was spotted.
        let placed = phraseWords.isEmpty ? phraseEnd : nil
        let cut = min(segment.samples.count, placed.map { from + Int(($0 * rate).rounded()) } ?? spottedEnd)
        guard segment.samples.count - cut >= shortest else { return nil }
        let rest = SpeechSegment(samples: Array(segment.samples[cut...]), start: segment.start + Double(cut) / rate)
        command.score -= phraseScore
        command.frames = max(1, Int(Double(rest.samples.count) / rate * decoder.framesPerSecond))
        return (piece, command, rest)
    }

    /// Makes the command grammar the current search again.
    public func useCommandSearch() throws(SpeechError) {
        try decoder.useSearch(Self.grammarSearch)
    }

    /// Recognises one utterance.
    public func recognize(_ segment: SpeechSegment) throws(SpeechError) -> Transcript {
        switch options.mode {
        case .grammar:
            return try recognizeWithGrammar(segment, reject: false)
        case .lm:
            return try recognizeWithLanguageModel(segment)
        case .auto:
            return try preferringFreeText(try recognizeWithGrammar(segment, reject: true), segment)
        }
    }

    /// Free text is outside the grammar: speech the grammar explains only
    /// loosely may be a free-text command. The language model's words win
    /// when they match an intent that takes free text.
    private func preferringFreeText(_ commands: Transcript, _ segment: SpeechSegment) throws(SpeechError) -> Transcript {
        guard !freeTextIntents.isEmpty, commands.confidence < options.freeTextCheckBelow else { return commands }
        let freeText = try recognizeWithLanguageModel(segment)
        if let best = freeText.match?.best, freeTextIntents.contains([best.application, best.intent]),
           best.arguments.contains(where: { if case .text = $0.value { true } else { false } }) {
            return freeText
        }
        return commands
    }

    private func recognizeWithGrammar(_ segment: SpeechSegment, reject: Bool) throws(SpeechError) -> Transcript {
        try decoder.useSearch(Self.grammarSearch)
        let decoded = try decoder.decode(segment.samples, nbest: options.nbest)
        var transcript = makeTranscript(decoded, segment: segment, mode: options.mode == .auto ? .auto : .grammar)
        // Rejection needs the phone loop's yardstick; grammar mode rejects
        // nothing and keeps its speed (the loop costs as much as the search).
        if reject {
            (transcript.confidence, transcript.evidence) = try grammarConfidence(decoded, segment: segment)
        } else {
            transcript.confidence = Self.pathConfidence(decoded)
        }
        if reject, transcript.confidence < options.minimumConfidence { transcript.match = .none(transcript.text) }
        return transcript
    }

    private func recognizeWithLanguageModel(_ segment: SpeechSegment) throws(SpeechError) -> Transcript {
        if !hasLanguageModel {
            try options.files.requireLanguageModel()
            try loadFullDictionary()
            try decoder.creatingSearch(with: options.languageSearchSettings) { () throws(SpeechError) in
                try decoder.addLanguageModel(named: Self.languageSearch, path: options.files.languageModel)
            }
            hasLanguageModel = true
        }
        try decoder.useSearch(Self.languageSearch)
        let decoded = try decoder.decode(segment.samples, nbest: options.nbest)
        var transcript = makeTranscript(decoded, segment: segment, mode: .lm)
        transcript.confidence = transcript.text.isEmpty ? 0 : 1
        return transcript
    }

    /// The probability that the grammar path is what was said
    /// (`ConfidenceModel`), judged against the best unconstrained phone
    /// sequence over the same audio; with the evidence it was judged from.
    private func grammarConfidence(_ decoded: DecodedUtterance, segment: SpeechSegment,
                                   search: String = grammarSearch) throws(SpeechError) -> (Double, RecognitionEvidence?) {
        guard !decoded.text.isEmpty, decoded.frames > 0 else { return (0, nil) }
        if !hasPhoneLoop {
            try decoder.creatingSearch(with: options.phoneLoopSettings) { () throws(SpeechError) in
                try decoder.addPhoneLoop(named: Self.phoneSearch)
            }
            hasPhoneLoop = true
        }
        try decoder.useSearch(Self.phoneSearch)
        let phones = try decoder.decode(segment.samples, nbest: 1, words: true)
        try decoder.useSearch(search)
        var evidence = RecognitionEvidence.comparing(decoded, with: phones, phones: { [decoder] word in
            (decoder.pronunciation(of: word) ?? "").split(separator: " ").map(String.init)
        }, nats: { Double($0) * 1024 * log(decoded.logBase) })
        evidence.voicedSeconds = segment.voicedSeconds
        if let voice = segment.voiceFrames { evidence.measureVoice(voice, in: decoded) }
        return (ConfidenceModel.confidence(evidence), evidence)
    }

    /// A rougher confidence from the grammar path alone: its score per frame
    /// against the best-scoring sounds of each frame, which PocketSphinx
    /// normalises to. In-grammar speech measured 1.8–5.4 nats a frame, other
    /// speech 5.1–6.3, so it orders utterances but cannot reject them.
    static func pathConfidence(_ decoded: DecodedUtterance) -> Double {
        guard !decoded.text.isEmpty, decoded.frames > 0 else { return 0 }
        return max(0, min(1, 1 - natsPerFrame(-decoded.score, decoded) / 8))
    }

    /// A score (the decoder's log base, shifted down 10 bits) as natural log per frame of `decoded`.
    static func natsPerFrame(_ score: Int, _ decoded: DecodedUtterance) -> Double {
        Double(score) * 1024 * log(decoded.logBase) / Double(decoded.frames)
    }

    private func makeTranscript(_ decoded: DecodedUtterance, segment: SpeechSegment, mode: SearchMode,
                                matching matcher: Matcher? = nil) -> Transcript {
        let matcher = matcher ?? self.matcher
        let words = decoded.words.filter { !Self.isFiller($0.word) }.map {
            TimedWord(word: Self.stripVariant($0.word), start: segment.start + $0.start, end: segment.start + $0.end)
        }
        let text = words.map(\.word).joined(separator: " ")
        let duration = Double(segment.samples.count) / Double(RecognizerAudio.sampleRate)
        let match = text.isEmpty ? .none("") : matcher.match(NormalizedText(words: words.map(\.word)))
        // Other hypotheses as words, without fillers, each once and never the best one again.
        var alternatives: [String] = []
        for (hypothesis, _) in decoded.alternatives {
            let cleaned = Self.cleanHypothesis(hypothesis)
            if !cleaned.isEmpty, cleaned != text, !alternatives.contains(cleaned) { alternatives.append(cleaned) }
        }
        return Transcript(text: text, start: segment.start, end: segment.start + duration, confidence: 1, words: words,
                          alternatives: Array(alternatives.prefix(max(0, options.nbest - 1))), mode: mode, match: match)
    }

    /// `<s>`, `</s>`, `<sil>`, `[NOISE]`, `++UM++`…
    static func isFiller(_ word: String) -> Bool {
        word.isEmpty || word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("+") || word.hasPrefix("(")
    }

    /// Alternative pronunciations come back as `word(2)`.
    static func stripVariant(_ word: String) -> String {
        guard word.hasSuffix(")"), let open = word.lastIndex(of: "(") else { return word }
        return String(word[..<open])
    }

    static func cleanHypothesis(_ text: String) -> String {
        text.split(separator: " ").map(String.init).filter { !isFiller($0) }.map(stripVariant).joined(separator: " ")
    }
}
