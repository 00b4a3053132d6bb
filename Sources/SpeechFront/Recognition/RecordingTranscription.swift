extension CommandRecognizer {
    /// Recordings up to this long are also heard whole, as one command: as
    /// long as the endpointer lets an utterance be. A longer one holds
    /// several commands, and hearing it whole costs the neural recogniser
    /// memory that grows with the square of its length (its attention:
    /// 100,000 contacts, 14.5 s peaked at 247 MB, 27.6 s at 321 MB).
    static let wholeRecordingLimit = 15.0

    /// Recognises every utterance of a recording, read as fast as it
    /// decodes: the utterances are those of the one utterance path
    /// (`UtteranceCutter`, as `CommandSession.listen` hears a stream).
    ///
    /// A recording up to `wholeRecordingLimit` is heard whole as well: pauses
    /// inside one command, and noise, make the cutting split commands
    /// apart, so its utterances win only when each of them is a command.
    /// Longer recordings stream through, never held. Noise the recogniser
    /// found no words in is no utterance (a session takes no turn for it).
    public func transcribe(_ source: inout any AudioReader) throws(SpeechError) -> [Transcript] {
        try transcribeUtterances(&source).filter { !$0.text.isEmpty }
    }

    private func transcribeUtterances(_ source: inout any AudioReader) throws(SpeechError) -> [Transcript] {
        startNewStream()
        let cutter = try UtteranceCutter(settings: options.utterances, keepingRecordingUpTo: Self.wholeRecordingLimit)
        var held: [SpeechSegment] = []
        var transcripts: [Transcript] = []
        while let chunk = try source.nextChunk() {
            for endpoint in try cutter.feed(chunk) {
                if case .final(let segment) = endpoint { held.append(segment) }
            }
            // Too long to be heard whole: each utterance is heard as it comes.
            if !cutter.keepsWhole {
                for segment in held { transcripts.append(try recognize(segment)) }
                held = []
            }
        }
        held += try cutter.finish()
        guard let recording = cutter.recording else {
            for segment in held { transcripts.append(try recognize(segment)) }
            return transcripts
        }
        return try transcribeWhole(recording, utterances: held, cutter: cutter)
    }

    /// A short recording (`recording`, as the endpointer heard it) heard
    /// whole, and in its `utterances` when they are several commands.
    private func transcribeWhole(_ recording: UtteranceCutter.Recording, utterances segments: [SpeechSegment],
                                 cutter: UtteranceCutter) throws(SpeechError) -> [Transcript] {
        let samples = recording.samples
        // Without an utterance the recording is still heard whole (it may be
        // too short for the detector, or speech from its first moment), but
        // only when a model of speech hears a voice in it: steady noise
        // otherwise came out as the command it sounds most like.
        var wholeVoice: [Bool]?
        if segments.isEmpty, cutter.gate == .silero {
            // The gate's network is the judge of a voice when it is there.
            let voice = try SileroSpeechDetector.voiceFrames(of: samples)
            if Double(voice.filter { $0 }.count) / 100 < options.minimumVoice { return [] }
            wholeVoice = voice
        } else if segments.isEmpty, let voiced = try Self.voicedSeconds(samples, voice: recording.noiseVoice), voiced < options.minimumVoice {
            return []
        }
        // Heard whole from the start of the recording (the detector's noise
        // estimate needs a moment to settle, and speech may start at once)
        // to the end of the last utterance, or to the end when none was found.
        // A vetoed stretch after the last utterance may still hold the end
        // of a command the energy detector cut in two: the whole runs to it.
        let lastEnd = max(segments.last?.end ?? 0, cutter.lastVetoedEnd ?? 0)
        let end = min(samples.count, segments.isEmpty && cutter.lastVetoedEnd == nil
                      ? samples.count : Int((lastEnd * Double(RecognizerAudio.sampleRate)).rounded()))
        guard end > 0 else { return [] }
        var whole = SpeechSegment(samples: Array(samples[..<end]), start: 0)
        whole.originalSamples = recording.originals.map { Array($0[..<min(end, $0.count)]) }
        if let wholeVoice {
            whole.voiceFrames = wholeVoice
        } else if cutter.gate == .silero {
            // The gate's verdicts of the parts, placed in the whole (silent between them).
            var frames = [Bool](repeating: false, count: (end + VoiceActivityDetector.frameShift - 1) / VoiceActivityDetector.frameShift)
            for segment in segments {
                let first = Int((segment.start * 100).rounded())
                for (index, voiced) in (segment.voiceFrames ?? []).enumerated() where first + index < frames.count { frames[first + index] = voiced }
            }
            whole.voiceFrames = frames
        }
        let heard = try recognize(whole)
        // A confident whole needs no second look (it saves decoding the parts).
        if segments.count <= 1 || (heard.match?.best != nil && heard.confidence >= options.confidentWhole) { return [heard] }
        // Several commands when every part is one; otherwise the pauses were
        // inside one command (or noise) and the whole is what was said.
        let parts = try segments.map { segment throws(SpeechError) in try recognize(segment) }
        // A part must be confidently a command even in grammar mode, where
        // nothing is rejected: noise after a command otherwise becomes a
        // second, invented one.
        let partsAreCommands = parts.allSatisfy { $0.match?.best != nil && $0.confidence >= minimumConfidence(for: $0) }
        if partsAreCommands || heard.match?.best == nil { return parts }
        return [heard]
    }

    /// Seconds of `samples` in which RNNoise hears a voice; nil without
    /// RNNoise. `voice`: the probabilities already found while denoising.
    private static func voicedSeconds(_ samples: [Int16], voice: [Float]?) throws(SpeechError) -> Double? {
        if let voice { return DenoisingStage.voicedSeconds(voice) }
        guard NoiseSuppressor.unavailableReason == nil else { return nil }
        return DenoisingStage.voicedSeconds(try DenoisingStage.voiceProbabilities(of: samples))
    }
}
