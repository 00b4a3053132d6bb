import Foundation
import PhraseMatcher

/// Recognises commands of one model in utterances: PocketSphinx searching
/// the model's grammar (and the general language model when needed), then
/// the phrase matcher, with the confidence that the command is what was
/// said. Its parts: the decoder and its searches (`SearchDecoder`,
/// `RecognitionSearches`), the words it knows (`RecognitionVocabulary`),
/// the wake phrase's place (`WakeAlignment`), the confidence
/// (`grammarConfidence`), recordings (`transcribe`). One recogniser holds
/// one decoder: use one per thread.
public final class CommandRecognizer {
    /// Matches what was heard against the model's commands; replaced by `update`.
    public private(set) var matcher: Matcher
    /// The settings it was made with.
    public let options: Options
    let decoder: SearchDecoder
    let searches: RecognitionSearches
    private let vocabulary: RecognitionVocabulary
    /// The neural second opinion; nil when not asked for or not installed.
    /// Its networks take a quarter to half a second to set up: where every
    /// utterance will ask it (rejecting in auto mode), on another core from
    /// the start, else at first use.
    lazy var secondOpinion: MoonshineTranscriber? = secondOpinionLoading.map { $0.wait() }
        ?? (options.asksSecondOpinion ? Self.loadSecondOpinion(options.neuralHearing) : nil)
    private let secondOpinionLoading: ConcurrentWork<MoonshineTranscriber?>?

    /// `hearing`'s networks, or nil without them: when they are installed
    /// but cannot be set up, that is said (`NeuralPartFailures`), since the
    /// judging then changes.
    private static func loadSecondOpinion(_ hearing: NeuralHearing) -> MoonshineTranscriber? {
        guard MoonshineTranscriber.unavailableReason(hearing) == nil else { return nil }
        do {
            return try MoonshineTranscriber(hearing)
        } catch {
            NeuralPartFailures.say("the second opinion could not be set up, judging commands without it: \(error.message)")
            return nil
        }
    }
    /// The wake phrase's first stage, for the stream being listened to;
    /// nil without a wake phrase.
    package private(set) var wakeSpotter: WakeSpotter?
    /// The wake phrase's second stage; nil without a wake phrase or the neural recogniser.
    private var wakeVerifier: WakeVerifier?
    /// The phrase's trained detector, a third witness; nil without one.
    private var wakeDetector: WakeDetector?
    /// The model's pronunciations and its file, for the wake spotter's own decoder.
    private let overrides: [String: String]
    private let modelPath: String?

    /// A command heard with less confidence than it needs is not one: its
    /// match is dropped, and the threshold kept to say why.
    func rejectIfDoubtful(_ transcript: inout Transcript) {
        let minimum = minimumConfidence(for: transcript)
        guard transcript.confidence < minimum else { return }
        if transcript.match?.best != nil { transcript.rejectedBelow = minimum }
        transcript.match = .none(transcript.text)
    }

    /// The confidence a command must reach: the one given, else the default
    /// of the model that judged it.
    func minimumConfidence(for transcript: Transcript) -> Double {
        options.minimumConfidence ?? Options.defaultMinimumConfidence(withSecondOpinion: transcript.evidence?.secondOpinion != nil)
    }

    /// Why there is no neural second opinion here (Moonshine is not
    /// installed, or damaged), or nil when there is.
    public static var secondOpinionUnavailableReason: String? { MoonshineTranscriber.unavailableReason() }

    /// Why `hearing` cannot give a second opinion here, or nil when it can.
    public static func secondOpinionUnavailableReason(_ hearing: NeuralHearing) -> String? {
        MoonshineTranscriber.unavailableReason(hearing)
    }

    /// Words the dictionary lacked, with the pronunciation used and where it came from.
    public var addedWords: [(word: String, phones: String, source: String)] { vocabulary.addedWords }

    /// The wake phrase the keyphrase search spots, once one is set.
    public var wakePhrase: WakePhrase? { searches.wakePhrase }

