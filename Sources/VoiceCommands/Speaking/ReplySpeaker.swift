import Foundation
import SpeechFront

/// Speaks replies and questions aloud, one after another, on a thread of
/// its own (synthesis and playback block). While anything is queued or
/// playing, and for the gate's tail after, `gate` mutes the microphone:
/// wrap the microphone in a `GatedAudioSource` with it, so voicecmd never
/// hears its own voice as a command.
public actor ReplySpeaker {
    private let executor = ThreadExecutor(name: "voicecmd speaker")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Says when it speaks: wrap the microphone in a `GatedAudioSource` with it.
    public nonisolated let gate: SpeakingGate
    private let synthesizer: SpeechSynthesizer
    private let playback: PulseAudioPlayback
    private let onError: @Sendable (SpeechError) -> Void
    private let queue: AsyncStream<String>.Continuation
    /// Ends when the queue is done and everything in it spoken.
    private let spoken: AsyncStream<Never>

    /// Opens the output (`device` nil: the default sink) now, so that a
    /// missing server is an error at once. `onError` hears about speech
    /// that could not be made or played; the session goes on.
    public init(synthesizer: SpeechSynthesizer, device: String? = nil, gate: SpeakingGate = SpeakingGate(),
                onError: @escaping @Sendable (SpeechError) -> Void) throws(SpeechError) {
        self.synthesizer = synthesizer
        self.playback = try PulseAudioPlayback(device: device)
        self.gate = gate
        self.onError = onError
        let (texts, queue) = AsyncStream<String>.makeStream()
        self.queue = queue
        let (spoken, done) = AsyncStream<Never>.makeStream()
        self.spoken = spoken
        Task {
            await self.speakInTurn(texts)
            done.finish()
        }
    }

    /// Queues `text` to be spoken; the microphone is muted from now.
    public nonisolated func say(_ text: String) {
        gate.begin()
        if case .terminated = queue.yield(text) { gate.end() }
    }

    /// Waits until everything queued has been spoken; nothing more is taken.
    public func finish() async {
        queue.finish()
        for await _ in spoken {}
    }

    private func speakInTurn(_ texts: AsyncStream<String>) async {
        for await text in texts {
            defer { gate.end() }
            do {
                try playback.play(try synthesizer.synthesize(text))
            } catch {
                onError(error)
            }
        }
    }
}

extension SessionEvent {
    /// What a person would hear of this event: a question or a reply.
    public var spokenText: String? {
        switch kind {
        case .conversation(.prompt(let prompt)): prompt.text
        case .conversation(.reply(let reply)): reply.text
        default: nil
        }
    }
}
