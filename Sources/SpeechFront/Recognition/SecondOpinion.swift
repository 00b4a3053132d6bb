import Foundation
import PhraseMatcher

/// How far a grammar result is from what a neural recogniser with an open
/// vocabulary heard in the same audio (`MoonshineTranscriber`), compared
/// as phones so that homophones and near misses ("book arrived" for "book
/// a ride") stay close while other speech the grammar was laid over ("can
/// I have a light roast" for "ninety nine minute timer"; "right" for "brew
/// a coffee") is far.
public struct SecondOpinion: Sendable, Equatable {
    /// What the neural recogniser heard, as it wrote it.
    public var text: String
    /// Phone edits between the command's words and the best-matching
    /// stretch of what was heard (`localEditDistance`), over the command's
    /// phones: 0 when the
    /// neural recogniser heard the command, near 1 or above when it heard
    /// something else.
    public internal(set) var distance: Double
    /// Share of the heard phones beyond the command's length: speech the
    /// command does not account for ("okay rhasspy turn on the lamp" for
    /// "turn on the lamp" has some; a coffee order heard as a timer, most).
    public internal(set) var extra: Double
    /// How much less likely (nats) the neural recogniser finds writing the
    /// command's words for this audio than writing its own: 0 when it
    /// wrote them, far below for other talk. Weighed only for a list heard
    /// as a class whose command the phones did not vouch for; nil otherwise.
    public internal(set) var likelihoodGap: Double?

    /// Compares `said` (the command's phones) with the phones of the
    /// neural recogniser's `text`, each word's from `phonesOf`.
    init(text: String, said: [String], phonesOf: (String) -> [String]) {
        let heard = TextNormalizer.words(of: text).flatMap(phonesOf)
        self.text = text
        distance = Self.localEditDistance(said, within: heard) / Double(max(1, said.count))
        extra = heard.isEmpty ? 0 : Double(max(0, heard.count - said.count)) / Double(heard.count)
    }

    /// Insertions, deletions and substitutions that turn `a` into some
    /// stretch of `b` (what comes before and after that stretch is free);
    /// a phone for one of its kind (a vowel for a vowel, a stop for a stop)
    /// costs half.
    static func localEditDistance(_ a: [String], within b: [String]) -> Double {
        fit(a, within: b).edits
    }

    /// The edits (as `localEditDistance` counts them) that turn `a` into a
    /// stretch of `b`, and where in `b` the cheapest such stretch ends:
    /// it may start anywhere unless `fromStart`, end anywhere unless
    /// `toEnd`.
    static func fit(_ a: [String], within b: [String], fromStart: Bool = false, toEnd: Bool = false) -> (edits: Double, end: Int) {
        // Phones outside CMU's set are numbered for this comparison alone,
        // above CMU's codes, so that each still matches itself.
        var others: [String: UInt16] = [:]
        func code(_ phone: String) -> UInt16 {
            let known = PhoneCodes.code(phone)
            if known != PhoneCodes.unknown { return known }
            if let other = others[phone] { return other }
            let other = UInt16(clamping: PhoneCodes.cmu.count + 1 + others.count)
            others[phone] = other
            return other
        }
        return fit(codes: a.map(code), within: b.map(code), fromStart: fromStart, toEnd: toEnd)
    }

    /// `fit` of phones as codes (`PhoneCodes`).
    static func fit(codes a: [UInt16], within b: [UInt16], fromStart: Bool = false, toEnd: Bool = false) -> (edits: Double, end: Int) {
        guard !a.isEmpty else { return (fromStart ? Double(toEnd ? b.count : 0) : 0, fromStart ? (toEnd ? b.count : 0) : b.count) }
        // Row i: the cheapest edits of a[..<i] ending at each place in b;
        // row 0 is free everywhere when the stretch may start anywhere.
        var previous = (0...b.count).map { fromStart ? Double($0) : 0 }, current = previous
        for i in 1...a.count {
            current[0] = Double(i)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + PhoneCodes.substitution(a[i - 1], b[j - 1]))
            }
            swap(&previous, &current)
        }
        if toEnd { return (previous[b.count], b.count) }
        // The earliest end of the cheapest.
        var end = 0
        for j in previous.indices where previous[j] < previous[end] { end = j }
        return (previous[end], end)
    }
}