    /// `modelPath` locates the override dictionary beside the model;
    /// `matcher` is the model's, borrowed from whoever owns it (the
    /// engine), or compiled here when none is given.
    public init(model: CommandModel, matcher: Matcher? = nil, modelPath: String?, options: Options) throws(SpeechError) {
        self.matcher = matcher ?? Matcher(model: model)
        self.options = options
        let overrides = try Pronunciations.overrides(forModel: modelPath, builtIn: options.pronunciations)
        self.overrides = overrides
        self.modelPath = modelPath
        if options.utterances.denoising.mode == .on, let reason = NoiseSuppressor.unavailableReason {
            throw SpeechError("cannot denoise: \(reason)")
        }
        PocketSphinxDecoder.captureLog(verbose: options.verbose)
        let grammar = JSGFGrammar(model: model, classAbove: options.classAbove)
        // Without Moonshine a long list's commands are checked by the general
        // language model (`isVouchedFor`), which needs the whole dictionary:
        // read from its file at start, not word by word at the first command
        // (0.8 s at start against 6–10 s then, where the decoder's word table
        // was sized for the grammar's words).
        let checkedByLanguageModel = !grammar.classes.isEmpty
            && (!options.asksSecondOpinion || MoonshineTranscriber.unavailableReason(options.neuralHearing) != nil)
            && FileManager.default.isReadableFile(atPath: options.files.languageModel)
        let lean = options.mode != .lm && !RecognitionSearches.mayNeedLanguageModel(model, grammar: grammar) && !checkedByLanguageModel
        if lean, !FileManager.default.isReadableFile(atPath: options.files.dictionary) {
            throw SpeechError("cannot read the pronunciation dictionary \(options.files.dictionary)")
        }
        // A lean decoder is given its words one by one: room for the
        // grammar's and every class's (its names' words, and its names, or
        // for halves their first words and rests: at most two per word).
        let words = lean ? grammar.words.count + grammar.classes.reduce(0) { total, list in
            let names = list.joinedNames.count
            return total + list.distinctWords.count + (options.hearsAsHalves(list) ? min(names, 2 * list.distinctWords.count) : names)
        } : 0
        // Begun once the quick checks passed, to overlap the decoder's
        // set-up and the first search.
        secondOpinionLoading = options.asksSecondOpinion && options.mode == .auto ? ConcurrentWork { [hearing = options.neuralHearing] in Self.loadSecondOpinion(hearing) } : nil
        do throws(SpeechError) {
            decoder = try EmptyDictionary.withRoom(for: words) { emptyDictionary throws(SpeechError) in
                // Grammar results lose their last word to the lattice pass: keep it off.
                try SearchDecoder(options: [
                    ("hmm", options.files.acousticModel), ("dict", lean ? emptyDictionary : options.files.dictionary),
                    ("bestpath", "no"), ("cmn", "batch"), ("allphone_ci", "yes"), ("remove_silence", options.keepsEveryFrame ? "no" : "yes"),
                ] + options.decoderSettings, verbose: options.verbose)
            }
            vocabulary = RecognitionVocabulary(decoder: decoder, dictionaryPath: options.files.dictionary, overrides: overrides,
                                               modelPath: modelPath, lean: lean)
            searches = try RecognitionSearches(model: model, grammar: grammar, decoder: decoder, vocabulary: vocabulary, options: options)
        } catch {
            // ONNX Runtime must not be setting up while the process exits.
            _ = secondOpinionLoading?.wait()
            throw error
        }
    }

    deinit {
        // Its thread must be done before the process may exit.
        _ = secondOpinionLoading?.wait()
    }

    /// Replaces the model (new entities from a query, say): the recognition
    /// grammar is rebuilt in place, the decoder kept, and the matcher is the
    /// one given (the owner's, already rebuilt) or compiled here.
    public func update(model: CommandModel, matcher: Matcher? = nil) throws(SpeechError) {
        self.matcher = matcher ?? Matcher(model: model)
        try searches.replaceModel(model)
    }

