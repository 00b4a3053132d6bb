import Foundation

/// What a grammar result's confidence is judged from: how well the
/// command's words explain the audio compared with free phones (a phone
/// loop over the same audio, which any speech fits), word by word, and
/// whether the words are a plausible account of the speech in length.
///
/// Scores are acoustic log-likelihoods in nats, relative to the best
/// senone of each frame (PocketSphinx's normalisation); margins are the
/// phone loop's score minus the words', per frame: 0 when the words fit
/// as well as any phones could, growing as the speech strays from them.
package struct RecognitionEvidence: Sendable, Equatable {
    /// Frames (10 ms) of the utterance.
    package var frames: Int
    /// Frames inside the hypothesis's words (fillers and silence excluded).
    package var wordFrames: Int
    /// Frames the phone loop hears as speech sounds (not silence or noise).
    package var loopSpeechFrames: Int
    /// Whole-path margin per frame: path scores (language weights and
    /// insertion penalties included), over every frame.
    package var pathMargin: Double
    /// Acoustic margin per frame over the hypothesis's words.
    package var wordMargin: Double
    /// The largest acoustic margin per frame of any one word.
    package var worstWordMargin: Double
    /// Words and phones of the hypothesis.
    package var words: Int
    package var phones: Int
    /// Share of the phone loop's speech frames that fall outside the
    /// hypothesis's words: speech the command does not account for.
    package var unexplainedSpeech: Double
    /// The phone loop's own acoustic score per frame over the words' frames
    /// (how far even free phones fall short of the best senones: a voice
    /// unlike the acoustic model's training speakers scores low here).
    package var loopFit: Double = 0
    /// Phone edits between each word's pronunciation and the phones the
    /// loop heard in the word's time, over the hypothesis's phones: low
    /// when free phones hear what the words say, near 1 where the words
    /// were laid over other speech.
    package var phoneDistance: Double = 0
    /// The same for the word whose phones disagree most.
    package var worstWordPhoneDistance: Double = 0
    /// Seconds of the utterance the voice gate heard as a voice (nil
    /// without the gate): how long the person spoke, whatever the voice.
    package var voicedSeconds: Double?

    /// Share of the hypothesis's word frames that the voice gate heard as a
    /// voice (nil without the gate): a command the person said lies on
    /// their voice; words the decoder laid over noise, a clatter or the
    /// silence around a lone word do not, whatever the voice.
    package var voicedWordShare: Double?

    /// What a neural recogniser heard in the same audio, and how far it is
    /// from the command (nil when it is not installed or was not asked).
    package var secondOpinion: SecondOpinion?

    /// Measures `voicedWordShare` from the gate's frame verdicts.
    mutating func measureVoice(_ voice: [Bool], in grammar: DecodedUtterance) {
        var words = 0, voiced = 0
        for word in grammar.words where !CommandRecognizer.isFiller(word.word) {
            let start = Int((word.start * 100).rounded()), end = Int((word.end * 100).rounded())
            for frame in start..<max(start + 1, end) {
                words += 1
                if frame < voice.count, voice[frame] { voiced += 1 }
            }
        }
        voicedWordShare = words > 0 ? Double(voiced) / Double(words) : nil
    }

    /// Phones of the hypothesis per second of voice: a lone word forced
    /// onto a command of many words comes out implausibly fast.
    package var phonesPerVoicedSecond: Double? {
        voicedSeconds.map { Double(phones) / max(0.1, $0) }
    }

    package init(frames: Int, wordFrames: Int, loopSpeechFrames: Int, pathMargin: Double, wordMargin: Double,
                worstWordMargin: Double, words: Int, phones: Int, unexplainedSpeech: Double) {
        self.frames = frames
        self.wordFrames = wordFrames
        self.loopSpeechFrames = loopSpeechFrames
        self.pathMargin = pathMargin
        self.wordMargin = wordMargin
        self.worstWordMargin = worstWordMargin
        self.words = words
        self.phones = phones
        self.unexplainedSpeech = unexplainedSpeech
    }

    /// Phones per second of the words' own time.
    package var phonesPerSecond: Double {
        wordFrames > 0 ? Double(phones) * 100 / Double(wordFrames) : 0
    }
}

