/// Whether audio goes through the noise suppressor before recognition.
public enum DenoiseMode: String, Sendable, CaseIterable {
    /// Always (an error when RNNoise is unavailable).
    case on
    /// Never.
    case off
    /// When the background is loud against the speech (see
    /// `DenoisingDecision.denoiseBelow`); never when RNNoise is
    /// unavailable.
    case auto
}
