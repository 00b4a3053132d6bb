// A music player that takes voice commands: the example of embedding
// voicecmd (README, "Embedding"). It uses the public API alone.
//
//   swift run --package-path Examples/MusicPlayer music-player [recording]
//   (default: play-song.flac beside this file)
import Foundation
import VoiceCommands

// README:begin
/// The player's songs, which change while it runs.
actor SongLibrary: EntityQuery {
    private var songs: [Entity]
    init(_ songs: [Entity]) { self.songs = songs }
    func add(_ song: Entity) { songs.append(song) }
    func suggestedEntities() -> [Entity] { songs }
    func entities(matching text: String) -> [Entity] {
        songs.filter { $0.name.localizedCaseInsensitiveContains(text) }
    }
}

/// Plays the song (here: waits for the player, then says which).
struct PlaySong: IntentHandler {
    func handle(_ request: HandlerRequest, progress: HandlerProgress) async throws -> HandlerOutcome {
        guard let song = try request.value("song", as: EntityID.self) else { return HandlerOutcome(code: .failure) }
        try await Task.sleep(for: .milliseconds(20))
        return .success(fields: ["track": .text(song.rawValue)])
    }
}

// The model in code: one intent, its phrases, a typed parameter, a reply.
let play = try Intent(name: "PlaySong", title: "Play a song",
                      parameters: [Parameter(name: "song", type: .custom("Song"), prompt: "Which song?")],
                      phrases: ["play \\(song)", "put on \\(song) [please]"],
                      replies: ["success": "Playing \\(song)."])
let model = CommandModel(application: "Music Player",
                         types: [CustomType(name: "Song", title: "Song", kind: .entity([]))],
                         intents: [play])
let library = SongLibrary([Entity(id: "yesterday", name: "Yesterday")])
let engine = try CommandEngine(model: model)
engine.register(library, forType: "Song")
engine.register(PlaySong(), forIntent: "PlaySong")

// A song added at run time is matched, and heard, from the next utterance on.
await library.add(Entity(id: "yellow-submarine", name: "Yellow Submarine"))
print("typed:", await engine.match("put on yellow submarine please").best?.intent ?? "no intent")

// Speech: PocketSphinx's model from pocketsphinx-en-us, the session's events as a sequence.
let speech = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
let session = try CommandSession(engine: engine, speech: speech)
let clip = CommandLine.arguments.dropFirst().first
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("play-song.flac").path
for try await event in session.events(from: try ReaderAudioSource.file(clip, pacing: .asFastAsConsumed)) {
    switch event.kind {
    case .transcript(let text, _, _): print("heard:", text)
    case .conversation(.intent(let match)): print("intent:", match.intent, match.argument("song")?.value ?? "")
    case .conversation(.reply(let reply)): print("reply:", reply.text)
    default: break
    }
}
// README:end
