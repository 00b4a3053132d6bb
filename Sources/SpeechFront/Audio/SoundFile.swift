internal import CAudio
import Foundation

/// One open libsndfile handle; closed when this object goes.
final class SoundFile {
    private let handle: OpaquePointer
    let sampleRate: Int
    let channels: Int
    private var framesRead = 0
    /// The samples a FLAC's header declares (its STREAMINFO's exact count),
    /// or nil where the count is unknown or only estimated.
    private let declaredFrames: Int?

    init(path: String) throws(SpeechError) {
        var info = SF_INFO()
        guard let handle = sf_open(path, Int32(SFM_READ), &info) else {
            let reason = String(cString: sf_strerror(nil))
            throw SpeechError(Self.explain(reason, path: path))
        }
        self.handle = handle
        sampleRate = Int(info.samplerate)
        channels = Int(info.channels)
        declaredFrames = Int(info.format) & Int(SF_FORMAT_TYPEMASK) == Int(SF_FORMAT_FLAC) && info.frames > 0 ? Int(info.frames) : nil
        guard sampleRate > 0, channels > 0 else { throw SpeechError("\(path): the file declares no sample rate or channels") }
        // The header decides how much is read per chunk: bound it before reading.
        guard Self.sampleRates.contains(sampleRate) else {
            throw SpeechError("\(path): the sample rate \(sampleRate) Hz is outside what voicecmd reads "
                              + "(\(Self.sampleRates.lowerBound)–\(Self.sampleRates.upperBound) Hz)")
        }
        guard channels <= Self.maximumChannels else {
            throw SpeechError("\(path): the file declares \(channels) channels; voicecmd reads at most \(Self.maximumChannels)")
        }
        // Float reads come back in -1…1 whatever the stored encoding.
        _ = sf_command(handle, Int32(SFC_SET_NORM_FLOAT), nil, Int32(SF_TRUE))
    }

    /// Rates from telephone audio to studio audio; libsamplerate converts within a factor of 256.
    static let sampleRates = 4_000...384_000
    static let maximumChannels = 64

    deinit { sf_close(handle) }

    /// Up to `frames` frames mixed down to mono, in -1…1; empty at the end.
    func readMono(frames: Int) throws(SpeechError) -> [Float] {
        var interleaved = [Float](repeating: 0, count: frames * channels)
        let read = interleaved.withUnsafeMutableBufferPointer { sf_readf_float(handle, $0.baseAddress, sf_count_t(frames)) }
        // A damaged stream (a FLAC that lost sync) comes back as a short
        // read with the error set, then as a clean end: checked on every
        // read, or the rest of the recording is silently lost.
        if read < 0 || sf_error(handle) != 0 {
            var reason = String(cString: sf_strerror(handle)).trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ".")))
            if reason.hasPrefix("Error : ") { reason.removeFirst("Error : ".count) }
            throw SpeechError(String(format: "the audio is damaged %.2f s in (libsndfile: %@)", Double(framesRead + max(0, Int(read))) / Double(sampleRate), reason))
        }
        framesRead += Int(read)
        // Cut at a frame boundary, a FLAC ends cleanly (a short read, the
        // end): only its header tells that the rest is missing.
        if Int(read) < frames, let declaredFrames, framesRead < declaredFrames {
            throw SpeechError(String(format: "the audio is cut short: it ends %.2f s in, of the %.2f s its header declares",
                                     Double(framesRead) / Double(sampleRate), Double(declaredFrames) / Double(sampleRate)))
        }
        guard channels > 1 else { return Array(interleaved.prefix(Int(read))) }
        var mono = [Float](repeating: 0, count: Int(read))
        let scale = 1 / Float(channels)
        for frame in 0..<Int(read) {
            var sum: Float = 0
            for channel in 0..<channels { sum += interleaved[frame * channels + channel] }
            mono[frame] = sum * scale
        }
        return mono
    }

    /// libsndfile's reason, in terms of what the user gave it.
    private static func explain(_ reason: String, path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "\(path): no such file" }
        if isDirectory.boolValue { return "\(path): is a directory, not an audio file" }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size == 0 {
            return "\(path): the file is empty"
        }
        let trimmed = reason.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ".")))
        return "\(path): not a readable audio file (libsndfile: \(trimmed))"
    }
}
