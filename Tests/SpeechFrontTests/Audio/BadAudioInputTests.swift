import Foundation
import Testing
@testable import SpeechFront

/// The bad-input matrix: each input gives its documented result.
struct BadAudioInputTests {
    static func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-bad-\(getpid())-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func wavHeader(dataBytes: UInt32, declaredRIFF: UInt32? = nil, rate: UInt32 = 16_000, channels: UInt16 = 1) -> [UInt8] {
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        return Array("RIFF".utf8) + le32(declaredRIFF ?? 36 + dataBytes) + Array("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(channels)
            + le32(rate) + le32(rate &* 2 &* UInt32(channels)) + le16(2 * channels) + le16(16) + Array("data".utf8) + le32(dataBytes)
    }

    /// A header's rate and channels decide how much is read per chunk: one
    /// claiming 2^31 Hz and 1,024 channels asked for 2 TB, and with one
    /// channel took 2.1 GB before an error without the file's name.
    @Test(arguments: [(UInt32(Int32.max), UInt16(1_024)), (UInt32(Int32.max), UInt16(1)), (UInt32(1_000), UInt16(1))])
    func aHeaderClaimingAnImpossibleRateIsAnError(rate: UInt32, channels: UInt16) throws {
        let path = try Self.file("rate-\(rate)-\(channels).wav", Self.wavHeader(dataBytes: 3_200, rate: rate, channels: channels)
                                 + [UInt8](repeating: 0, count: 3_200))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(openError(path) == "\(path): the sample rate \(rate) Hz is outside what voicecmd reads (4000–384000 Hz)")
    }

    @Test func aHeaderClaimingThousandsOfChannelsIsAnError() throws {
        let path = try Self.file("channels.wav", Self.wavHeader(dataBytes: 4_096, channels: 1_024) + [UInt8](repeating: 0, count: 4_096))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(openError(path) == "\(path): the file declares 1024 channels; voicecmd reads at most 64")
    }

    func openError(_ path: String) -> String? {
        do {
            var source = try AudioReaders.open(path: path)
            _ = try AudioReaders.readAll(&source)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func emptyFile() throws {
        let path = try Self.file("empty.wav", [])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(openError(path) == "\(path): the file is empty")
    }

    @Test func textFileNamedWav() throws {
        let path = try Self.file("text.wav", Array("this is not audio, it is a text file\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(openError(path)?.hasPrefix("\(path): not a readable audio file (libsndfile: ") == true)
    }

    @Test func truncatedHeader() throws {
        let path = try Self.file("truncated.wav", Array(Self.wavHeader(dataBytes: 32_000).prefix(20)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(openError(path)?.hasPrefix("\(path): not a readable audio file") == true)
    }

    /// A FLAC cut short (a recording interrupted, a damaged copy): libsndfile
    /// gives a short read with its error set, then a clean end. Read as a
    /// clean end, 13 of the wake-word corpus's recordings lost most of
    /// their sound without a word.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sox"), "sox is not installed"))
    func aFLACCutShortIsAnErrorThatSaysWhere() throws {
        let whole = try SoundFileReaderTests.makeTone("whole.flac", ["-r", "16000", "-b", "16"], seconds: 2)
        defer { try? FileManager.default.removeItem(atPath: whole) }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: whole)))
        let path = try Self.file("cut.flac", Array(bytes.prefix(bytes.count / 2)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let message = try #require(openError(path), "half of a \(bytes.count)-byte FLAC was read as whole")
        #expect(message.hasPrefix("\(path): the audio is damaged "), "\(message)")
        #expect(message.hasSuffix(" s in (libsndfile: flac decoder lost sync)"), "\(message)")
    }

    /// Cut where a frame begins, a FLAC ends cleanly for libFLAC: 2 of 80
    /// dithered tones cut in half read as whole recordings before the
    /// header's sample count was checked.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sox"), "sox is not installed"))
    func aFLACCutAtAFrameBoundaryIsAnErrorThatSaysHowMuchIsMissing() throws {
        let whole = try SoundFileReaderTests.makeTone("frames.flac", ["-r", "16000", "-b", "16"], seconds: 2)
        defer { try? FileManager.default.removeItem(atPath: whole) }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: whole)))
        // A frame starts with the sync code FF F8 (fixed block size); the
        // last one in the first half is where the file is cut.
        let frameStart = try #require((4..<(bytes.count / 2)).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xF8 })
        let path = try Self.file("frame-cut.flac", Array(bytes.prefix(frameStart)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let message = try #require(openError(path), "a FLAC cut at byte \(frameStart) of \(bytes.count) was read as whole")
        #expect(message.hasPrefix("\(path): the audio is cut short: it ends "), "\(message)")
        #expect(message.hasSuffix(" s in, of the 2.00 s its header declares"), "\(message)")
    }

    @Test func zeroLengthData() throws {
        let path = try Self.file("nodata.wav", Self.wavHeader(dataBytes: 0))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(openError(path) == "\(path): the file holds no audio samples")
    }

    @Test func missingFile() {
        #expect(openError("/nonexistent/clip.wav") == "/nonexistent/clip.wav: no such file")
    }

    @Test func rawPCMIsReadAsIs() throws {
        let samples: [Int16] = [0, 1000, -1000, 32767, -32768]
        let bytes = samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        let path = try Self.file("clip.raw", bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var source = try AudioReaders.open(path: path)
        #expect(try AudioReaders.readAll(&source) == samples)
    }

    /// An hour of quiet room noise streams through the segmenter without
    /// an utterance and without holding the audio: it never keeps more than
    /// its pre-roll. (Longer streams, in release builds: `voicecmd-bench listen`.)
    @Test func anHourOfSilenceStreamsInBoundedMemory() throws {
        let segmenter = try Endpointer()
        var generator = UInt32(1)
        var chunk = [Int16](repeating: 0, count: 16_000)
        var utterances = 0
        var mostHeld = 0
        for _ in 0..<3600 {
            for index in chunk.indices {
                generator = generator &* 1_664_525 &+ 1_013_904_223
                chunk[index] = Int16(Int(generator >> 16) % 21 - 10)
            }
            utterances += try segmenter.feed(chunk).count
            mostHeld = max(mostHeld, segmenter.bufferedSampleCount)
        }
        if segmenter.finish() != nil { utterances += 1 }
        #expect(utterances == 0)
        let preRoll = segmenter.settings.padding + segmenter.settings.minimumSpeech + Endpointer.settlingPreRoll
        #expect(mostHeld <= Int(preRoll * 16_000) + 160)
    }


    /// Raw PCM ending in half a sample ends; the half is dropped.
    @Test func rawPCMWithAnOddNumberOfBytesEnds() throws {
        let path = try Self.file("odd.raw", [0x10, 0x00, 0x20, 0x00, 0x30])
        defer { try? FileManager.default.removeItem(atPath: path) }
        var source = try AudioReaders.open(path: path)
        #expect(try AudioReaders.readAll(&source) == [16, 32])
    }
}