    /// The entities of one type changed (a contact added, removed or
    /// renamed): the matcher is the one given (the owner's, already
    /// changed) or changed here, and the recogniser hears the change from
    /// the next utterance. A long list's search is not rebuilt: the names
    /// added are searched beside it until there are many
    /// (`RecognitionSearches.mostAdded`); a short list's grammar is.
    public func changeEntities(ofType type: String, removing removed: Set<String> = [], adding entities: [Entity],
                               matcher: Matcher? = nil) throws(SpeechError) {
        guard let changed = matcher ?? self.matcher.changingEntities(ofType: type, removing: removed, adding: entities) else {
            throw SpeechError("the model has no entity type \(type)")
        }
        self.matcher = changed
        try searches.changeEntities(ofType: type, removing: removed, adding: entities, model: changed.model)
    }

    /// Whether `changeEntities` changes `type`'s entities in place (a list
    /// longer than `Options.classAbove`, heard as a class, without a wake
    /// phrase), rather than building the searches again.
    public func changesEntitiesInPlace(ofType type: String) -> Bool { searches.changesInPlace(type) }

    /// The audio heard next is a new recording or stream: nothing heard
    /// before shapes how it is heard (`transcribe` starts one itself).
    public func startNewStream() {
        decoder.startStream()
    }

    // MARK: Commands

    /// Recognises one utterance as a command.
    public func recognize(_ segment: SpeechSegment) throws(SpeechError) -> Transcript {
        switch options.mode {
        case .grammar:
            return offeringSoundAlikes(try recognizeWithGrammar(segment, reject: false))
        case .lm:
            return try recognizeWithLanguageModel(segment)
        case .auto:
            let commands = try recognizeWithGrammar(segment, reject: true)
            if let heard = try neuralCommand(over: commands, segment) { return offeringSoundAlikes(heard) }
            return offeringSoundAlikes(try preferringFreeText(commands, segment))
        }
    }

    /// The command the neural recogniser heard, when it is not the
    /// grammar's: its words when they are one whole command, else, when
    /// the grammar passed nothing, the grammar's words nearest them in
    /// sound (`GrammarPhoneGraph`: "said a timer" is "set a timer").
    /// PocketSphinx decodes those words alone
    /// and they are judged as any grammar result is; they win when they
    /// pass and beat the grammar's own confidence. A grammar confuses close
    /// neighbours ("turn on" for "turn off"), and its confidence suffers
    /// when the neural recogniser heard otherwise; an unconstrained
    /// recogniser is a witness worth checking. Free text is left to
    /// `preferringFreeText`.
    private func neuralCommand(over commands: Transcript, _ segment: SpeechSegment) throws(SpeechError) -> Transcript? {
        guard let heard = commands.evidence?.secondOpinion?.text else { return nil }
        let words = TextNormalizer.words(of: heard)
        guard !words.isEmpty else { return nil }
        let reading = matcher.match(NormalizedText(words: words))
        if reading.best?.hasFreeText == true { return nil }
        // Its words near a command in sound are a weaker witness than its
        // words as a command: they rescue what the grammar could not pass,
        // and never overrule a command it did ("order of a large latte"
        // reads nearest "order eight large latte").
        guard let said = reading.exactReading != nil ? words : (commands.match?.best == nil ? wordsNearest(words) : nil),
              let neural = said == words ? reading.exactReading : matcher.match(NormalizedText(words: said)).exactReading else { return nil }
        if let grammar = commands.match?.best, grammar.isSameCommand(as: neural) { return nil }
        guard let search = try searches.heardWords(said) else { return nil }
        let decoded = try decoder.decode(segment.samples, with: search, nbest: 1)
        var transcript = makeTranscript(decoded, segment: segment, mode: .auto)
        guard let verified = transcript.match?.best, verified.isSameCommand(as: neural) else { return nil }
        (transcript.confidence, transcript.evidence) = try grammarConfidence(decoded, segment: segment, heard: heard)
        guard transcript.confidence >= minimumConfidence(for: transcript), transcript.confidence > commands.confidence else { return nil }
        return transcript
    }

