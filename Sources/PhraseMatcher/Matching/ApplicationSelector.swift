/// How people name the application a command is for when several are
/// heard, as they do with Siri: "in Courier send a message to Alex", "send
/// a message to Alex with Courier", "ask the Courier app to …". Any command
/// of any application may be said so; the matcher then hears it as that
/// application's, and the recognition grammar allows it around every command.
package enum ApplicationSelector {
    /// Words before the name at the start of a command, and after it ("to").
    static let leading: [(before: [String], after: [String])] = [
        (["in"], []), (["on"], []), (["with"], []), (["using"], []), (["ask"], ["to"]), (["tell"], ["to"]), ([], []),
    ]
    /// Words before the name at the end of a command.
    static let trailing: [[String]] = [["in"], ["on"], ["with"], ["using"], ["via"]]

    /// Every way of saying an application's name in a selector: the name or
    /// a synonym, with or without "the" before it and "app" after it.
    static func spokenNames(_ application: Application) -> [[String]] {
        var forms: [[String]] = []
        for name in application.names {
            let words = TextNormalizer.words(of: name)
            guard !words.isEmpty else { continue }
            for article in [[], ["the"]] where !(words.first == "the" && !article.isEmpty) {
                for suffix in [[], ["app"]] where words.last != "app" || suffix.isEmpty {
                    let form = article + words + suffix
                    if !forms.contains(form) { forms.append(form) }
                }
            }
        }
        return forms
    }

    /// The word sequences that open a command for `application`.
    static func prefixes(_ application: Application) -> [[String]] {
        spokenNames(application).flatMap { name in leading.map { $0.before + name + $0.after } }
    }

    /// The word sequences that close a command for `application`.
    static func suffixes(_ application: Application) -> [[String]] {
        spokenNames(application).flatMap { name in trailing.map { $0 + name } }
    }
}

/// The selectors of a model's applications, compiled for the matcher.
struct ApplicationSelectors: Sendable {
    /// Values are `.integer(index into the model's applications)`.
    var prefixes = PhraseTrie()
    var suffixes = PhraseTrie()

    init(model: CommandModel, vocabulary: inout Vocabulary) {
        for (index, application) in model.applications.enumerated() {
            for words in ApplicationSelector.prefixes(application) {
                prefixes.insert(words.map { vocabulary.intern($0) }, value: .integer(index))
            }
            for words in ApplicationSelector.suffixes(application) {
                suffixes.insert(words.map { vocabulary.intern($0) }, value: .integer(index))
            }
        }
    }

    /// The application an utterance names at its start (after leading
    /// fillers) or end (before trailing ones), and the words left between:
    /// the longest selector wins, the start before the end.
    /// `fillerEnds` are the search's (`MatchSearch.fillerEnds`): where a
    /// command may start after leading fillers and end before trailing ones.
    func find(in ids: [Int32], fillerEnds: (canStart: [Bool], canEnd: [Bool])) -> (application: Int, words: Range<Int>)? {
        let count = ids.count
        let starts = fillerEnds.canStart.isEmpty ? [0] : fillerEnds.canStart.indices.filter { fillerEnds.canStart[$0] }
        func canEnd(_ end: Int) -> Bool { fillerEnds.canEnd.isEmpty ? end == count : fillerEnds.canEnd[end] }
        // The words left keep their own fillers: the search reads those.
        var best: (application: Int, words: Range<Int>)?
        for start in starts {
            prefixes.walk(ids, from: start) { end, values in
                guard end < count, case .integer(let application) = values[0] else { return }
                if best == nil || end > best!.words.lowerBound { best = (application, end..<count) }
            }
        }
        if let best { return best }
        for start in 1..<max(1, count) {
            suffixes.walk(ids, from: start) { end, values in
                guard canEnd(end), case .integer(let application) = values[0] else { return }
                if best == nil || start < best!.words.upperBound { best = (application, 0..<start) }
            }
        }
        return best
    }
}
