/// The first stage of wake-phrase detection: PocketSphinx's keyphrase
/// search, in a decoder of its own that keeps every frame.
///
/// The command decoder removes what its front end takes for silence
/// (`-remove_silence`, on which its confidence was fitted), so its word
/// times run early by the silence removed before them: "alexa" said 2.5 s
/// into an utterance that opened on a quiet room's floor was placed at
/// 0.5 s. The wake event's time, the cut between the phrase and a command
/// said in the same breath, and a verifier's window all need the phrase's
/// real place, so the spotter decodes every frame.
final class WakeSpotter {
    private let decoder: SearchDecoder
    let phrase: WakePhrase

    /// `overrides` and `modelPath`: the command model's pronunciations, so
    /// the phrase sounds the same to both decoders.
    init(phrase: WakePhrase, spottingThreshold: Double, options: CommandRecognizer.Options, overrides: [String: String],
         modelPath: String?) throws(SpeechError) {
        decoder = try SearchDecoder(options: [
            ("hmm", options.files.acousticModel), ("dict", "/dev/null"), ("cmn", "batch"), ("remove_silence", "no"),
        ] + options.decoderSettings, verbose: options.verbose)
        let vocabulary = RecognitionVocabulary(decoder: decoder, dictionaryPath: options.files.dictionary, overrides: overrides,
                                               modelPath: modelPath, lean: true)
        try vocabulary.add(phrase.words)
        try decoder.create(.wake, settings: [("kws_threshold", String(spottingThreshold)),
                                             ("kws_plp", String(phrase.phoneLoopProbability))], kind: .keyphrase(phrase.text))
        self.phrase = phrase
    }

    /// Where the keyphrase search proposes the phrase in `samples`, in
    /// seconds from their start, earliest first.
    func proposals(in samples: [Int16]) throws(SpeechError) -> [DecodedWord] {
        try decoder.decode(samples, with: .wake, nbest: 1).words.sorted { $0.start < $1.start }
    }
}