    /// The command grammar's words nearest `words` in sound, nil when even
    /// those need more than `farthestReading` edits a phone, or leave out
    /// more than `mostUnheard` of their phones: a word the grammar adds
    /// that nobody said ("medium" read as "a medium tea") is no spelling.
    private func wordsNearest(_ words: [String]) -> [String]? {
        let heard = words.flatMap(Self.heardPhones)
        guard let graph = searches.commandPhones(), let nearest = graph.nearest(to: heard),
              nearest.edits <= Self.farthestReading * Double(max(heard.count, nearest.phones)),
              Double(nearest.skipped) <= Self.mostUnheard * Double(nearest.phones) else { return nil }
        return nearest.words
    }
    private static let farthestReading = 0.25, mostUnheard = 0.1

    /// Free text is outside the grammar: speech the grammar explains only
    /// loosely may be a free-text command. The language model's words win
    /// when they match an intent that takes free text.
    private func preferringFreeText(_ commands: Transcript, _ segment: SpeechSegment) throws(SpeechError) -> Transcript {
        let freeTextIntents = searches.freeTextIntents
        guard !freeTextIntents.isEmpty, commands.confidence < options.freeTextCheckBelow else { return commands }
        let freeText = try recognizeFreeText(segment, heard: commands.evidence?.secondOpinion?.text)
        if let best = freeText.match?.best, freeTextIntents.contains([best.application, best.intent]),
           best.hasFreeText {
            return freeText
        }
        return commands
    }

    private func recognizeWithGrammar(_ segment: SpeechSegment, reject: Bool) throws(SpeechError) -> Transcript {
        let classes = searches.commandsHaveClasses
        // A class search's other hypotheses are the names the neural
        // recogniser weighs (`classResult`).
        let nbest = classes && reject && secondOpinion != nil ? max(options.nbest, Self.wordingsWeighed) : options.nbest
        // Moonshine hears the utterance once: its transcript is evidence,
        // and it weighs the names a class search found possible. A search
        // that heard nothing is judged without it. A class search (a list of
        // thousands) is slow enough that Moonshine hears the utterance on
        // another core meanwhile, whatever the search finds.
        let neural = reject ? secondOpinion : nil
        let audio = segment.samplesAsHeard
        let early = classes ? neural.map { transcriber in
            ConcurrentWork { () -> MoonshineHearing? in
                let hearing = transcriber.hear(audio[...])
                _ = hearing?.text
                return hearing
            }
        } : nil
        let decodedOrError = Result { () throws(SpeechError) in try decoder.decode(segment.samples, with: .commands, nbest: nbest) }
        let heardEarly = early?.wait()
        var decoded = try decodedOrError.get()
        let hearing = decoded.text.isEmpty ? nil : early != nil ? heardEarly : neural?.hear(audio[...])
        if classes { decoded = try classResult(decoded, segment, hearing: hearing) }
        var transcript = makeTranscript(decoded, segment: segment, mode: options.mode == .auto ? .auto : .grammar)
        // Rejection needs the phone loop's yardstick; grammar mode rejects
        // nothing and keeps its speed (the loop costs as much as the search).
        if reject {
            (transcript.confidence, transcript.evidence) = try grammarConfidence(decoded, segment: segment, heard: hearing?.text)
            if classes, !isVouchedFor(&transcript, decoded, segment: segment, hearing: hearing) { transcript.confidence = 0 }
        } else {
            transcript.confidence = Self.pathConfidence(decoded)
        }
        if reject { rejectIfDoubtful(&transcript) }
        return transcript
    }

