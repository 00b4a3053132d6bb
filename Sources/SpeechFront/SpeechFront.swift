internal import CPocketSphinx

/// The speech half of voicecmd: audio sources and the PocketSphinx recognizer.
/// Recognition of recordings arrives with the next milestone; for now this
/// module only proves that Debian's PocketSphinx links.
public enum SpeechFront {
    /// True when the PocketSphinx library answers; a broken link fails the
    /// build rather than the first decode.
    public static var decoderLibraryAvailable: Bool { ps_args() != nil }
}
