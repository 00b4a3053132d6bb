/// Where the command starts after a wake phrase said in the same breath.
///
/// The keyphrase search reports the phrase as soon as it is likely
/// enough, often before its last sound ends, so cutting there leaves the
/// tail of the phrase on the command. Instead the utterance from the
/// phrase on is decoded with the command grammar after the phrase's words
/// (`DecoderSearch.wakeCommands`), which places the boundary where the
/// sounds are.
struct WakeAlignment {
    /// The utterance from the wake phrase on.
    var piece: SpeechSegment
    /// The decode of `piece` without the phrase: its words, and its share
    /// of the path score and frames.
    var command: DecodedUtterance
    /// The audio after the phrase.
    var rest: SpeechSegment

    /// The alignment of `segment`, in which `wake` was spotted; nil when
    /// too little audio follows the phrase to hold a command (`shortest`
    /// seconds, the utterance's trailing padding included).
    static func align(_ wake: WakeDetection, in segment: SpeechSegment, phrase: WakePhrase, shortest shortestSeconds: Double,
                      decoder: SearchDecoder) throws(SpeechError) -> WakeAlignment? {
        let rate = Double(RecognizerAudio.sampleRate)
        let shortest = Int(shortestSeconds * rate)
        // The phrase may reach into the padding before the segment.
        let spottedEnd = max(0, min(segment.samples.count, Int(((wake.end - segment.start) * rate).rounded())))
        guard segment.samples.count - spottedEnd >= shortest else { return nil }
        let from = max(0, Int(((wake.start - segment.start - 0.1) * rate).rounded()))
        let piece = SpeechSegment(samples: Array(segment.samples[from...]), start: segment.start + Double(from) / rate)
        var command = try decoder.decode(piece.samples, with: .wakeCommands, nbest: 1)
        // The phrase's words, and fillers around them, are not the command's.
        var phraseWords = phrase.words[...]
        var phraseEnd: Double?
        var phraseScore = 0
        while phraseWords.first != nil, let first = command.words.first {
            let word = CommandRecognizer.stripVariant(first.word)
            guard CommandRecognizer.isFiller(word) || word == phraseWords.first else { break }
            if !CommandRecognizer.isFiller(word) {
                phraseWords = phraseWords.dropFirst()
                phraseEnd = first.end
            }
            phraseScore += first.acousticScore
            command.words.removeFirst()
        }
        // The grammar could not place the phrase: cut where it was spotted.
        let placed = phraseWords.isEmpty ? phraseEnd : nil
        let cut = max(0, min(segment.samples.count, placed.map { from + Int(($0 * rate).rounded()) } ?? spottedEnd))
        guard segment.samples.count - cut >= shortest else { return nil }
        var rest = SpeechSegment(samples: Array(segment.samples[cut...]), start: segment.start + Double(cut) / rate)
        rest.originalSamples = segment.originalSamples.map { Array($0[cut...]) }
        command.score -= phraseScore
        command.frames = max(1, Int(Double(rest.samples.count) / rate * decoder.framesPerSecond))
        return WakeAlignment(piece: piece, command: command, rest: rest)
    }
}