    /// A class search's result with its words timed and scored by a
    /// grammar search of those words alone: the class search hears a name
    /// as one word (a very long list's as two), whose parts it cannot
    /// time, and the confidence judges
    /// each word against the free phones of its own time. Its path score
    /// stays the class search's, which paid for choosing the name among
    /// the list as a grammar search pays for its arcs.
    ///
    /// Names added since the class search was built are searched by a
    /// grammar of their own (`DecoderSearch.addedNames`); when it hears
    /// other words, the account of the audio that fits it better wins,
    /// each judged as a single path of its words (so neither search's
    /// weighing of its choices tips it).
    ///
    /// Before that, the neural recogniser's `hearing` may put a name right
    /// (`likeliestWording`): among a hundred thousand names the search's
    /// choice is often another contact that sounds alike.
    private func classResult(_ decoded: DecodedUtterance, _ segment: SpeechSegment,
                             hearing: MoonshineHearing?) throws(SpeechError) -> DecodedUtterance {
        var best = decoded
        var said = Self.spokenWords(decoded)
        // The names added since the class search was built have a search of their own.
        let other = searches.hasAddedNames ? try decoder.decode(segment.samples, with: .addedNames, nbest: 1) : nil
        if let hearing {
            // Its words are one more hypothesis to weigh, after the class search's own.
            let hypotheses = decoded.alternatives + (other.map { [($0.text, $0.score)] } ?? [])
            if let weighed = likeliestWording(said, or: hypotheses, hearing: hearing) { said = weighed }
        }
        var forced = try alignment(of: said, segment)
        if let other {
            // Only a whole command is an account of the audio (a grammar
            // search that lost its path gives a piece of one, which fits
            // the audio no better than silence does).
            let words = Self.spokenWords(other)
            // A class result that is no whole command (a name since removed,
            // a path that lost its name) gives way to one that is.
            let classIsCommand = matcher.match(NormalizedText(words: said)).exactReading != nil
            if words != said, matcher.match(NormalizedText(words: words)).exactReading != nil,
               let otherForced = try alignment(of: words, segment),
               !classIsCommand || otherForced.score > forced?.score ?? .min {
                best = other
                forced = otherForced
            }
        }
        if let forced { best.words = forced.words }
        return best
    }

    /// A decode of `words` alone over the segment; nil when there are
    /// none, or they cannot be a grammar.
    private func alignment(of words: [String], _ segment: SpeechSegment) throws(SpeechError) -> DecodedUtterance? {
        guard !words.isEmpty, let search = try searches.heardWords(words) else { return nil }
        let forced = try decoder.decode(segment.samples, with: search, nbest: 1)
        return Self.spokenWords(forced) == words ? forced : nil
    }

    private static func spokenWords(_ decoded: DecodedUtterance) -> [String] {
        decoderWords(decoded).map(stripVariant)
    }

    /// Free text: what the neural recogniser heard (`heard`, when it was
    /// already asked), which knows far more English than PocketSphinx's
    /// general language model; that model when it is not installed. Its
    /// words have no times of their own: each spans the utterance.
    private func recognizeFreeText(_ segment: SpeechSegment, heard: String? = nil) throws(SpeechError) -> Transcript {
        guard let text = heard ?? secondOpinion?.transcribe(segment.samplesAsHeard[...]) else { return try recognizeWithLanguageModel(segment) }
        let words = TextNormalizer.words(of: text)
        let match = words.isEmpty ? .none("") : matcher.match(NormalizedText(words: words))
        return Self.neuralTranscript(words, match: match, segment: segment, confidence: words.isEmpty ? 0 : 1, mode: .lm)
    }

    /// A transcript of the neural recogniser's `words`, whose times it
    /// does not give: each spans the utterance.
    private static func neuralTranscript(_ words: [String], match: MatchResult, segment: SpeechSegment, confidence: Double,
                                         mode: SearchMode, evidence: RecognitionEvidence? = nil) -> Transcript {
        Transcript(text: words.joined(separator: " "), start: segment.start, end: segment.end, confidence: confidence,
                   words: words.map { TimedWord(word: $0, start: segment.start, end: segment.end) }, alternatives: [], mode: mode,
                   match: match, evidence: evidence)
    }

    private func recognizeWithLanguageModel(_ segment: SpeechSegment) throws(SpeechError) -> Transcript {
        let decoded = try decoder.decode(segment.samples, with: try searches.languageModel(), nbest: options.nbest)
        var transcript = makeTranscript(decoded, segment: segment, mode: .lm)
        transcript.confidence = transcript.text.isEmpty ? 0 : 1
        return transcript
    }

    // MARK: Answers

