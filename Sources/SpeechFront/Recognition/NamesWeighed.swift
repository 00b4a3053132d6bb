import PhraseMatcher

/// Names in a long list weighed by the neural recogniser: a class search
/// hears a name among a hundred thousand by a hair, and the few it found
/// possible, with the listed names nearest what Moonshine heard, are
/// weighed by how likely Moonshine finds each wording of the command.
extension CommandRecognizer {
    /// Of the class search's best words and its other hypotheses that are
    /// whole commands (or, when its words stop short of a command, the
    /// ways the grammar goes on from them), the wording the neural
    /// recogniser finds likeliest for the audio. In a long list many
    /// names sound alike ("Emily Rios", "Willie Rios", "Emily Reeves"),
    /// and the search's acoustic models pick among them by a hair;
    /// Moonshine, which hears English words far better but knows no list,
    /// is the better judge of which of the few the search found possible
    /// was said. Nil when there is no choice.
    func likeliestWording(_ said: [String], or alternatives: [(String, Int)], hearing: MoonshineHearing) -> [String]? {
        // Moonshine heard the search's words: nothing to weigh.
        guard let text = hearing.text, TextNormalizer.words(of: text) != said else { return nil }
        // The search may stop short of a command ("send a message": its
        // language model may end anywhere); Moonshine may have heard the rest.
        let saidIsCommand = matcher.match(NormalizedText(words: said)).exactReading != nil
        var wordings = [said]
        for (hypothesis, _) in alternatives {
            let words = Self.cleanHypothesis(hypothesis).split(separator: " ").map(String.init)
            guard !words.isEmpty, !wordings.contains(words), matcher.match(NormalizedText(words: words)).exactReading != nil else { continue }
            wordings.append(words)
        }
        let heard = TextNormalizer.words(of: text).flatMap(Self.heardPhones)
        let searched = wordings.count
        let withNames = saidIsCommand ? wordingsWithNamesHeard(said, heard: heard) : completedWordings(said, heard: heard)
        wordings += withNames.filter { !wordings.contains($0) }
        // A command ending on a name that begins longer listed names may be
        // cut short in it: those gone on must be vouched for, as completions.
        let goneOnFrom = wordings.count
        if saidIsCommand { wordings += wordingsGoneOnFromName(said, heard: heard).filter { !wordings.contains($0) } }
        // Moonshine's transcript and its likelihoods must agree: a wording
        // wins only when it is also nearer in sound to what Moonshine wrote
        // than the search's words are (a likelihood can favour a short
        // name: "Laura" for "a larned"). Those that are not are not weighed.
        // Words cut short fit inside anything heard: a whole command must
        // then be as near as Moonshine must hear it to vouch for it.
        let saidEdits = saidIsCommand ? SecondOpinion.localEditDistance(said.flatMap(decodedPhones), within: heard) : 0
        var near: [(wording: [String], edits: Double, index: Int)] = []
        for (index, wording) in wordings.enumerated().dropFirst() {
            let phones = wording.flatMap(decodedPhones)
            let edits = SecondOpinion.localEditDistance(phones, within: heard)
            let vouched = edits <= Self.farthestVouching * Double(phones.count)
            guard saidIsCommand && index < goneOnFrom ? edits < saidEdits : vouched else { continue }
            // The names from Moonshine's hearing, nearest first, after the search's own.
            near.append((wording, index < searched ? -1 : edits, index))
        }
        near.sort { ($0.edits, $0.index) < ($1.edits, $1.index) }
        // Moonshine weighs so many at once: the nearest are the ones kept.
        wordings = [said] + near.prefix(MoonshineHearing.mostWeighed - 1).map(\.wording)
        guard wordings.count > 1 else { return nil }
        // Words that are no command are not weighed: any whole one is better.
        let weighed = saidIsCommand ? wordings : Array(wordings.dropFirst())
        let weights = (saidIsCommand ? [] : [nil]) + hearing.logLikelihoods(of: weighed.map { $0.joined(separator: " ") })
        guard let likeliest = weights.compactMap({ $0 }).max() else { return nil }
        // Where Moonshine cannot tell wordings apart by much, the search's
        // order decides: its own result first (when a command), then its
        // other hypotheses, then the names from Moonshine's hearing.
        guard let chosen = weights.firstIndex(where: { $0.map { $0 >= likeliest - Self.surerByNats } ?? false }),
              chosen != 0 else { return nil }
        return wordings[chosen]
    }

    /// How much likelier (in nats: a factor of 20) the neural recogniser
    /// must find a wording than the search's for it to win. Its likelihoods
    /// favour short spellings ("Reese" over "Rios" for "Reeve"), and near
    /// ties are where the search's acoustic models know better.
    static let surerByNats = 3.0

    /// Hypotheses of a class search weighed by the neural recogniser.
    static let wordingsWeighed = 10

