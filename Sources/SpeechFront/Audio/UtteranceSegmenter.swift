import Foundation

/// Splits a stream of 16 kHz audio into utterances at long silences, holding
/// only the current utterance (and a short pre-roll) in memory, so hours of
/// audio stream through.
///
/// Speech is a 10 ms frame well above a noise floor that follows the
/// quietest recent frames; an utterance ends after `endSilence` seconds
/// without speech. The silence is long (1.5 s by default) because people
/// pause inside one command, and splitting a command loses it.
public struct UtteranceSegmenter {
    public struct Segment: Sendable {
        public var samples: [Int16]
        /// Start of `samples` in the stream, in seconds.
        public var start: Double
    }

    public var endSilence: Double = 1.5
    /// Audio kept before the first speech frame and after the last one.
    public var padding: Double = 0.3
    /// How far above the noise floor a frame must be to count as speech, in dB.
    public var threshold: Double = 12
    public var maximumLength: Double = 30

    private static let frameLength = 160
    private var pending: [Int16] = []
    private var preRoll: [Int16] = []
    private var current: [Int16] = []
    private var currentStart = 0
    private var inUtterance = false
    private var speechFrames = 0
    private var silentFrames = 0
    private var framesSeen = 0
    private var noiseFloor: Double?

    public init() {}

    /// Samples held right now: the pre-roll, the open utterance and a partial frame.
    var bufferedSampleCount: Int { pending.count + preRoll.count + current.count }

    /// Feeds audio; returns the utterances that ended within it.
    public mutating func feed(_ samples: [Int16]) -> [Segment] {
        pending += samples
        var finished: [Segment] = []
        var offset = 0
        while pending.count - offset >= Self.frameLength {
            let frame = Array(pending[offset..<(offset + Self.frameLength)])
            offset += Self.frameLength
            if let segment = process(frame) { finished.append(segment) }
        }
        pending.removeFirst(offset)
        return finished
    }

    /// The utterance still open at the end of the stream, if any.
    public mutating func finish() -> Segment? {
        if !pending.isEmpty {
            let rest = pending
            pending = []
            if inUtterance { current += rest }
        }
        guard inUtterance else { return nil }
        inUtterance = false
        return Segment(samples: current, start: Double(currentStart) / Double(RecognizerAudio.sampleRate))
    }

    private mutating func process(_ frame: [Int16]) -> Segment? {
        let energy = Self.decibels(frame)
        let floor = updateFloor(energy)
        let isSpeech = energy > floor + threshold
        let rate = Double(RecognizerAudio.sampleRate)
        let frameStart = framesSeen * Self.frameLength
        framesSeen += 1
        if !inUtterance {
            preRoll += frame
            let keep = Int(padding * rate)
            if preRoll.count > keep { preRoll.removeFirst(preRoll.count - keep) }
            speechFrames = isSpeech ? speechFrames + 1 : 0
            // A few frames in a row, so a click does not open an utterance.
            if speechFrames >= 5 {
                inUtterance = true
                current = preRoll
                currentStart = frameStart + Self.frameLength - preRoll.count
                preRoll = []
                silentFrames = 0
            }
            return nil
        }
        current += frame
        silentFrames = isSpeech ? 0 : silentFrames + 1
        let silence = Double(silentFrames * Self.frameLength) / rate
        let length = Double(current.count) / rate
        guard silence >= endSilence || length >= maximumLength else { return nil }
        // Keep `padding` of the trailing silence.
        let trailing = max(0, silentFrames * Self.frameLength - Int(padding * rate))
        let segment = Segment(samples: Array(current.dropLast(trailing)), start: Double(currentStart) / rate)
        inUtterance = false
        current = []
        speechFrames = 0
        return segment
    }

    /// The floor falls at once to a quieter frame and rises slowly (3 dB a second).
    private mutating func updateFloor(_ energy: Double) -> Double {
        guard let floor = noiseFloor else { noiseFloor = energy; return energy }
        let updated = energy < floor ? energy : floor + 0.03
        noiseFloor = updated
        return updated
    }

    static func decibels(_ frame: [Int16]) -> Double {
        var sum: Double = 0
        for sample in frame { sum += Double(sample) * Double(sample) }
        return 10 * log10(sum / Double(frame.count) + 1)
    }
}