    /// Recognises an answer to a question: with `grammar`, the answers the
    /// question accepts (a small model of them); without one, free text
    /// through the general language model. Speech that fits the answers
    /// only loosely (confidence below `minimumAnswerConfidence`) is not an
    /// answer: its transcript comes back with no match. `matcher` is the
    /// answers' own, when the caller has it compiled (the conversation does).
    public func recognizeAnswer(_ segment: SpeechSegment, grammar answers: CommandModel?,
                                matcher: Matcher? = nil) throws(SpeechError) -> Transcript {
        guard let answers else { return try recognizeFreeText(segment) }
        let search = try searches.answers(answers, matcher: matcher)
        let decoded = try decoder.decode(segment.samples, with: search.search, nbest: 1)
        var transcript = makeTranscript(decoded, segment: segment, mode: .grammar, matching: search.matcher)
        // Judged on PocketSphinx's evidence: the second opinion's model was
        // fitted on commands, and a lone word gives the neural recogniser
        // little to go on (flite's "courier" came out "oh, yeah"). Its
        // opinion counts below, where it heard a whole answer.
        (transcript.confidence, transcript.evidence) = try grammarConfidence(decoded, segment: segment, judgingBySecondOpinion: false)
        if let neural = neuralAnswer(to: transcript, segment: segment, matcher: search.matcher) { return neural }
        if transcript.confidence < options.minimumAnswerConfidence { transcript.match = .none(transcript.text) }
        return transcript
    }

    /// The answer when the neural recogniser heard a whole answer the
    /// question accepts: the grammar's, when the two agree (two recognisers
    /// that share nothing hearing the same answer is evidence enough, even
    /// when the grammar doubted), else the neural one's. A grammar's
    /// answers are close neighbours it confuses ("two minutes" for "ten
    /// minutes", at 0.6); an unconstrained recogniser that heard a
    /// different whole answer is the better witness. Nil when it heard no
    /// whole answer: the grammar's evidence decides alone.
    private func neuralAnswer(to transcript: Transcript, segment: SpeechSegment, matcher: Matcher) -> Transcript? {
        let heard = transcript.evidence?.secondOpinion?.text ?? secondOpinion?.transcribe(segment.samplesAsHeard[...])
        guard let heard else { return nil }
        let words = TextNormalizer.words(of: heard)
        guard !words.isEmpty else { return nil }
        let match = matcher.match(NormalizedText(words: words))
        guard let neural = match.exactReading else { return nil }
        if let grammar = transcript.match?.best, grammar.isSameCommand(as: neural) { return transcript }
        return Self.neuralTranscript(words, match: match, segment: segment, confidence: transcript.confidence, mode: .grammar,
                                     evidence: transcript.evidence)
    }

    /// Compiles the search of `answers` ahead of the answer (nothing when
    /// this question's answers were compiled before); benchmarks time it.
    public func prepareAnswers(_ answers: CommandModel) throws(SpeechError) {
        _ = try searches.answers(answers)
    }

    // MARK: The wake phrase

    /// Spots `phrase` from now on (replacing any earlier one); its words
    /// join the dictionary the way grammar words do. With the neural
    /// recogniser the keyphrase search proposes generously and
    /// `WakeVerifier` decides; without it the search decides alone.
    public func setWakePhrase(_ phrase: WakePhrase) throws(SpeechError) {
        if let network = phrase.network, network.phrase != phrase.text {
            throw SpeechError("the wake detector was trained for \"\(network.phrase)\", not \"\(phrase.text)\"")
        }
        // Made first: a detector that cannot load leaves the recogniser as it was.
        let detector = secondOpinion == nil ? nil : try phrase.network.map { network throws(SpeechError) in try WakeDetector(network: network) }
        wakeVerifier = secondOpinion == nil ? nil : WakeVerifier(phrase: phrase.words, phonesOf: Self.heardPhones)
        wakeDetector = detector
        wakeSpotter = nil
        try searches.setWakePhrase(phrase)
        wakeSpotter = try WakeSpotter(phrase: phrase, spottingThreshold: wakeVerifier == nil ? WakePhrase.unverifiedSpottingThreshold
                                                                                            : phrase.spottingThreshold,
                                      options: options, overrides: overrides, modelPath: modelPath)
    }

