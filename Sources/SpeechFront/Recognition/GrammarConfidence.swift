import Foundation

extension CommandRecognizer {
    /// The probability that the grammar path is what was said
    /// (`ConfidenceModel`), judged against the best unconstrained phone
    /// sequence over the same audio and, when Moonshine is installed, what
    /// it heard there (`SecondOpinion`); with the evidence it was judged
    /// from. `judgingBySecondOpinion` false: the opinion is in the evidence,
    /// but the confidence is the model's fitted without it.
    /// `heard`: what the neural recogniser heard, when it was asked already.
    func grammarConfidence(_ decoded: DecodedUtterance, segment: SpeechSegment, heard: String? = nil,
                           judgingBySecondOpinion: Bool = true) throws(SpeechError) -> (Double, RecognitionEvidence?) {
        guard !decoded.text.isEmpty, decoded.frames > 0 else { return (0, nil) }
        let phones = try decoder.decode(segment.samples, with: searches.phoneLoop(), nbest: 1, words: true)
        var evidence = RecognitionEvidence.comparing(decoded, with: phones, phones: decodedPhones,
                                                     nats: { Double($0) * 1024 * log(decoded.logBase) })
        if let heard = heard ?? secondOpinion?.transcribe(segment.samplesAsHeard[...]) {
            let said = Self.decoderWords(decoded).flatMap(decodedPhones)
            evidence.secondOpinion = SecondOpinion(text: heard, said: said, phonesOf: Self.heardPhones)
        }
        evidence.voicedSeconds = segment.voicedSeconds
        if let voice = segment.voiceFrames { evidence.measureVoice(voice, in: decoded) }
        return (ConfidenceModel.confidence(evidence, judgingBySecondOpinion: judgingBySecondOpinion), evidence)
    }

    /// The phones of a word the neural recogniser wrote: it may be any
    /// English, so they come from flite's CMU lexicon, or its
    /// letter-to-sound rules.
    static func heardPhones(_ word: String) -> [String] {
        (LetterToSound.shared.phones(for: word) ?? "").split(separator: " ").map(String.init)
    }

    /// The phones the decoder knows for a word it decoded (`word(2)` for a variant).
    func decodedPhones(_ word: String) -> [String] {
        (decoder.pronunciation(of: word) ?? "").split(separator: " ").map(String.init)
    }

    /// A rougher confidence from the grammar path alone: its score per frame
    /// against the best-scoring sounds of each frame, which PocketSphinx
    /// normalises to. In-grammar speech measured 1.8–5.4 nats a frame, other
    /// speech 5.1–6.3, so it orders utterances but cannot reject them.
    static func pathConfidence(_ decoded: DecodedUtterance) -> Double {
        guard !decoded.text.isEmpty, decoded.frames > 0 else { return 0 }
        return max(0, min(1, 1 - natsPerFrame(-decoded.score, decoded) / 8))
    }

    /// A score (the decoder's log base, shifted down 10 bits) as natural log per frame of `decoded`.
    static func natsPerFrame(_ score: Int, _ decoded: DecodedUtterance) -> Double {
        Double(score) * 1024 * log(decoded.logBase) / Double(decoded.frames)
    }
}
