import PhraseMatcher

extension CommandRecognizer {
    /// How a recogniser hears: its search, model files, confidence thresholds
    /// and how audio becomes utterances.
    public struct Options: Sendable {
        /// Which search turns audio into words.
        public var mode: SearchMode = .auto
        /// Hypotheses decoded per utterance: above 1, the others become
        /// `Transcript.alternatives`.
        public var nbest = 1
        /// Whether PocketSphinx's log is shown on standard error (process-wide).
        public var verbose = false
        /// Where PocketSphinx's acoustic model, dictionary and language model are.
        public var files: SpeechModelFiles
        /// In `auto` mode, utterances whose confidence (the probability
        /// that the command is what was said, `ConfidenceModel`) is below
        /// this are rejected as not a command; nil: the default of the
        /// fitted model that judged it (`defaultMinimumConfidence`).
        public var minimumConfidence: Double?

        /// The default threshold of each fitted model (figures: README,
        /// "What is not a command"). With the second opinion, 0.4: under
        /// 1 % of other speech passes on the development material, also
        /// held out. On PocketSphinx's evidence alone, 0.25: the highest at
        /// which the synthetic voices keep 95 % of the commands heard right
        /// (7 % of other speech passes there; at 0.4 a quarter of
        /// espeak-ng's commands would be turned away).
        public static func defaultMinimumConfidence(withSecondOpinion: Bool) -> Double {
            withSecondOpinion ? 0.4 : 0.25
        }
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
        /// Whether a neural recogniser with an open vocabulary (Moonshine,
        /// when the set-up step installed it) is asked what it hears in each
        /// utterance the grammar matched, and the confidence judged with its
        /// opinion (`SecondOpinion`). Without it, or when it is missing, the
        /// confidence rests on PocketSphinx's evidence alone.
        public var asksSecondOpinion = true
        /// Which Moonshine recogniser gives the second opinion.
        public var neuralHearing = NeuralHearing.standard
        /// More PocketSphinx flags (name without the dash, value), after voicecmd's own.
        public var decoderSettings: [(String, String)] = []
        /// Beams of the command grammar search. Wide: in noise the default
        /// beams lose every complete path through the grammar.
        public var grammarSearchSettings: [(String, String)] = [("beam", "1e-80"), ("wbeam", "1e-60"), ("pbeam", "1e-80")]
        /// Beams of a search of given words alone (a forced alignment):
        /// none. Its one path must reach the end however badly it fits,
        /// for the confidence to judge it; even the grammar's wide beams
        /// lost "call james smith" said by espeak-ng (PocketSphinx fits
        /// "call jerry lewis" better), and with it the name Moonshine had
        /// put right. One path costs little unpruned.
        public var alignmentSettings: [(String, String)] = [("beam", "1e-300"), ("wbeam", "1e-300"), ("pbeam", "1e-300")]
        /// A type with more names than this (a phone's contacts) is heard
        /// as a class: the grammar's phrases become a language model in
        /// which the type is one word standing for all its names
        /// (`GrammarLanguageModel`), searched by PocketSphinx's lexicon
        /// tree, whose set-up and decoding hardly grow with the list. A
        /// grammar search sets up every name on every arc that leads to it:
        /// 10,000 contacts took 5.4 s to get ready, 100,000 forty minutes.
        public var classAbove = 500
        /// A class of more names than this is heard as halves: each
        /// name's first word, then the rest of it (`GrammarClassHalves`).
        /// The lexicon tree then grows with the distinct first words and
        /// surnames, not with the names. 100,000 contacts of 700 common
        /// words got ready in 0.23–0.26 s instead of 0.64–0.89 and
        /// `transcribe` took 161–168 MB instead of 234–236, hearing the
        /// same names; with a real list's variety (8,000 first names),
        /// 0.67–1.11 s instead of 1.0–1.4 and 218–221 MB instead of 291,
        /// decoding no cheaper, 38 names of 40 right instead of 35 (with
        /// the names of a search cut short looked for by one word,
        /// `NameAnchors`). The price is that the search may end between
        /// the halves, or never try the rest of the name said when another
        /// first word ended better, which whole names never do. So halves
        /// only where whole names cost too much: 10,000 whole names are
        /// ready in 0.08–0.21 s.
        public var halvesAbove = 50_000
        /// Beams of the search of a grammar with classes (`classAbove`):
        /// 20 decades narrower than the grammar search's, since every name
        /// path the beam keeps alive costs time; on the entities benchmark
        /// (40 names by two synthetic voices, 1,000 and 100,000 contacts)
        /// they heard every name the wide ones heard, decoding 100,000 at
        /// RTF 0.23 instead of 0.35.
        public var classSearchSettings: [(String, String)] = [("beam", "1e-60"), ("wbeam", "1e-40"), ("pbeam", "1e-60")]
        /// Settings of the general language-model search, which hears free
        /// text: one pass, without the flat-lexicon rescoring, to answer
        /// within the trailing silence more often (its cost is most of the
        /// listen latency). Narrower beams were faster still but lost free
        /// text on the test voices.
        public var languageSearchSettings: [(String, String)] = [("fwdflat", "no")]
        /// Beams of the phone loop that grammar confidence is measured against.
        public var phoneLoopSettings: [(String, String)] = []
        /// How audio becomes utterances (denoising, voice gate,
        /// endpointing), the same for recordings and live streams.
        public var utterances = UtteranceCutter.Settings()
        /// A recording in which the endpointer finds no utterance is heard
        /// whole only when the voice gate (Silero, or RNNoise without it)
        /// hears a voice in at least this many seconds of it: as much as it
        /// takes the endpointer to open an utterance.
        public var minimumVoice = Endpointer.Settings().minimumSpeech

        /// The defaults, with PocketSphinx's files at `files`.
        public init(files: SpeechModelFiles) { self.files = files }
    }
}

extension CommandRecognizer.Options {
    /// Whether `list` is long enough to be heard as halves (`halvesAbove`).
    func hearsAsHalves(_ list: GrammarClass) -> Bool { list.joinedNames.count > halvesAbove }
}