    /// The wake phrase at `candidate`, a place the keyphrase search
    /// proposed; nil when the second stage's score falls short of the
    /// phrase's threshold. Two witnesses score it, the higher counting: the
    /// neural recogniser's words in the audio around it (`WakeVerifier`)
    /// and, when the phrase was said alone (pauses either side),
    /// PocketSphinx's confidence that the place, cut out with a margin,
    /// is the phrase (the command confidence model, the phrase against the
    /// loop of phones). The neural recogniser hears real
    /// voices best and synthetic ones badly (flite's "hey computer" alone
    /// came out "Take him, Peter"); the acoustic confidence is the reverse.
    /// With the phrase's trained detector (`WakePhrase.network`), the score
    /// is the mean of theirs and the detector's certainty about the windows
    /// ending near the place: a third witness, which heard real speech only
    /// through its embedding, so its mistakes are not theirs.
    /// Without the neural recogniser the keyphrase search has decided alone.
    package func verifyWake(_ candidate: WakeCandidate) throws(SpeechError) -> WakeDetection? {
        try verifyWake(candidate, detectorScore: try detectorScore(candidate))
    }

    private func verifyWake(_ candidate: WakeCandidate, detectorScore: Double?) throws(SpeechError) -> WakeDetection? {
        guard let wakePhrase else { return nil }
        guard let verifier = wakeVerifier, let secondOpinion else {
            return WakeDetection(phrase: wakePhrase.text, start: candidate.start, end: candidate.end)
        }
        guard Self.canReach(wakePhrase.threshold, detectorScore: detectorScore) else { return nil }
        let heard = TextNormalizer.words(of: secondOpinion.transcribe(candidate.originalAudio[...]) ?? "")
        var score = verifier.score(heard: heard, phonesOf: Self.heardPhones)
        let start = candidate.start - candidate.audioStart, end = candidate.end - candidate.audioStart
        if score < 1, WakeVerifier.isSaidAlone(candidate.audio, start: start, end: end) {
            let alone = WakeVerifier.phraseAlone(start: start, end: end, in: SpeechSegment(samples: candidate.audio, start: candidate.audioStart))
            score = max(score, try phraseConfidence(wakePhrase, in: alone))
        }
        score = Self.fused(score, detectorScore)
        guard score >= wakePhrase.threshold else { return nil }
        return WakeDetection(phrase: wakePhrase.text, start: candidate.start, end: candidate.end, confidence: score)
    }

    /// A second look at a candidate the first turned down, once the
    /// utterance it is in (`segment`) has ended: the neural recogniser
    /// hears the utterance whole (up to `wholeUtterance` seconds) or a
    /// second either side of the candidate. A command said in the same
    /// breath gives it the context a word cut off 0.25 s after its end
    /// lacks (flite's "hey computer turn off…" scored 0.5 cut, 1 whole);
    /// and an utterance that short is also judged as the phrase alone.
    package func verifyWake(_ candidate: WakeCandidate, in segment: SpeechSegment) throws(SpeechError) -> WakeDetection? {
        let rate = Double(RecognizerAudio.sampleRate)
        let count = segment.samples.count
        var window = 0..<count
        if Double(count) / rate > Self.wholeUtterance {
            let from = max(0, min(count, Int((candidate.start - segment.start - 1) * rate)))
            window = from..<max(from, min(count, Int((candidate.end - segment.start + 1) * rate)))
        }
        guard !window.isEmpty else { return nil }
        var whole = candidate
        whole.audio = Array(segment.samples[window])
        whole.originalAudio = Array(segment.samplesAsHeard[window])
        whole.audioStart = segment.start + Double(window.lowerBound) / rate
        // The detector hears the same audio for both judgements: heard once.
        let detectorScore = try detectorScore(whole)
        if let wake = try verifyWake(whole, detectorScore: detectorScore) { return wake }
        // An utterance that short may be the phrase said alone, which the
        // search's rough bounds (often inside the word) cut badly: judged whole.
        guard let wakePhrase, wakeVerifier != nil, window.count == count,
              Self.canReach(wakePhrase.threshold, detectorScore: detectorScore) else { return nil }
        let alone = Self.fused(try phraseConfidence(wakePhrase, in: segment), detectorScore)
        guard alone >= wakePhrase.threshold else { return nil }
        return WakeDetection(phrase: wakePhrase.text, start: candidate.start, end: candidate.end, confidence: alone)
    }
    static let wholeUtterance = 4.0

