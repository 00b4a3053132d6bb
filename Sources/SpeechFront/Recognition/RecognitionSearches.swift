import PhraseMatcher

/// The searches the recogniser decodes with, compiled and kept: the
/// command grammar (and, with a wake phrase, the
/// grammar after the phrase), a grammar per question's answers (cached by
/// their text, so asking the same question again compiles nothing), and,
/// made the first time they are needed, the language model and the phone
/// loop. Each is named by a `DecoderSearch`; none is "current".
final class RecognitionSearches {
    private let decoder: SearchDecoder
    private let vocabulary: RecognitionVocabulary
    private let options: CommandRecognizer.Options
    /// The command model's grammar.
    private(set) var grammar: JSGFGrammar
    /// The wake phrase the keyphrase search spots, once one is set.
    private(set) var wakePhrase: WakePhrase?
    /// Compiled answer grammars by their JSGF text, each a search of its own.
    private var answerSearches: [String: AnswerSearch] = [:]
    private static let answerSearchLimit = 16
    /// The JSGF text of each answer matcher a caller passed, by the
    /// matcher (held, so its identifier is not reused): a question's
    /// later answers skip building the text, which for a list of
    /// entities is as long as the list.
    private var answerKeys: [ObjectIdentifier: (matcher: Matcher, text: String)] = [:]
    /// The command grammar's automaton, and its phones once asked for.
    private var commandAutomaton: WordAutomaton?
    private var commandPhoneGraph: GrammarPhoneGraph?
    /// Entities added to each class type since its search was built: the
    /// class search cannot take a name without being built again (its
    /// lexicon tree), so they are heard by a small grammar of their own
    /// (`addedNames`) until `mostAdded` entities were added or removed.
    private(set) var added: [String: [Entity]] = [:]
    /// Entities removed since the class search was built: their names
    /// stay in it (the matcher no longer takes them) until it is rebuilt.
    private var removedCount = 0
    private(set) var hasAddedNames = false
    /// Each entity type's words said alike, to offer the names a name heard may be.
    private var soundAlikes: [SoundAlikeWords] = []
    /// Each class type's names by their first and last words, made the
    /// first time a name is looked for by one word (`nameAnchors(ofType:)`).
    private var anchors: [String: NameAnchors] = [:]
    static let mostAdded = 100
    private var hasLanguageModel = false
    /// The general language model could not be loaded: a class search's
    /// commands are then not checked against it (`isVouchedFor`).
    var languageModelUnusable = false
    private var hasPhoneLoop = false
    /// The class types whose members this decoder's dictionary has had
    /// (a search built again finds them there).
    private var typesWithMembers: Set<String> = []

    /// The search of one question's answers, and the matcher of its answers.
    struct AnswerSearch {
        var search: DecoderSearch
        var matcher: Matcher
    }

    /// `grammar`: the model's, already made.
    init(model: CommandModel, grammar: JSGFGrammar, decoder: SearchDecoder, vocabulary: RecognitionVocabulary,
         options: CommandRecognizer.Options) throws(SpeechError) {
        self.decoder = decoder
        self.vocabulary = vocabulary
        self.options = options
        self.grammar = grammar
        try loadCommands(model)
    }

    deinit {
        if hasPhoneLoop { decoder.releaseLastResult(of: .phones) }
    }

    /// Whether the command search is a class language model (a list too
    /// long for a grammar, `CommandRecognizer.Options.classAbove`).
    var commandsHaveClasses: Bool { !grammar.classes.isEmpty }

    /// Intents with free text (which the grammar cannot hear), as application and name.
    var freeTextIntents: Set<[String]> { Set(grammar.intentsNeedingLanguageModel.map { [$0.application, $0.intent] }) }

    /// Free text (a string parameter) is heard by the language model.
    static func mayNeedLanguageModel(_ model: CommandModel, grammar: JSGFGrammar) -> Bool {
        !grammar.intentsNeedingLanguageModel.isEmpty
            || model.intents.contains { $0.parameters.contains { $0.type == .string } }
    }

    /// Replaces the command model: its grammar is compiled again (replacing
    /// the search of the same name), answer grammars are compiled afresh.
    func replaceModel(_ model: CommandModel) throws(SpeechError) {
        grammar = JSGFGrammar(model: model, classAbove: options.classAbove)
        answerSearches = [:]
        answerKeys = [:]
        added = [:]
        removedCount = 0
        if hasAddedNames { try decoder.remove(.addedNames) }
        hasAddedNames = false
        try loadCommands(model)
    }

