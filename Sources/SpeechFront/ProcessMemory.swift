import Foundation

/// How the C library's allocator serves a recognising process, set once
/// at its start (before threads allocate): what it keeps is then what the
/// recogniser holds, not what it once held.
///
/// - One arena. glibc gives each thread that allocates an arena of its own
///   (up to eight per core), each keeping its own high-water mark; audio,
///   decoding and the session hand work between threads, so each arena
///   ends up as big as the busiest moment it saw (`listen` with 100,000
///   contacts: 261 → 245 MB, with the setting below).
/// - Blocks of 512 KiB and more mapped, and unmapped when freed. glibc
///   starts at 128 KiB and raises that threshold to the largest block
///   freed, after which the neural recogniser's temporary tensors
///   (megabytes each, tens for a whole recording) come from the heap and
///   stay there as holes (`transcribe` of eight commands: 410 → 296 MB).
///   Not lower: the decoder's 128 KiB of scores per token, mapped and
///   unmapped each time, cost 8 % of a transcription.
///
/// Only the process's owner should call this (the voicecmd tool does); a
/// library cannot know what else the process runs.
public enum ProcessMemory {
    /// Applies the settings; false when the C library has no `mallopt`
    /// (not glibc) or refused one.
    @discardableResult
    public static func tuneForRecognition() -> Bool {
        // mallopt's parameters (malloc.h), which Swift's Glibc module leaves out.
        let arenaMax: Int32 = -8, mmapThreshold: Int32 = -3
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        let mallopt = unsafeBitCast(address, to: (@convention(c) (Int32, Int32) -> Int32).self)
        // mallopt answers 1 when it took the setting.
        return mallopt(arenaMax, 1) == 1 && mallopt(mmapThreshold, 512 << 10) == 1
    }
}
