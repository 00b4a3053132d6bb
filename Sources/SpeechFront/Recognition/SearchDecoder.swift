import PhraseMatcher

/// A search the decoder holds, by name: every decode says which it uses.
struct DecoderSearch: Hashable, Sendable {
    let name: String

    /// The command grammar.
    static let commands = DecoderSearch(name: "commands")
    /// The keyphrase search that spots the wake phrase (`WakeSpotter`'s decoder).
    static let wake = DecoderSearch(name: "wake")
    /// The command grammar after the wake phrase, for both in one breath.
    static let wakeCommands = DecoderSearch(name: "wake-commands")
    /// The general language model (free text).
    static let language = DecoderSearch(name: "language")
    /// The phone loop that grammar confidence is measured against.
    static let phones = DecoderSearch(name: "phones")
    /// One word sequence and nothing else: PocketSphinx's evidence for
    /// words the neural recogniser heard.
    static let heardWords = DecoderSearch(name: "heard-words")
    /// The command grammar with only the names added to long lists since
    /// their class search was built (`RecognitionSearches.changeEntities`).
    static let addedNames = DecoderSearch(name: "added-names")
    /// The grammar of the answers to one question.
    static func answers(_ number: Int) -> DecoderSearch { DecoderSearch(name: "answer\(number)") }
}

/// The PocketSphinx decoder as the recogniser's parts use it: a decode
/// names its search, and the decoder switches to it only when it is not
/// the one in use, so no caller depends on (or restores) a "current"
/// search. Adding or removing a search forgets which one is in use
/// (PocketSphinx may free the one it pointed to), so the next decode
/// selects its own again. Not thread-safe: one recogniser, one thread.
final class SearchDecoder {
    private let decoder: PocketSphinxDecoder
    /// The search PocketSphinx has selected, when known.
    private var selected: DecoderSearch?

    /// `options` are PocketSphinx flags without the dash.
    init(options: [(String, String)], verbose: Bool) throws(SpeechError) {
        decoder = try PocketSphinxDecoder(options: options, verbose: verbose)
    }

    /// Decodes `samples` as one utterance with `search`.
    func decode(_ samples: [Int16], with search: DecoderSearch, nbest: Int, words: Bool = true) throws(SpeechError) -> DecodedUtterance {
        try select(search)
        return try decoder.decode(samples, nbest: nbest, words: words)
    }

    /// Makes `search` PocketSphinx's selected one, when it is not already.
    func select(_ search: DecoderSearch) throws(SpeechError) {
        guard selected != search else { return }
        selected = nil
        try decoder.useSearch(search.name)
        selected = search
    }

    /// An utterance of `search` fed piece by piece (`PocketSphinxDecoder`'s streaming).
    func beginUtterance(with search: DecoderSearch) throws(SpeechError) {
        try select(search)
        try decoder.beginUtterance()
    }

    func process(_ samples: [Int16]) throws(SpeechError) { try decoder.process(samples) }
    func wordsSoFar() -> [DecodedWord] { decoder.wordsSoFar() }
    func endUtterance() throws(SpeechError) { try decoder.endUtterance() }

    /// The next utterance starts a new stream, with nothing carried over.
    func startStream() { decoder.startStream() }

    var framesPerSecond: Double { decoder.framesPerSecond }

    func pronunciation(of word: String) -> String? { decoder.pronunciation(of: word) }

    func addWord(_ word: String, phones: String, updateSearch: Bool) throws(SpeechError) {
        try decoder.addWord(word, phones: phones, updateSearch: updateSearch)
    }

    /// Creates a search with its own settings (`PocketSphinxDecoder.creatingSearch`).
    func create(_ search: DecoderSearch, settings: [(String, String)], kind: SearchKind) throws(SpeechError) {
        selected = nil
        try decoder.creatingSearch(with: settings) { () throws(SpeechError) in
            switch kind {
            case .grammar(let fsg): try decoder.addFiniteStateGrammar(named: search.name, fsg)
            case .languageModel(let path): try decoder.addLanguageModel(named: search.name, path: path)
            case .classLanguageModel(let arpa, let classes): try decoder.addClassLanguageModel(named: search.name, arpa: arpa, classes: classes)
            case .phoneLoop: try decoder.addPhoneLoop(named: search.name)
            case .keyphrase(let phrase): try decoder.addKeyphrase(named: search.name, phrase: phrase)
            }
        }
    }

    enum SearchKind {
        case grammar(FiniteStateGrammar)
        case languageModel(path: String)
        /// A grammar's language model whose class tokens stand for long lists.
        case classLanguageModel(arpa: String, classes: [(token: String, members: [String])])
        case phoneLoop
        case keyphrase(String)
    }

    func remove(_ search: DecoderSearch) throws(SpeechError) {
        selected = nil
        try decoder.removeSearch(search.name)
    }

    /// Frees what `search`'s last result still holds (`PocketSphinxDecoder.releaseLastResult`).
    func releaseLastResult(of search: DecoderSearch) {
        selected = nil
        decoder.releaseLastResult(ofSearch: search.name)
    }
}