    /// Whether `type`'s names are a class of the command search.
    func hearsAsClass(_ type: String) -> Bool { grammar.classes.contains { $0.type == type } }

    /// Whether a change to `type`'s entities leaves the searches as they
    /// are (`changeEntities`), rather than building them again.
    func changesInPlace(_ type: String) -> Bool { hearsAsClass(type) && wakePhrase == nil }

    /// The entities of `type` changed (`model` is the model after the
    /// change). For a class type the class search stays as it is, and the
    /// names added since it was built get a small grammar of their own, in
    /// milliseconds; past `mostAdded` changes, for a type spelt out in the
    /// grammar, or with a wake phrase (whose command search has no such
    /// grammar beside it), the searches are built again.
    func changeEntities(ofType type: String, removing removed: Set<String>, adding entities: [Entity],
                        model: CommandModel) throws(SpeechError) {
        guard changesInPlace(type) else { return try replaceModel(model) }
        let replaced = removed.union(entities.map(\.id))
        added[type] = (added[type] ?? []).filter { !replaced.contains($0.id) } + entities
        removedCount += removed.count
        guard added.values.reduce(0, { $0 + $1.count }) + removedCount <= Self.mostAdded else { return try replaceModel(model) }
        if hasAddedNames { try decoder.remove(.addedNames) }
        hasAddedNames = false
        guard added.values.contains(where: { !$0.isEmpty }) else { return }
        // The commands again, each class holding only its added names.
        var addedOnly = model
        for list in grammar.classes {
            guard let index = addedOnly.types.firstIndex(where: { $0.name == list.type }) else { continue }
            addedOnly.types[index].kind = .entity(added[list.type] ?? [])
        }
        try addGrammar(.addedNames, JSGFGrammar(model: addedOnly, name: "added", classAbove: .max), what: "grammar of the names added")
        hasAddedNames = true
        // After the grammar: its words are the decoder's now, with their phones.
        let addedNames = Self.spelledNames(entities)
        if let index = soundAlikes.firstIndex(where: { $0.type == type }) {
            soundAlikes[index].add(addedNames) { decoder.pronunciation(of: $0) }
        }
        anchors[type]?.add(addedNames.map { $0.joined(separator: " ") })
    }

    /// `type`'s names (a class type's) by their first and last words; nil
    /// for a type that is no class.
    func nameAnchors(ofType type: String) -> NameAnchors? {
        if let made = anchors[type] { return made }
        guard let list = grammar.classes.first(where: { $0.type == type }) else { return nil }
        var made = NameAnchors(joinedNames: list.joinedNames)
        made.add(Self.spelledNames(added[type] ?? []).map { $0.joined(separator: " ") })
        anchors[type] = made
        return made
    }

    private func loadCommands(_ model: CommandModel) throws(SpeechError) {
        vocabulary.wordLocations = model.wordLocations
        commandAutomaton = try addGrammar(.commands, grammar, alsoKnowing: matcherWords(model), what: "recognition grammar")
        commandPhoneGraph = nil
        anchors = [:]
        soundAlikes = Self.entityWords(model, classes: grammar.classes).map { type, words in
            SoundAlikeWords(type: type, words: words) { decoder.pronunciation(of: $0) }
        }
        if let wakePhrase { try addGrammar(.wakeCommands, grammar, prefix: wakePhrase.words, what: "recognition grammar") }
    }

    /// The command grammar after `phrase` from now on (replacing any
    /// earlier one); its words join the dictionary the way grammar words
    /// do. The phrase is spotted elsewhere (`WakeSpotter`).
    func setWakePhrase(_ phrase: WakePhrase) throws(SpeechError) {
        try vocabulary.add(phrase.words)
        if wakePhrase != nil { try decoder.remove(.wakeCommands) }
        wakePhrase = nil
        try addGrammar(.wakeCommands, grammar, prefix: phrase.words, what: "recognition grammar")
        wakePhrase = phrase
    }

