internal import CPocketSphinx
import Foundation

/// PocketSphinx's own voice-activity detector (sphinxbase's front end with
/// `-remove_silence`), run on its own, apart from any decoder: per 10 ms
/// frame, speech or not. It compares each frame's spectrum with a noise
/// estimate it keeps updating, so it follows the background level of the
/// room instead of a fixed energy threshold. The front end and its
/// configuration are freed when this object goes.
final class VoiceActivityDetector {
    /// Samples per frame (10 ms at 16 kHz).
    static let frameShift = 160

    private let frontEnd: OpaquePointer
    private let configuration: SphinxConfiguration
    private let cepstra: UnsafeMutablePointer<UnsafeMutablePointer<mfcc_t>?>
    private let cepstraRows: Int32 = 64

    /// `threshold`: how far above the noise estimate (log ratio) a frame
    /// counts as speech; `startFrames`: speech frames in a row before the
    /// state turns to speech (a click is not speech).
    init(threshold: Double, startFrames: Int) throws(SpeechError) {
        PocketSphinxDecoder.captureLogUnlessConfigured()
        configuration = try SphinxConfiguration(
            [("samprate", String(RecognizerAudio.sampleRate)), ("remove_silence", "yes"), ("vad_threshold", String(threshold)),
             ("vad_startspeech", String(startFrames)), ("vad_postspeech", "1"), ("vad_prespeech", "1")],
            definitions: fe_get_args(), strict: false, what: "the voice activity detector")
        // The front end keeps its own reference to the configuration.
        guard let frontEnd = fe_init_auto_r(configuration.handle) else {
            throw SpeechError("fe_init_auto_r failed: \(PocketSphinxDecoder.lastLoggedError())")
        }
        // Checked before this object is whole: nothing after it can throw,
        // so deinit alone frees what init made.
        do {
            try check(fe_start_utt(frontEnd), "fe_start_utt", reason: { _ in PocketSphinxDecoder.lastLoggedError() })
        } catch {
            fe_free(frontEnd)
            throw error
        }
        self.frontEnd = frontEnd
        // Frames the front end may hand back at once (it returns what it
        // computed; only its speech decision is used).
        let width = Int(fe_get_output_size(frontEnd))
        cepstra = .allocate(capacity: Int(cepstraRows))
        for row in 0..<Int(cepstraRows) { cepstra[row] = .allocate(capacity: width) }
    }

    deinit {
        for row in 0..<Int(cepstraRows) { cepstra[row]?.deallocate() }
        cepstra.deallocate()
        fe_free(frontEnd)
    }

    /// Whether one frame of `frameShift` samples is speech.
    func isSpeech(_ frame: UnsafeBufferPointer<Int16>) throws(SpeechError) -> Bool {
        var pointer: UnsafePointer<Int16>? = frame.baseAddress
        var remaining = frame.count
        while remaining > 0 {
            var frames = cepstraRows
            var index: Int32 = 0
            let before = remaining
            try check(fe_process_frames(frontEnd, &pointer, &remaining, cepstra, &frames, &index), "fe_process_frames",
                      reason: { _ in PocketSphinxDecoder.lastLoggedError() })
            if remaining == before { break }
        }
        return fe_get_vad_state(frontEnd) != 0
    }
}
