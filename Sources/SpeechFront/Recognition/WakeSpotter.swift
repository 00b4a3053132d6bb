/// The first stage of wake-phrase detection: PocketSphinx's keyphrase
/// search listening to the whole stream as it comes, in a decoder of its
/// own, so that the phrase is known as soon as it is said, not when the
/// utterance it is in ends (a command can follow in the same breath).
///
/// The decoder keeps every frame: the command decoder removes what its
/// front end takes for silence (`-remove_silence`, on which its
/// confidence was fitted), so its word times ran early by the silence
/// removed before them ("alexa" said 2.5 s into an utterance that opened
/// on a quiet room's floor was placed at 0.5 s). It normalises the
/// cepstrum live (`-cmn live`), as a stream must.
///
/// Each place the search proposes comes out as a `WakeCandidate` once
/// `after` seconds more of the stream have been heard, with the audio
/// around it for the second stage. After a proposal, or every
/// `restartEvery` seconds, the search starts afresh (its list of
/// detections only grows), hearing again the audio since the proposal
/// (or the last `overlap` seconds), so no phrase is lost at the seam.
///
/// @unchecked Sendable: the session hands it to its one listening task,
/// which alone feeds it until the listening ends.
package final class WakeSpotter: @unchecked Sendable {
    private let decoder: SearchDecoder
    package let phrase: WakePhrase

    /// Audio kept before a proposal for the second stage, and heard after
    /// it, in seconds: the search's boundaries are rough (its end is where
    /// it became sure), and the neural recogniser, trained on whole
    /// sentences, hears a word cut out tightly badly ("Of of of…" for
    /// "Alexa"); what comes after the phrase delays the wake event.
    static let before = 1.5, after = 0.25
    static let restartEvery = 60.0, overlap = 1.5
    private static let rate = Double(RecognizerAudio.sampleRate)

    /// Samples of the stream so far (gaps included).
    private var position = 0
    /// The last `before + overlap` seconds and more, from `historyStart`.
    private var history: [Int16] = []
    /// The original audio in step with `history` (the second stage's
    /// neural recogniser hears it: RNNoise's artefacts cost it more than
    /// the noise does).
    private var originalHistory: [Int16] = []
    private var historyStart = 0
    /// Where the search's utterance started, in samples of the stream.
    private var utteranceStart = 0
    /// Samples given to the decoder since its stream started (heard again
    /// after a restart counted again), and their count when the utterance
    /// started: PocketSphinx numbers the frames of a stream on across its
    /// utterances (a proposal 8.9 s into an utterance begun at 1.2 s was
    /// at frame 1014), so a proposal's place is found from this count.
    private var fed = 0
    private var fedAtUtteranceStart = 0
    private var inUtterance = false
    /// Proposals waiting for their `after` seconds, in samples of the stream.
    private var waiting: [(start: Int, end: Int)] = []
    /// The end of the last proposal: a new utterance hears again from there.
    private var lastProposalEnd = 0

    /// `overrides` and `modelPath`: the command model's pronunciations, so
    /// the phrase sounds the same to both decoders.
    init(phrase: WakePhrase, spottingThreshold: Double, options: CommandRecognizer.Options, overrides: [String: String],
         modelPath: String?) throws(SpeechError) {
        decoder = try SearchDecoder(options: [
            ("hmm", options.files.acousticModel), ("dict", "/dev/null"), ("cmn", "live"), ("remove_silence", "no"),
        ] + options.decoderSettings, verbose: options.verbose)
        let vocabulary = RecognitionVocabulary(decoder: decoder, dictionaryPath: options.files.dictionary, overrides: overrides,
                                               modelPath: modelPath, lean: true)
        try vocabulary.add(phrase.words)
        try decoder.create(.wake, settings: [("kws_threshold", String(spottingThreshold)),
                                             ("kws_plp", String(phrase.phoneLoopProbability))], kind: .keyphrase(phrase.text))
        self.phrase = phrase
    }

    /// A new stream: its clock starts at zero and nothing of an earlier one is kept.
    package func startStream() throws(SpeechError) {
        if inUtterance { try decoder.endUtterance() }
        inUtterance = false
        decoder.startStream()
        position = 0
        history = []
        originalHistory = []
        historyStart = 0
        waiting = []
        lastProposalEnd = 0
        utteranceStart = 0
        fed = 0
    }

    /// The next `samples` of the stream (and the `original` audio they
    /// were made from, in step, when they were denoised); the candidates
    /// now ready.
    ///
    /// `hearingSpeech`: whether the endpointer is in an utterance. The
    /// search hears only those (from `preRoll` before the endpointer
    /// noticed), so the live cepstral mean is the speech's, as the command
    /// decoder's is: over a stream of mostly room noise the mean was the
    /// noise's, and espeak-ng's "alexa" at the start of a stream was never
    /// proposed. It also spares decoding the pauses.
    package func feed(_ samples: [Int16], original: [Int16]? = nil, hearingSpeech: Bool = true) throws(SpeechError) -> [WakeCandidate] {
        history += samples
        originalHistory += original ?? samples
        position += samples.count
        if hearingSpeech, !inUtterance {
            let from = max(historyStart, lastProposalEnd, position - samples.count - Int(Self.preRoll * Self.rate))
            try begin(at: from)
            try process(Array(history[(from - historyStart)...]))
        } else if inUtterance {
            try process(samples)
        }
        if inUtterance { try collectProposals() }
        if inUtterance, !hearingSpeech { try endUtterance() }
        if inUtterance, Double(position - utteranceStart) / Self.rate >= Self.restartEvery {
            try restart(from: max(lastProposalEnd, position - Int(Self.overlap * Self.rate)))
        }
        trimHistory()
        return ready(all: false)
    }
    static let preRoll = 0.5

    private func endUtterance() throws(SpeechError) {
        try decoder.endUtterance()
        inUtterance = false
        try collectProposals(ended: true)
    }

    /// A gap of `count` samples (audio dropped, or not listened to): the
    /// search starts afresh after it.
    package func skip(_ count: Int) throws(SpeechError) -> [WakeCandidate] {
        if inUtterance { try endUtterance() }
        let candidates = ready(all: true)
        position += count
        history = []
        originalHistory = []
        historyStart = position
        lastProposalEnd = position
        return candidates
    }

    /// The end of the stream: the candidates still waiting, with the audio there is.
    package func finish() throws(SpeechError) -> [WakeCandidate] {
        if inUtterance { try endUtterance() }
        return ready(all: true)
    }

    private func begin(at start: Int) throws(SpeechError) {
        try decoder.beginUtterance(with: .wake)
        inUtterance = true
        utteranceStart = start
        fedAtUtteranceStart = fed
    }

    private func process(_ samples: [Int16]) throws(SpeechError) {
        try decoder.process(samples)
        fed += samples.count
    }

    /// The stream sample at `seconds` of the decoder's frame count.
    private func streamSample(_ seconds: Double) -> Int {
        utteranceStart + Int(seconds * Self.rate) - fedAtUtteranceStart
    }

    /// Proposals of the open utterance, as waiting candidates; after one,
    /// the search starts again from its end.
    private func collectProposals(ended: Bool = false) throws(SpeechError) {
        let words = decoder.wordsSoFar()
        let proposals = words.map { word in
            (start: min(position, max(utteranceStart, streamSample(word.start))), end: min(position, max(utteranceStart, streamSample(word.end))))
        }.filter { $0.start >= lastProposalEnd }
        guard let last = proposals.max(by: { $0.end < $1.end }) else { return }
        waiting += proposals
        lastProposalEnd = last.end
        if !ended { try restart(from: last.end) }
    }

    /// Starts the search again at `start` (within the history), hearing
    /// again what came since.
    private func restart(from start: Int) throws(SpeechError) {
        try decoder.endUtterance()
        inUtterance = false
        // A proposal's last frame can reach a few samples past what was fed.
        let from = min(max(start, historyStart), position)
        try begin(at: from)
        let again = Array(history[(from - historyStart)...])
        if !again.isEmpty { try process(again) }
    }

    private func trimHistory() {
        let keep = Int((Self.before + Self.overlap + 1) * Self.rate)
        let oldestWaiting = waiting.map { $0.start - Int(Self.before * Self.rate) }.min() ?? position
        let excess = min(history.count - keep, oldestWaiting - historyStart)
        // A quarter over, so that trimming costs little.
        guard excess > keep / 4 else { return }
        history.removeFirst(excess)
        originalHistory.removeFirst(excess)
        historyStart += excess
    }

    /// The waiting proposals heard `after` seconds past (all of them at an end or a gap).
    private func ready(all: Bool) -> [WakeCandidate] {
        let afterSamples = Int(Self.after * Self.rate)
        let isReady = { (proposal: (start: Int, end: Int)) in all || proposal.end + afterSamples <= self.position }
        let done = waiting.filter(isReady)
        waiting.removeAll(where: isReady)
        return done.map { proposal in
            let from = max(historyStart, proposal.start - Int(Self.before * Self.rate))
            let to = max(from, min(position, proposal.end + afterSamples))
            return WakeCandidate(start: Double(proposal.start) / Self.rate, end: Double(proposal.end) / Self.rate,
                                 audio: Array(history[(from - historyStart)..<(to - historyStart)]),
                                 originalAudio: Array(originalHistory[(from - historyStart)..<(to - historyStart)]),
                                 audioStart: Double(from) / Self.rate)
        }
    }
}

/// A place where the keyphrase search proposed the wake phrase, with the
/// audio around it, for the second stage (`CommandRecognizer.verifyWake`).
package struct WakeCandidate: Sendable {
    /// Seconds of the stream.
    package var start: Double
    package var end: Double
    /// The stream's audio from `audioStart` seconds, around the proposal.
    package var audio: [Int16]
    /// The same stretch as it came, before denoising.
    package var originalAudio: [Int16]
    package var audioStart: Double
}
