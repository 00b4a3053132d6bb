/// Tells speech from everything else, 10 ms frame by frame, for the
/// endpointer: Silero's network when it is installed, PocketSphinx's
/// energy detector otherwise (`SpeechGate.detector`).
protocol SpeechFrameDetector: AnyObject {
    /// Whether one frame of `VoiceActivityDetector.frameShift` samples is
    /// speech (the detector's state after it).
    func isSpeech(_ frame: UnsafeBufferPointer<Int16>) throws(SpeechError) -> Bool
    /// Frames of speech the detector hears before it says speech: the
    /// endpointer keeps that much audio before an utterance opens.
    var onsetFrames: Int { get }
    /// Whether its first verdicts say speech whatever the audio, until its
    /// noise estimate settles.
    var needsSettling: Bool { get }
}
