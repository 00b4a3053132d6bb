/// A trigram language model (ARPA text) of a word automaton's paths: every
/// word sequence of its paths has the trigrams, bigrams and sentence ends
/// it is made of, each word after a two-word history as likely as the
/// others the automaton allows after it (as a grammar search weighs its
/// arcs), and a step no path takes costs `backoff` decades. Three words
/// are all it remembers: a sequence whose every three words occur on some
/// path passes though no one path holds it (the matcher then refuses it).
/// PocketSphinx's n-gram search then hears a grammar whose class tokens
/// (`GrammarClass`) stand for lists of any length: its lexicon tree
/// shares the names' sounds, where a grammar search sets up every name
/// on every arc that leads to it.
package struct GrammarLanguageModel: Sendable {
    /// The model as ARPA text.
    package var text: String
    /// The n-grams it holds, by order.
    package var counts: [Int]

    /// How many log10 units leaving the automaton's paths costs at each order.
    package static let backoff = -99.0

    /// `padding`: that many unigrams that no dictionary holds, after the
    /// words (`<pad0>`, …): sphinxbase sizes a model's word table by its
    /// unigrams and never grows it, so class members added later fill it
    /// quadratically unless it was made big enough (measured: 100,000
    /// names 4.2 s unpadded, 0.06 s padded for all of them or for a quarter).
    /// `halves`: classes whose token stands for their names as halves
    /// (`GrammarClassHalves`), spelt out here as their first words and
    /// rests; any other class token is one word (a class of the decoder's).
    package init(_ automaton: WordAutomaton, padding: Int = 0, halves: [GrammarClassHalves] = []) {
        let sentenceStart: Int32 = -2, sentenceEnd: Int32 = -3, nothing: Int32 = -4
        // The (two words before, one word before) histories of each state,
        // found by following the paths; epsilon arcs keep the history.
        struct Key: Hashable { var state: Int32; var older: Int32; var newer: Int32 }
        var seen: Set<Key> = []
        var pending: [Key] = [Key(state: automaton.start, older: nothing, newer: sentenceStart)]
        var trigrams: [[Int32]: Set<Int32>] = [:]
        var bigrams: [Int32: Set<Int32>] = [:]
        while let key = pending.popLast() {
            guard seen.insert(key).inserted else { continue }
            let history = key.older == nothing ? [key.newer] : [key.older, key.newer]
            func follow(_ word: Int32) {
                bigrams[key.newer, default: []].insert(word)
                if history.count == 2 { trigrams[history, default: []].insert(word) }
            }
            if automaton.finals.contains(key.state), key.newer != sentenceStart { follow(sentenceEnd) }
            for arc in automaton.arcs[Int(key.state)] {
                if arc.word == WordAutomaton.epsilon {
                    pending.append(Key(state: arc.target, older: key.older, newer: key.newer))
                } else {
                    follow(arc.word)
                    pending.append(Key(state: arc.target, older: key.newer, newer: arc.word))
                }
            }
        }
        func name(_ word: Int32) -> String {
            switch word {
            case sentenceStart: "<s>"
            case sentenceEnd: "</s>"
            default: automaton.words[Int(word)]
            }
        }
        func log10Share(_ count: Int) -> String { Self.format(-Self.log10(Double(count))) }
        // The classes heard as halves, by their grammar word.
        var halvesOf: [Int32: GrammarClassHalves] = [:]
        for list in halves {
            if let word = automaton.words.firstIndex(of: list.classToken) { halvesOf[Int32(word)] = list }
        }
        // A word after a history as the model's words, each with its log10
        // share of `share`: a class as its first words, each costing what
        // one name costs, its rests then free. PocketSphinx may end an
        // utterance on any word without scoring its end of sentence, so a
        // search may stop between the halves: a first word as likely as
        // all the names it begins would make stopping after it likelier
        // than going on to any one of its rests, by as many times as it
        // has rests ("send a message to allar" for "… lori brewer").
        func spelt(_ word: Int32, _ share: Double) -> [(String, Double)] {
            guard let list = halvesOf[word] else { return [(name(word), share)] }
            let each = share - Self.log10(Double(list.nameCount))
            return list.firsts.map { ($0.token, each) }
        }

        let used = Set(bigrams.values.flatMap { $0 }).subtracting([sentenceEnd])
        let vocabulary = used.filter { halvesOf[$0] == nil }.map(name).sorted()
            + used.compactMap { halvesOf[$0] }.flatMap { $0.decoderWords.map(\.token) }
        let unigram = log10Share(vocabulary.count + 1)
        let backoff = Self.format(Self.backoff)
        var lines: [String] = []
        lines.reserveCapacity(vocabulary.count + padding + bigrams.count * 4 + 16)
        // A bigram that starts a trigram history backs off too; one whose
        // history holds half a name backs off for nothing, to the bigrams
        // of its last word (the rest the first word comes with, the words
        // after a name).
        var bigramLines: [String] = []
        for (history, next) in bigrams.sorted(by: { name($0.key) < name($1.key) }) {
            let share = -Self.log10(Double(next.count))
            let words = next.sorted { name($0) < name($1) }
            if let list = halvesOf[history] {
                // The words a name ends with: every rest, and the first words that are names alone.
                let nameEnds = list.rests.map(\.token) + list.firsts.filter(\.isWholeName).map(\.token)
                for word in words {
                    for (spelling, probability) in spelt(word, share) {
                        let formatted = Self.format(probability)
                        for end in nameEnds { bigramLines.append("\(formatted) \(end) \(spelling)") }
                    }
                }
                continue
            }
            for word in words {
                if halvesOf[word] != nil {
                    bigramLines += spelt(word, share).map { "\(Self.format($1)) \(name(history)) \($0)" }
                } else {
                    let line = "\(Self.format(share)) \(name(history)) \(name(word))"
                    bigramLines.append(trigrams[[history, word]] == nil ? line : "\(line) \(backoff)")
                }
            }
        }
        // Each first word goes on to the rests it comes with, for nothing:
        // the first word paid for the name.
        for list in halvesOf.values.sorted(by: { $0.classToken < $1.classToken }) {
            for first in list.firsts {
                for rest in first.rests { bigramLines.append("0 \(first.token) \(list.rests[Int(rest)].token)") }
            }
        }
        // Histories that hold half a name keep no trigrams (see above).
        let trigramLines = trigrams.filter { halvesOf[$0.key[0]] == nil && halvesOf[$0.key[1]] == nil }
            .sorted { $0.key.map(name).joined(separator: " ") < $1.key.map(name).joined(separator: " ") }
            .flatMap { history, next in
                let share = -Self.log10(Double(next.count))
                return next.flatMap { spelt($0, share) }.sorted { $0.0 < $1.0 }
                    .map { "\(Self.format($1)) \(name(history[0])) \(name(history[1])) \($0)" }
            }
        counts = [vocabulary.count + 2 + padding, bigramLines.count, trigramLines.count]
        lines += ["\\data\\", "ngram 1=\(counts[0])", "ngram 2=\(counts[1])", "ngram 3=\(counts[2])", "", "\\1-grams:"]
        // <s> is never predicted; every word that starts a bigram history
        // may back off, </s> too: PocketSphinx also enters it inside an
        // utterance, as a word after which the history is </s> (a free
        // backoff there made every word a unigram: "send a message to </s>
        // winegarden").
        lines.append("-99 <s> \(backoff)")
        lines.append("\(unigram) </s> \(backoff)")
        for word in vocabulary { lines.append("\(unigram) \(word) \(backoff)") }
        for index in 0..<padding { lines.append("-99 <pad\(index)>") }
        lines += ["", "\\2-grams:"] + bigramLines
        lines += ["", "\\3-grams:"] + trigramLines + ["", "\\end\\", ""]
        text = lines.joined(separator: "\n")
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 10000).rounded() / 10000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private static func log10(_ value: Double) -> Double { Foundation.log10(value) }
}

import Foundation
