import SpeechFront

/// Recordings to commands, from the library: each utterance of a file
/// recognised against the models and matched, as `voicecmd transcribe`
/// does. The decoder is confined to the actor; several transcribers
/// decode in parallel (one decoder each).
public actor Transcriber {
    private let recognizer: CommandRecognizer

    /// A recogniser for `models`, sharing their matcher; `options` locate
    /// PocketSphinx's files and set how audio is heard.
    public init(models: ModelSet, options: CommandRecognizer.Options) throws(SpeechError) {
        var options = options
        options.pronunciations.merge(models.pronunciations) { given, _ in given }
        recognizer = try CommandRecognizer(model: models.model, matcher: models.matcher, modelPath: models.modelPath, options: options)
    }

    /// Every utterance of the recording at `path` (a WAV, FLAC or other
    /// sound file, or raw 16 kHz 16-bit mono PCM named `.raw` or `.pcm`).
    public func transcribe(file path: String) throws(SpeechError) -> [Transcript] {
        var source = try AudioReaders.open(path: path)
        return try recognizer.transcribe(&source)
    }
}