extension RecognitionEvidence {
    /// Compares a grammar decode with a phone-loop decode of the same
    /// audio. `phonesOf` gives the phones of a hypothesis word (as the
    /// decoder spells it, `word(2)` for a variant);
    /// `nats` turns a decoder score into nats.
    static func comparing(_ grammar: DecodedUtterance, with loop: DecodedUtterance,
                          phones phonesOf: (String) -> [String], nats: (Int) -> Double) -> RecognitionEvidence {
        let frames = max(1, grammar.frames)
        let words = grammar.words.filter { !CommandRecognizer.isFiller($0.word) }
        let loopPhones = loop.words.filter { !Self.isLoopSilence($0.word) }
        func frameRange(_ word: DecodedWord) -> Range<Int> {
            let start = Int((word.start * 100).rounded()), end = Int((word.end * 100).rounded())
            return start..<max(start + 1, end)
        }
        // The loop's acoustic score over a span of frames: each phone
        // contributes in proportion to its overlap with the span.
        func loopScore(over span: Range<Int>) -> Double {
            var total = 0.0
            for phone in loop.words {
                let range = frameRange(phone)
                let overlap = max(0, min(range.upperBound, span.upperBound) - max(range.lowerBound, span.lowerBound))
                if overlap > 0 { total += nats(phone.acousticScore) * Double(overlap) / Double(range.count) }
            }
            return total
        }
        var wordFrames = 0
        var loopOverWords = 0.0
        var wordGap = 0.0
        var worst = 0.0
        var covered = Set<Int>()
        var phoneCount = 0, phoneEdits = 0, worstPhones = 0.0
        let loopMiddles = loopPhones.map { phone in
            let range = frameRange(phone)
            return (phone: phone.word, middle: (range.lowerBound + range.upperBound) / 2)
        }
        for word in words {
            let span = frameRange(word)
            // The loop's phones whose middle lies in the word.
            let heard = loopMiddles.filter { span.contains($0.middle) }.map(\.phone)
            let said = phonesOf(word.word)
            let edits = Self.editDistance(said, heard)
            phoneCount += said.count
            phoneEdits += edits
            worstPhones = max(worstPhones, Double(edits) / Double(max(1, said.count)))
            wordFrames += span.count
            covered.formUnion(span)
            let loopPart = loopScore(over: span)
            loopOverWords += loopPart
            let gap = loopPart - nats(word.acousticScore)
            wordGap += gap
            worst = max(worst, gap / Double(span.count))
        }
        var loopSpeechFrames = 0
        var unexplained = 0
        for phone in loopPhones {
            for frame in frameRange(phone) {
                loopSpeechFrames += 1
                if !covered.contains(frame) { unexplained += 1 }
            }
        }
        var evidence = RecognitionEvidence(
            frames: frames, wordFrames: wordFrames, loopSpeechFrames: loopSpeechFrames,
            pathMargin: nats(loop.score - grammar.score) / Double(frames),
            wordMargin: wordFrames > 0 ? wordGap / Double(wordFrames) : 0,
            worstWordMargin: worst,
            words: words.count,
            phones: phoneCount,
            unexplainedSpeech: loopSpeechFrames > 0 ? Double(unexplained) / Double(loopSpeechFrames) : 0)
        evidence.loopFit = wordFrames > 0 ? loopOverWords / Double(wordFrames) : 0
        evidence.phoneDistance = Double(phoneEdits) / Double(max(1, phoneCount))
        evidence.worstWordPhoneDistance = worstPhones
        return evidence
    }

    /// Insertions, deletions and substitutions that turn `a` into `b`.
    static func editDistance(_ a: [String], _ b: [String]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The phone loop's silence and noise "phones".
    static func isLoopSilence(_ phone: String) -> Bool {
        phone == "SIL" || phone.hasPrefix("+") || phone.hasPrefix("<") || phone.isEmpty
    }
}
