import Foundation
import Synchronization

/// What a listening session is doing now, for a live display: the phase
/// and the input level. Updated as audio is read and utterances are taken;
/// read whenever the display wants (it is a snapshot, not an event).
public final class ListeningStatus: Sendable {
    /// What the session is busy with.
    public enum Phase: String, Sendable {
        /// Waiting for speech.
        case listening
        /// An utterance is in progress.
        case hearing
        /// An utterance is being recognised and carried out.
        case thinking
    }

    /// The status at one moment.
    public struct Snapshot: Sendable, Equatable {
        /// What the session is doing.
        public var phase: Phase = .listening
        /// Loudness of the latest audio, in dB below full scale (-96 for silence).
        public var level: Double = -96
        /// Whether listening has started (and not ended).
        public var isActive = false
        /// Whether the wake phrase was just said: the next command is listened to.
        public var isAwake = false
    }

    /// The audio side's view, and how many turns are being worked on.
    private let state = Mutex((heard: Snapshot(), thinking: 0))

    /// The status of a session not listening yet.
    public init() {}

    /// The status now.
    public var snapshot: Snapshot {
        state.withLock { state in
            var current = state.heard
            if state.thinking > 0 { current.phase = .thinking }
            return current
        }
    }

    func heard(_ samples: [Int16], hearing: Bool) {
        let level = Self.level(of: samples)
        state.withLock { state in
            state.heard.level = level
            state.heard.phase = hearing ? .hearing : .listening
        }
    }

    func setActive(_ active: Bool) { state.withLock { $0.heard.isActive = active } }

    func setAwake(_ awake: Bool) { state.withLock { $0.heard.isAwake = awake } }

    func startThinking() { state.withLock { $0.thinking += 1 } }
    func stopThinking() { state.withLock { $0.thinking = max(0, $0.thinking - 1) } }

    /// RMS level in dBFS.
    static func level(of samples: [Int16]) -> Double {
        guard !samples.isEmpty else { return -96 }
        let energy = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
        return max(-96, 10 * log10(max(energy, 1e-12) / (32_768.0 * 32_768.0)))
    }
}
