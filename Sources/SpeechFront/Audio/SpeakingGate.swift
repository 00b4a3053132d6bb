import Synchronization

/// When voicecmd speaks, so that the microphone is not listened to then: a
/// reply played through the speakers must never be heard as a command.
/// Speech marks itself with `begin()` and `end()` (or `speaking { }`); audio
/// captured from the first `begin` until `tail` after the last `end` is muted.
/// The tail covers the sound still on its way: the output's buffer, the
/// room's echo, the capture's own latency.
public final class SpeakingGate: Sendable {
    /// How long audio stays muted after speech ends.
    public let tail: Duration
    private struct State {
        var active = 0
        var openSince: ContinuousClock.Instant?
        /// Finished stretches of speech, tail included, kept a minute: the
        /// audio they cover may still be waiting in the capture queue.
        var past: [ClosedRange<ContinuousClock.Instant>] = []
    }
    private let state = Mutex(State())

    /// A gate with nothing spoken yet, muting `tail` past the end of each speech.
    public init(tail: Duration = .milliseconds(400)) {
        self.tail = tail
    }

    /// Speech is about to start (queued, or playing): mute from now.
    public func begin() {
        state.withLock { state in
            if state.active == 0 { state.openSince = .now }
            state.active += 1
        }
    }

    /// One speech has finished playing.
    public func end() {
        state.withLock { state in
            guard state.active > 0 else { return }
            state.active -= 1
            guard state.active == 0, let since = state.openSince else { return }
            let now = ContinuousClock.now
            state.past.append(since...(now + tail))
            state.past.removeAll { $0.upperBound < now - .seconds(60) }
            state.openSince = nil
        }
    }

    /// Whether audio captured in `interval` overlaps speech (or its tail).
    public func mutes(_ interval: ClosedRange<ContinuousClock.Instant>) -> Bool {
        state.withLock { state in
            if let since = state.openSince, interval.upperBound >= since { return true }
            return state.past.contains { $0.overlaps(interval) }
        }
    }

    /// Whether voicecmd is speaking (or has speech queued) now.
    public var isSpeaking: Bool { state.withLock { $0.active > 0 } }
}

/// A source whose audio is marked muted while `gate` says voicecmd speaks.
public struct GatedAudioSource: AudioSource {
    /// The source whose audio is marked.
    public let source: any AudioSource
    /// Says when voicecmd speaks: audio captured then is muted.
    public let gate: SpeakingGate

    /// `source`'s audio, muted while `gate` says voicecmd speaks.
    public init(_ source: any AudioSource, gate: SpeakingGate) {
        self.source = source
        self.gate = gate
    }

    public var name: String { source.name }

    public func buffers() -> AsyncThrowingStream<AudioBuffer, any Error> {
        let gate = self.gate
        return source.buffers().mapped { buffer in
            var buffer = buffer
            buffer.isMuted = buffer.isMuted || gate.mutes(buffer.captured)
            return buffer
        }
    }
}
