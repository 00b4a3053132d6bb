import Foundation
import PhraseMatcher

/// A list heard as a class fits any speech with some name, and
/// PocketSphinx's evidence for that path is as good as for a command: with
/// 100,000 contacts, wake words and coffee orders were taken as calls at
/// confidence 0.41–0.75 ("call alexis le" for "Alexa"). So a class
/// search's command stands only when a recogniser that knows English but
/// no list heard it too: Moonshine, or where it gave no opinion (not
/// installed, or audio it cannot judge) PocketSphinx's general language
/// model, in a second search.
extension CommandRecognizer {
    /// Whether another recogniser heard `transcript`, a class search's
    /// command, within `farthestVouching` of its phones and each listed
    /// name within `farthestNameVouching` of the name's, or Moonshine
    /// (its `hearing`) finds the command nearly as likely as its own words
    /// (`isLikelyToMoonshine`, the gap kept in the evidence); true when none
    /// could be asked, or the command would not be taken anyway.
    func isVouchedFor(_ transcript: inout Transcript, _ decoded: DecodedUtterance, segment: SpeechSegment,
                      hearing: MoonshineHearing?) -> Bool {
        if isHeardNear(transcript, decoded, segment: segment) { return true }
        return isLikelyToMoonshine(&transcript, hearing: hearing)
    }

    /// Moonshine's words are its likeliest guess, not all it heard: a name
    /// it does not know it writes as other words ("Call your crypto." for
    /// espeak-ng's "call jack patel", 0.59 phone edits a phone away) while
    /// finding the listed name nearly as likely, and other talk a list's
    /// command was made of it finds far less likely than what was said.
    /// Only a command that would be taken is weighed.
    private func isLikelyToMoonshine(_ transcript: inout Transcript, hearing: MoonshineHearing?) -> Bool {
        guard let hearing, let own = hearing.text, transcript.evidence?.secondOpinion != nil,
              transcript.match?.best != nil, transcript.confidence >= minimumConfidence(for: transcript) else { return false }
        // Its own words without case and punctuation, as the command's are
        // (scored alike, a full stop at the end free), and as the normaliser
        // spells them, whichever it finds likelier: a rewriting it finds
        // unlikely ("ice mochaved" for its "ice-mochaved", "five" for "5")
        // would bring other talk nearer (a coffee order by 15 nats).
        let normalized = TextNormalizer.words(of: own).joined(separator: " "), bare = Self.bareWords(own)
        let weights = hearing.logLikelihoods(of: [transcript.text, normalized] + (bare == normalized ? [] : [bare]))
        guard let command = weights[0], let written = weights.dropFirst().compactMap({ $0 }).max() else { return false }
        // Its greedy words may be less likely than the command: no gap then.
        let gap = min(0, command - written)
        transcript.evidence?.secondOpinion?.likelihoodGap = gap
        return gap >= -Self.mostNatsBelowOwnWords
    }

