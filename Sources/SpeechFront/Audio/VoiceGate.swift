/// Which detector tells speech from everything else before anything is decoded.
public enum VoiceGate: String, Sendable, CaseIterable {
    /// Silero's network when it is installed, the energy detector otherwise.
    case auto
    /// Silero's voice-activity network (an error when it is unavailable).
    case silero
    /// PocketSphinx's energy detector, which adapts to the background level.
    case energy

    /// Why Silero cannot be used here, or nil when it can.
    public static var sileroUnavailableReason: String? { SileroSpeechDetector.unavailableReason }
}