    /// `said` with each name (of a list heard as a class) spelt as the
    /// listed names nearest in sound to what the neural recogniser heard
    /// between the command's other words ("call ryan mendez" when it heard
    /// "Call Ryan Mendes."): the search may have lost the name said among a
    /// hundred thousand, and Moonshine, which spells names its own way,
    /// cannot say it alone.
    /// `heard`: the phones of what Moonshine wrote.
    private func wordingsWithNamesHeard(_ said: [String], heard: [String]) -> [[String]] {
        guard let (reading, intent) = commandReading(said) else { return [] }
        var wordings: [[String]] = []
        for argument in reading.arguments {
            guard argument.wordRange.upperBound <= said.count, !argument.wordRange.isEmpty,
                  let type = intent.parameters.first(where: { $0.name == argument.name })?.type.name else { continue }
            let before = Array(said[..<argument.wordRange.lowerBound]), after = Array(said[argument.wordRange.upperBound...])
            wordings += namesHeard(ofType: type, between: before, and: after, near: Array(said[argument.wordRange]), heard: heard) { name in
                sameCommand(before + name + after, as: reading)
            }
        }
        return wordings
    }

    /// The command `said` is, and its intent; nil when it is none.
    private func commandReading(_ said: [String]) -> (Match, Intent)? {
        guard let reading = matcher.match(NormalizedText(words: said)).exactReading,
              matcher.model.intents.indices.contains(reading.intentIndex) else { return nil }
        return (reading, matcher.model.intents[reading.intentIndex])
    }

    /// `wording` when it is a command of `reading`'s intent and application.
    private func sameCommand(_ wording: [String], as reading: Match) -> [String]? {
        guard let other = matcher.match(NormalizedText(words: wording)).exactReading,
              other.intent == reading.intent, other.application == reading.application else { return nil }
        return wording
    }

    /// `said`, a command that ends on a name of a list heard as a class
    /// which begins longer listed names ("send a message to allar", with
    /// "allar" and "allar regarding" listed), with the longer names of any
    /// first words that fit what the neural recogniser heard in its place
    /// ("lauren martin" for "a larned Martin"): the search may end on any
    /// word, and a name that is a whole command may be one cut short.
    private func wordingsGoneOnFromName(_ said: [String], heard: [String]) -> [[String]] {
        guard let (reading, intent) = commandReading(said),
              let argument = reading.arguments.first(where: { $0.wordRange.upperBound == said.count && !$0.wordRange.isEmpty }),
              argument.wordRange.count < Self.longestNameCompleted,
              let type = intent.parameters.first(where: { $0.name == argument.name })?.type.name,
              searches.nameAnchors(ofType: type)?.beginsLongerName(Array(said[argument.wordRange])) == true else { return [] }
        let before = Array(said[..<argument.wordRange.lowerBound])
        return (argument.wordRange.count + 1...Self.longestNameCompleted).flatMap { count in
            namesHeard(ofType: type, between: before, and: [], near: [String](repeating: "", count: count), heard: heard, byOneWord: true) { name in
                sameCommand(before + name, as: reading)
            }
        }
    }

    /// `said`, words that stop short of a command, gone on by the grammar
    /// to whole commands with the listed names nearest in sound to what
    /// the neural recogniser heard in the name's place ("send a message to
    /// melissa mitchell" when the search heard "send a message" and
    /// Moonshine "Send a message to Malaysia Mitchell."). A name of one,
    /// two or three words.
    private func completedWordings(_ said: [String], heard: [String]) -> [[String]] {
        // Cut short inside a name ("send a message to lisa" for "… melissa
        // mitchell": a class search hears a name as its first word and the
        // rest, and may end after either): the words before it go on.
        var start = said, completions: [(before: [String], type: String, after: [String])] = []
        for dropped in 0...min(Self.longestNameCompleted, said.count) {
            start = Array(said.dropLast(dropped))
            completions = searches.commandCompletions(of: start)
            if !completions.isEmpty { break }
        }
        return completions.flatMap { completion in
            let before = start + completion.before
            return (1...Self.longestNameCompleted).flatMap { count in
                namesHeard(ofType: completion.type, between: before, and: completion.after,
                           near: [String](repeating: "", count: count), heard: heard, byOneWord: true) { name in
                    let wording = before + name + completion.after
                    return matcher.match(NormalizedText(words: wording)).exactReading != nil ? wording : nil
                }
            }
        }
    }
    private static let longestNameCompleted = 3