    /// `text` in lower case, split at anything but letters, digits,
    /// apostrophes and hyphens ("Call Jack Patel, 5 times." → "call jack
    /// patel 5 times").
    static func bareWords(_ text: String) -> String {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "-") }.joined(separator: " ")
    }

    /// How much less likely than its own words Moonshine may find a class
    /// search's command and still vouch for it: 10 nats. Measured on the
    /// entity benchmark's nine voices (dev figures): the right commands it
    /// did not vouch for by their phones were 6 nats or less below at
    /// 1,000 contacts, 14 at 100,000; other talk taken as a command
    /// (wake words, coffee orders, single words) was 61 or more below, and
    /// wrong names 20 or more.
    static let mostNatsBelowOwnWords = 10.0

    /// Whether another recogniser's words are near the command's phones
    /// and its names' (`farthestVouching`, `farthestNameVouching`).
    private func isHeardNear(_ transcript: Transcript, _ decoded: DecodedUtterance, segment: SpeechSegment) -> Bool {
        let distance: Double, heard: [String]
        if let opinion = transcript.evidence?.secondOpinion {
            distance = opinion.distance
            heard = TextNormalizer.words(of: opinion.text).flatMap(Self.heardPhones)
        } else {
            guard transcript.match?.best != nil, transcript.confidence >= minimumConfidence(for: transcript),
                  let general = generalModelPhones(segment) else { return true }
            let said = Self.decoderWords(decoded).flatMap(decodedPhones)
            guard !said.isEmpty else { return true }
            guard !general.isEmpty else { return false }
            distance = SecondOpinion.localEditDistance(said, within: general) / Double(said.count)
            heard = general
        }
        return distance <= Self.farthestVouching && farthestName(in: transcript, decoded, within: heard) <= Self.farthestNameVouching
    }

    /// How far (phone edits a phone) the other recogniser's words may be
    /// from a class search's command: a third. With 100,000 contacts the
    /// other talk taken was 0.32–0.55 from what Moonshine heard, the names
    /// heard right 0–0.41, nearly all under 0.3. A name it garbles
    /// ("Calmer healope has" for "call maria lopez") is asked again rather
    /// than other talk acted on.
    static let farthestVouching = 1.0 / 3

    /// How far a listed name in the command may be from the stretch of the
    /// other recogniser's words that fits it best: half its phones, as
    /// neither recogniser knows the list and each spells a name by ear.
    /// Measured over the whole command, the command's words vouched for a
    /// name nobody said: flite's "send a message to sam lee saying i am on
    /// my way", Sam Lee not listed, went to Nancy Wright (the name 0.56
    /// from what Moonshine heard, the command 0.2).
    static let farthestNameVouching = 1.0 / 2

    /// Of the listed names (of types heard as a class) `transcript`'s
    /// command holds, the farthest from the stretch of `heard` that fits it
    /// best, in phone edits a phone; 0 for none.
    private func farthestName(in transcript: Transcript, _ decoded: DecodedUtterance, within heard: [String]) -> Double {
        guard let best = transcript.match?.best, matcher.model.intents.indices.contains(best.intentIndex) else { return 0 }
        let intent = matcher.model.intents[best.intentIndex]
        // The command's words as the transcript and its match number them.
        let said = Self.decoderWords(decoded)
        var farthest = 0.0
        for argument in best.arguments where argument.wordRange.upperBound <= said.count {
            guard let type = intent.parameters.first(where: { $0.name == argument.name })?.type.name, searches.hearsAsClass(type) else { continue }
            let name = said[argument.wordRange].flatMap(decodedPhones)
            guard !name.isEmpty else { continue }
            farthest = max(farthest, heard.isEmpty ? 1 : SecondOpinion.localEditDistance(name, within: heard) / Double(name.count))
        }
        return farthest
    }

    /// The phones of what PocketSphinx's general language model hears in
    /// `segment`; nil when it cannot be asked (no model file, or one it
    /// cannot load: then never again). That model hears speech far from
    /// what it was trained on poorly (espeak-ng's formant voices come out
    /// as other words), and it is a second search of the utterance.
    private func generalModelPhones(_ segment: SpeechSegment) -> [String]? {
        guard !searches.languageModelUnusable, FileManager.default.isReadableFile(atPath: options.files.languageModel) else { return nil }
        let search: DecoderSearch
        do {
            search = try searches.languageModel()
        } catch {
            searches.languageModelUnusable = true
            return nil
        }
        guard let general = try? decoder.decode(segment.samples, with: search, nbest: 1) else { return nil }
        return Self.decoderWords(general).flatMap(decodedPhones)
    }

    /// A decoded utterance's words without fillers, variants kept
    /// (`word(2)`): as a transcript's words are numbered.
    static func decoderWords(_ decoded: DecodedUtterance) -> [String] {
        decoded.words.filter { !isFiller($0.word) }.map(\.word)
    }
}