    /// The search of `answers`, compiled the first time this text of them
    /// is asked; `matcher` is theirs when the caller compiled it already.
    func answers(_ answers: CommandModel, matcher: Matcher? = nil) throws(SpeechError) -> AnswerSearch {
        // The grammar holds names, not ids: a question with the same names
        // as an earlier one may mean other entities, so its own matcher reads it.
        if let matcher, let text = answerKeys[ObjectIdentifier(matcher)]?.text, let known = answerSearches[text] {
            return AnswerSearch(search: known.search, matcher: matcher)
        }
        let answerGrammar = JSGFGrammar(model: answers, name: "answer", classAbove: options.classAbove)
        if let matcher {
            if answerKeys.count >= Self.answerSearchLimit { answerKeys = [:] }
            answerKeys[ObjectIdentifier(matcher)] = (matcher, answerGrammar.text)
        }
        if let known = answerSearches[answerGrammar.text] { return AnswerSearch(search: known.search, matcher: matcher ?? known.matcher) }
        if answerSearches.count >= Self.answerSearchLimit {
            for known in answerSearches.values { try decoder.remove(known.search) }
            answerSearches = [:]
        }
        let search = AnswerSearch(search: .answers(answerSearches.count), matcher: matcher ?? Matcher(model: answers))
        try addGrammar(search.search, answerGrammar, what: "answer grammar")
        answerSearches[answerGrammar.text] = search
        return search
    }

    /// A search whose only path is `words` (replacing the last one), nil
    /// when they are not plain words a phrase can hold ("5", "$3").
    func heardWords(_ words: [String]) throws(SpeechError) -> DecoderSearch? {
        guard !words.isEmpty, words.count <= Self.longestHeard,
              words.allSatisfy({ $0.allSatisfy { $0.isLetter || $0 == "'" } }),
              let phrase = try? Phrase(words.joined(separator: " ")) else { return nil }
        let heard = CommandModel(application: "heard", fillers: [], types: [], intents: [Intent(name: "Heard", phrases: [phrase])])
        try addGrammar(.heardWords, JSGFGrammar(model: heard, name: "heard"), settings: options.alignmentSettings, what: "grammar of the words heard")
        return .heardWords
    }
    private static let longestHeard = 40

    /// The words of `type`'s names said alike; nil when it is no entity
    /// type or none of its words are.
    func soundAlikeWords(ofType type: String) -> SoundAlikeWords? { soundAlikes.first { $0.type == type && $0.hasAny } }

    /// `type`'s words and their sounds, whether or not two sound alike.
    func wordSounds(ofType type: String) -> SoundAlikeWords? { soundAlikes.first { $0.type == type } }

    /// Each entity type's words: a class's as the grammar holds them (a
    /// long list is not split into words twice).
    private static func entityWords(_ model: CommandModel, classes: [GrammarClass]) -> [(String, [String])] {
        model.types.compactMap { type in
            guard case .entity(let entities) = type.kind else { return nil }
            if let list = classes.first(where: { $0.type == type.name }) { return (type.name, list.distinctWords) }
            return (type.name, spelledNames(entities).flatMap { $0 })
        }
    }

    /// Each entity's name and synonyms, as words.
    private static func spelledNames(_ entities: [Entity]) -> [[String]] {
        entities.flatMap { [$0.name] + $0.synonyms }.map(TextNormalizer.words)
    }

    /// The general language model's search, loaded (with the whole
    /// dictionary) the first time.
    func languageModel() throws(SpeechError) -> DecoderSearch {
        if !hasLanguageModel {
            try options.files.requireLanguageModel()
            try vocabulary.loadWholeDictionary()
            try decoder.create(.language, settings: options.languageSearchSettings,
                               kind: .languageModel(path: options.files.languageModel))
            hasLanguageModel = true
        }
        return .language
    }

    /// The phone loop's search, made the first time.
    func phoneLoop() throws(SpeechError) -> DecoderSearch {
        if !hasPhoneLoop {
            try decoder.create(.phones, settings: options.phoneLoopSettings, kind: .phoneLoop)
            hasPhoneLoop = true
        }
        return .phones
    }

    /// How the command search's `words`, cut short before a list's name,
    /// go on to whole commands (`WordAutomaton.completions`): the words
    /// before the name, the list's type, the words after it.
    func commandCompletions(of words: [String]) -> [(before: [String], type: String, after: [String])] {
        guard let automaton = commandAutomaton, !grammar.classes.isEmpty else { return [] }
        let types = Dictionary(grammar.classes.map { ($0.token, $0.type) }, uniquingKeysWith: { first, _ in first })
        return automaton.completions(of: words, through: Set(types.keys)).compactMap { completion in
            types[completion.slot].map { (completion.before, $0, completion.after) }
        }
    }