    /// Whether the other witnesses could bring the mean to `threshold`: at
    /// best (1 + detector) / 2. A place the detector doubts that much is not
    /// worth their time (most of the search's places in other speech; the
    /// neural recogniser is the dearest part of listening).
    private static func canReach(_ threshold: Double, detectorScore: Double?) -> Bool {
        fused(1, detectorScore) >= threshold
    }

    /// `score` averaged with the trained detector's (`detectorScore`), or
    /// `score` alone without a detector.
    private static func fused(_ score: Double, _ detectorScore: Double?) -> Double {
        detectorScore.map { (score + $0) / 2 } ?? score
    }

    /// The trained detector's certainty about the windows ending from 0.1 s
    /// before `candidate`'s end to 0.4 s after it, as far as its audio goes
    /// (0.25 s at the first look): the keyphrase search dates the end
    /// roughly, often inside the word. Nil without a detector.
    private func detectorScore(_ candidate: WakeCandidate) throws(SpeechError) -> Double? {
        guard let wakeDetector else { return nil }
        let audioEnd = candidate.audioStart + Double(candidate.originalAudio.count) / Double(RecognizerAudio.sampleRate)
        let latest = max(candidate.end, min(audioEnd, candidate.end + 0.4))
        let probability = try wakeDetector.probability(in: candidate.originalAudio, start: candidate.audioStart,
                                                      endingBetween: candidate.end - 0.1, and: latest)
        return WakeDetector.score(probability)
    }

    /// PocketSphinx's confidence that `segment` is `phrase` said alone.
    private func phraseConfidence(_ phrase: WakePhrase, in segment: SpeechSegment) throws(SpeechError) -> Double {
        guard let search = try searches.heardWords(phrase.words) else { return 0 }
        let decoded = try decoder.decode(segment.samples, with: search, nbest: 1)
        return try grammarConfidence(decoded, segment: segment, heard: "", judgingBySecondOpinion: false).0
    }

    /// The command said after the wake phrase in the same breath
    /// (`WakeAlignment`); nil when nothing followed it. The confidence is
    /// the command's alone: its part of the path against the phone loop
    /// over the audio after the phrase.
    public func recognizeCommand(after wake: WakeDetection, in segment: SpeechSegment) throws(SpeechError) -> Transcript? {
        guard let aligned = try align(wake, in: segment) else { return nil }
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
        // A long list's command may be weighed by Moonshine's likelihood: its hearing is kept.
        let hearing = searches.commandsHaveClasses ? secondOpinion?.hear(aligned.rest.samplesAsHeard[...]) : nil
        (transcript.confidence, transcript.evidence) = try grammarConfidence(aligned.command, segment: aligned.rest, heard: hearing?.text)
        if searches.commandsHaveClasses, !isVouchedFor(&transcript, aligned.command, segment: aligned.rest, hearing: hearing) { transcript.confidence = 0 }
        rejectIfDoubtful(&transcript)
        return try preferringFreeText(transcript, aligned.rest)
    }

    /// The audio after the wake phrase; nil when there is too little of it
    /// to hold a command (`shortestAfterWake`, trailing padding included).
    public func speech(after wake: WakeDetection, in segment: SpeechSegment) throws(SpeechError) -> SpeechSegment? {
        try align(wake, in: segment)?.rest
    }

    private func align(_ wake: WakeDetection, in segment: SpeechSegment) throws(SpeechError) -> WakeAlignment? {
        guard let wakePhrase else { return nil }
        return try WakeAlignment.align(wake, in: segment, phrase: wakePhrase, shortest: options.shortestAfterWake, decoder: decoder)
    }
}
