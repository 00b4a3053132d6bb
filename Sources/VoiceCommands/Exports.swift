// An application imports VoiceCommands alone: the text layer's types
// (models, matches, values) and the speech layer's (sources, transcripts)
// are part of its API.
@_exported import PhraseMatcher
@_exported import SpeechFront
