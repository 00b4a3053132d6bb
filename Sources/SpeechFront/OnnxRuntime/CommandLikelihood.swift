import PhraseMatcher

/// What Moonshine writes freely for an utterance, and the likeliest command
/// wording a model allows (`GrammarTokenSearch`), each with how likely the
/// decoder finds writing it. Their difference is a likelihood ratio: near
/// zero when the utterance is a command of the model, far below for other
/// speech the grammar can only be forced onto.
package struct CommandLikelihood: Sendable {
    package var heard: String
    package var heardLogLikelihood: Double
    /// The command's words, or nil when no wording ended within the search's bounds.
    package var command: String?
    package var commandLogLikelihood: Double?

    /// The command's log-likelihood less the free transcript's (nats).
    package var ratio: Double? { commandLogLikelihood.map { $0 - heardLogLikelihood } }
}

/// Judges utterances against one model's commands with one of Moonshine's
/// recognisers; used by one thread at a time.
package final class CommandLikelihoodJudge {
    private let transcriber: MoonshineTranscriber
    private let automaton: WordAutomaton
    private let beam: Int

    package init(model: CommandModel, hearing: NeuralHearing, beam: Int = 8) throws(SpeechError) {
        transcriber = try MoonshineTranscriber(hearing)
        do {
            automaton = try RecognitionGrammar.automaton(for: JSGFGrammar(model: model))
        } catch {
            throw SpeechError("cannot compile the recognition grammar: \(error)")
        }
        self.beam = beam
    }

    /// Nil for audio too short or too long to judge, or when the network fails.
    package func judge(_ samples: ArraySlice<Int16>) throws(SpeechError) -> CommandLikelihood? {
        guard let hearing = transcriber.hear(samples), let heard = hearing.text else { return nil }
        var search = GrammarTokenSearch<MoonshineHearing, MoonshineTokens>(automaton: automaton, readings: transcriber.tokens)
        search.beam = beam
        let found = try search.search(hearing)
        return CommandLikelihood(heard: heard, heardLogLikelihood: hearing.writtenLogLikelihood,
                                 command: found.map { $0.words.map { automaton.words[Int($0)] }.joined(separator: " ") },
                                 commandLogLikelihood: found?.logLikelihood)
    }
}