    /// The command grammar as phones (each word's first pronunciation),
    /// made the first time it is asked for.
    func commandPhones() -> GrammarPhoneGraph? {
        if commandPhoneGraph == nil, let automaton = commandAutomaton {
            commandPhoneGraph = GrammarPhoneGraph(automaton) { word in
                (decoder.pronunciation(of: word) ?? "").split(separator: " ").map(String.init)
            }
        }
        return commandPhoneGraph
    }

    /// Compiles `grammar` (after the words of `prefix`, if any) into
    /// `search` (replacing one of that name), with the words it lacks added
    /// to the dictionary first; returns its automaton (without the prefix).
    @discardableResult
    private func addGrammar(_ search: DecoderSearch, _ grammar: JSGFGrammar, alsoKnowing extraWords: [String] = [],
                            prefix: [String] = [], settings: [(String, String)]? = nil, what: String) throws(SpeechError) -> WordAutomaton {
        // One pass over the dictionary file for the phrases' words and the names'.
        try vocabulary.add(prefix + grammar.words + extraWords + grammar.classes.flatMap(\.distinctWords))
        let automaton: WordAutomaton
        do {
            automaton = try RecognitionGrammar.automaton(for: grammar)
        } catch {
            throw SpeechError("cannot compile the \(what): \(error)")
        }
        let searched = prefix.isEmpty ? automaton : automaton.prefixed(by: prefix)
        if grammar.classes.isEmpty {
            try decoder.create(search, settings: settings ?? options.grammarSearchSettings, kind: .grammar(searched.finiteStateGrammar()))
        } else {
            // Long lists as halves, the others as classes of the decoder's.
            let halved = grammar.classes.filter(options.hearsAsHalves)
            let halves = halved.map(GrammarClassHalves.init)
            let phonesOf = wordPhones(grammar.classes)
            for (list, listHalves) in zip(halved, halves) {
                try addClassWords(listHalves.decoderWords, ofType: list.type, phonesOf: phonesOf)
            }
            var members: [(token: String, members: [String])] = []
            for list in grammar.classes where !options.hearsAsHalves(list) {
                let tokens = list.joinedNames.map(list.memberToken(joined:))
                try addClassWords(zip(tokens, list.joinedNames).map { ($0, $1) }, ofType: list.type, phonesOf: phonesOf)
                members.append((list.token, tokens))
            }
            // Padding for a quarter of the members sizes sphinxbase's word
            // tables to a few names per bucket: as fast to build as room for
            // every member (100,000 names: 0.06 s), 13 MB smaller. A decoder
            // with the whole dictionary maps its 135,000 words into the
            // search's table too: a sixth of them keeps that to a few a
            // bucket (with 1,000 names, 0.4 s of 1.2 s at start went there).
            let padding = max(members.reduce(0) { $0 + $1.members.count } / 4, vocabulary.dictionaryEntries / 6)
            let model = GrammarLanguageModel(searched, padding: padding, halves: halves)
            try decoder.create(search, settings: options.classSearchSettings, kind: .classLanguageModel(arpa: model.text, classes: members))
        }
        return automaton
    }

    /// The pronunciation of each word of `classes`' names the decoder has.
    private func wordPhones(_ classes: [GrammarClass]) -> [String: String] {
        var phonesOf: [String: String] = [:]
        for word in classes.lazy.flatMap(\.distinctWords) where phonesOf[word] == nil {
            if let found = decoder.pronunciation(of: word) { phonesOf[word] = found }
        }
        return phonesOf
    }

    /// Gives the decoder each of a class's words it lacks (a name, or half
    /// of one: a token and the words it stands for, joined by spaces),
    /// pronounced as those words one after another (each word's first
    /// pronunciation: alternatives would multiply by the words).
    private func addClassWords(_ words: [(token: String, words: String)], ofType type: String, phonesOf: [String: String]) throws(SpeechError) {
        // A type's first words cannot be in the dictionary (no word of a
        // file has a class token's form): they are added without looking
        // each up first (100,000 names: 30 ms).
        let addedBefore = typesWithMembers.contains(type)
        for (token, spoken) in words {
            if addedBefore, decoder.pronunciation(of: token) != nil { continue }
            // By bytes: splitting by Characters walks grapheme clusters (100,000 names: 40 ms more).
            let phones = spoken.utf8.split(separator: UInt8(ascii: " ")).compactMap { phonesOf[String(decoding: $0, as: UTF8.self)] }
            do {
                try decoder.addWord(token, phones: phones.joined(separator: " "), updateSearch: false)
            } catch where decoder.pronunciation(of: token) != nil {
                continue
            }
        }
        typesWithMembers.insert(type)
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
}