    /// The wordings `accept` makes of the names of `type` (a list heard as
    /// a class) that best fit what the neural recogniser heard between the
    /// phones of the words `before` and `after`: as many words as `near`
    /// (the name the search heard there, its words choices too; empty
    /// strings for none), each a listed word fitting its place, or the
    /// names a listed word fitting the stretch's start begins or one
    /// fitting its end ends, when `byOneWord` (`NameAnchors`: Moonshine may
    /// spell one word of a name far off); the names nearest the whole
    /// stretch first. `near` itself is left out. Only a search that lost
    /// the name looks by one word: a name it heard whole is overruled only
    /// by one Moonshine heard near word for word (by one word, Moonshine's
    /// "Stephen Blair" put "stephen black" for "stephen guerra").
    private func namesHeard(ofType type: String, between before: [String], and after: [String], near: [String],
                            heard: [String], byOneWord: Bool = false, accept: ([String]) -> [String]?) -> [[String]] {
        guard !near.isEmpty, searches.hearsAsClass(type), let sounds = searches.wordSounds(ofType: type) else { return [] }
        // The heard phones between the words before the name and those
        // after it, when Moonshine heard those words: a command's own words
        // are few and it hears them well, and a name looked for in talk
        // that holds none of them ("Alexa. Alexa." for "phone …") fits
        // some name among a hundred thousand.
        let beforePhones = before.flatMap(decodedPhones), afterPhones = after.flatMap(decodedPhones)
        let beforeFit = SecondOpinion.fit(beforePhones, within: heard)
        guard beforeFit.edits <= Self.farthestVouching * Double(beforePhones.count) else { return [] }
        let start = beforePhones.isEmpty ? 0 : beforeFit.end
        let afterFit = SecondOpinion.fit(Array(afterPhones.reversed()), within: Array(heard[start...].reversed()))
        guard afterFit.edits <= Self.farthestVouching * Double(afterPhones.count) else { return [] }
        let end = afterPhones.isEmpty ? heard.count : heard.count - afterFit.end
        guard start < end else { return [] }
        let name = Array(heard[start..<end])
        // Each word of the name as the search heard it, or one of the
        // list's words fitting its place in what Moonshine heard.
        var spellings: [(words: [String], phones: [String])] = [([], [])]
        for (position, word) in near.enumerated() {
            var choices = sounds.phones(of: word).map { [(word: word, phones: $0)] } ?? []
            choices += sounds.words(fitting: name, fromStart: position == 0, toEnd: position == near.count - 1,
                                    count: Self.wordsHeardPerPlace, farthest: Self.farthestHeardWord).filter { $0.word != word }
            spellings = spellings.flatMap { start in choices.map { (start.words + [$0.word], start.phones + $0.phones) } }
            if spellings.count > Self.mostSpellings { spellings.removeLast(spellings.count - Self.mostSpellings) }
        }
        // And the names one well-heard word of theirs brings: a first word
        // fitting the stretch's start, or a last word fitting its end.
        if byOneWord, near.count > 1, let anchors = searches.nameAnchors(ofType: type) {
            var seen = Set(spellings.map(\.words))
            for atEnd in [false, true] {
                let anchorWords = sounds.words(fitting: name, fromStart: !atEnd, toEnd: atEnd, count: Self.wordsHeardPerPlace,
                                               farthest: Self.farthestAnchor)
                for anchor in anchorWords {
                    let names = atEnd ? anchors.names(ofWordCount: near.count, endingWith: anchor.word, limit: Self.namesPerAnchor)
                        : anchors.names(ofWordCount: near.count, beginningWith: anchor.word, limit: Self.namesPerAnchor)
                    for words in names where seen.insert(words).inserted {
                        let phones = words.compactMap(sounds.phones(of:))
                        if phones.count == words.count { spellings.append((words, Array(phones.joined()))) }
                    }
                }
            }
        }
        // The listed names among them, nearest the whole stretch first.
        let fits = spellings.filter { $0.words != near }
            .map { (words: $0.words, edits: SecondOpinion.fit($0.phones, within: name, fromStart: true, toEnd: true).edits) }
            .sorted { $0.edits < $1.edits }
        var listed: [[String]] = []
        for fit in fits where listed.count < Self.namesHeardPerPlace {
            if let wording = accept(fit.words) { listed.append(wording) }
        }
        return listed
    }

    /// For each word of a name, the list's words fitting its place in what
    /// the neural recogniser heard: the nearest few, each within a third of
    /// its phones; of the names they spell, the few nearest.
    private static let wordsHeardPerPlace = 4, farthestHeardWord = 1.0 / 3, mostSpellings = 32, namesHeardPerPlace = 4
    /// At most so many names a word brings (a common first name begins
    /// hundreds in a long list: each is weighed against the stretch heard).
    private static let namesPerAnchor = 1_000
    /// How near (edits a phone) a word must be heard to bring its names:
    /// one edit in six phones ("mendes" for "mendez"), where any word of a
    /// name may be a third off. The names a loosely heard word brings
    /// are many, and among a hundred thousand some fit other talk.
    private static let farthestAnchor = 1.0 / 6
}
