import Foundation
import PhraseMatcher

/// The words the decoder knows, and their pronunciations: from the
/// dictionary file, the model's overrides (its `.dict`, or the built-in
/// model's), or flite's guess. A lean decoder knows only the words it was
/// given (grammars, answers, the wake phrase), looked up in the dictionary
/// file as needed; the whole file is loaded before the language model,
/// which needs it all.
final class RecognitionVocabulary {
    private let decoder: SearchDecoder
    private let dictionaryPath: String
    private let overrides: [String: String]
    private let modelPath: String?
    private(set) var isLean: Bool
    /// For errors about words: where the model writes them, and its file.
    var wordLocations = WordLocations()
    /// Words the dictionary lacked, with the pronunciation used and where it came from.
    private(set) var addedWords: [(word: String, phones: String, source: String)] = []

    init(decoder: SearchDecoder, dictionaryPath: String, overrides: [String: String], modelPath: String?, lean: Bool) {
        self.decoder = decoder
        self.dictionaryPath = dictionaryPath
        self.overrides = overrides
        self.modelPath = modelPath
        self.isLean = lean
    }

    /// Gives the decoder a pronunciation of each of `words` it lacks.
    func add(_ words: [String]) throws(SpeechError) {
        var seen: Set<String> = []
        let unknown = words.filter { seen.insert($0).inserted && decoder.pronunciation(of: $0) == nil }
        if isLean {
            // An entry PocketSphinx refuses (a phone it lacks, a word twice)
            // is skipped, as its own reader skips it; the word then gets an
            // override or a guess below.
            for entry in try PronunciationDictionary.entries(for: Set(unknown), in: dictionaryPath)
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

    /// About how many words the decoder holds beyond those it was given:
    /// the dictionary file's lines, unless lean. Every n-gram search maps
    /// all of them into its own word table (`ngram_model_set_map_words`),
    /// a table sized when the search is made and never grown.
    private(set) lazy var dictionaryEntries: Int = isLean ? 0 : PronunciationDictionary.lineCount(of: dictionaryPath)

    /// The rest of the dictionary file, for the language model (free
    /// text, or a long list's commands checked without Moonshine). Added
    /// word by word, not reloaded: reloading would drop the words already
    /// added and the grammars that use them.
    func loadWholeDictionary() throws(SpeechError) {
        guard isLean else { return }
        for entry in try PronunciationDictionary.entries(for: nil, in: dictionaryPath)
        where decoder.pronunciation(of: entry.word) == nil {
            try? decoder.addWord(entry.word, phones: entry.phones, updateSearch: false)
        }
        isLean = false
        dictionaryEntries = PronunciationDictionary.lineCount(of: dictionaryPath)
    }
}
