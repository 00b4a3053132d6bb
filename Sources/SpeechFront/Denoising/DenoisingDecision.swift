/// Whether a stream goes through the noise suppressor, and how far it lowers
/// the background: decided once per stream, on its opening (see
/// `UtteranceCutter`), the same for a recording and a live stream.
public struct DenoisingDecision: Sendable, Equatable {
    /// Whether streams are denoised always, never, or when their background is loud.
    public var mode: DenoiseMode = .auto
    /// In `auto` mode, a stream is denoised when the estimated
    /// signal-to-noise ratio of its opening (`SignalToNoiseEstimate`) is
    /// below this, in dB.
    public var denoiseBelow: Double = 45
    /// Denoising lowers the background to this many dB under the speech
    /// and no further: to where a quiet recording's is (the clean barista
    /// recordings measure a median of 64 dB).
    public var denoiseTarget: Double = 60

    /// A decision in `mode`, with the default thresholds.
    public init(mode: DenoiseMode = .auto) { self.mode = mode }

    /// Whether the stream must be heard before deciding: `off`, and `auto`
    /// without RNNoise, decide without it.
    var needsOpening: Bool {
        switch mode {
        case .off: false
        case .on: true
        case .auto: NoiseSuppressor.unavailableReason == nil
        }
    }

    /// How far denoising lowers the background of a stream opening with
    /// `opening`: to `denoiseTarget` dB under the speech, no further
    /// (`DenoisingStage.attenuationLimit`); nil when it is not denoised
    /// (always denoised with `on`; with `auto` when its background is
    /// within `denoiseBelow` dB of its speech and RNNoise is there).
    public func attenuationLimit(for opening: ArraySlice<Int16>) -> Double? {
        guard mode != .off else { return nil }
        let estimate = SignalToNoiseEstimate.decibels(opening)
        if mode == .auto {
            guard NoiseSuppressor.unavailableReason == nil, let estimate, estimate < denoiseBelow else { return nil }
        }
        return estimate.map { DenoisingStage.attenuationLimit(signalToNoise: $0, quiet: denoiseTarget) } ?? .infinity
    }
}
