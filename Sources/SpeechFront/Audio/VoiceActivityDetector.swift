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
    private let config: OpaquePointer
    private let argumentStrings: [UnsafeMutablePointer<CChar>]
    private let cepstra: UnsafeMutablePointer<UnsafeMutablePointer<mfcc_t>?>
    private let cepstraRows: Int32 = 64

    /// `threshold`: how far above the noise estimate (log ratio) a frame
    /// counts as speech; `startFrames`: speech frames in a row before the
    /// state turns to speech (a click is not speech).
    init(threshold: Double, startFrames: Int) throws(SpeechError) {
        PocketSphinxDecoder.captureLog(verbose: false)
        let arguments = ["voicecmd", "-samprate", String(RecognizerAudio.sampleRate), "-remove_silence", "yes",
                         "-vad_threshold", String(threshold), "-vad_startspeech", String(startFrames),
                         "-vad_postspeech", "1", "-vad_prespeech", "1"]
        let strings = arguments.map { strdup($0)! }
        var argv: [UnsafeMutablePointer<CChar>?] = strings
        guard let config = cmd_ln_parse_r(nil, fe_get_args(), Int32(strings.count), &argv, 0) else {
            strings.forEach { free($0) }
            throw SpeechError("the voice activity detector rejected its settings (\(PocketSphinxDecoder.lastLoggedError()))")
        }
        guard let frontEnd = fe_init_auto_r(config) else {
            cmd_ln_free_r(config)
            strings.forEach { free($0) }
            throw SpeechError("fe_init_auto_r failed: \(PocketSphinxDecoder.lastLoggedError())")
        }
        self.config = config
        self.frontEnd = frontEnd
        argumentStrings = strings
        // Frames the front end may hand back at once (it returns what it
        // computed; only its speech decision is used).
        let width = Int(fe_get_output_size(frontEnd))
        cepstra = .allocate(capacity: Int(cepstraRows))
        for row in 0..<Int(cepstraRows) { cepstra[row] = .allocate(capacity: width) }
        do {
            try check(fe_start_utt(frontEnd), "fe_start_utt", reason: { _ in PocketSphinxDecoder.lastLoggedError() })
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    private func release() {
        for row in 0..<Int(cepstraRows) { cepstra[row]?.deallocate() }
        cepstra.deallocate()
        fe_free(frontEnd)
        cmd_ln_free_r(config)
        argumentStrings.forEach { free($0) }
    }

    /// Whether one frame of `frameShift` samples is speech.
    func isSpeech(_ frame: UnsafeBufferPointer<Int16>) -> Bool {
        var pointer: UnsafePointer<Int16>? = frame.baseAddress
        var remaining = frame.count
        while remaining > 0 {
            var frames = cepstraRows
            var index: Int32 = 0
            let before = remaining
            _ = fe_process_frames(frontEnd, &pointer, &remaining, cepstra, &frames, &index)
            if remaining == before { break }
        }
        return fe_get_vad_state(frontEnd) != 0
    }
}
