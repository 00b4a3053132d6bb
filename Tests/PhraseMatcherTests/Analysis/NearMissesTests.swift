import Testing
@testable import PhraseMatcher

/// For a sentence that matches nothing: the phrases that follow it
/// furthest, and what each wanted where it parted.
struct NearMissesTests {
    static func model() throws -> CommandModel {
        let play = try Intent(name: "PlaySong", parameters: [Parameter(name: "song", type: .custom("Song"))],
                              phrases: ["play \\(song) [please]", "put on \\(song)"])
        let volume = try Intent(name: "SetVolume", parameters: [Parameter(name: "level", type: .integer, minimum: 0, maximum: 100)],
                                phrases: ["set the volume to \\(level) [percent]"])
        return CommandModel(application: "Player", fillers: ["please"],
                            types: [CustomType(name: "Song", title: "Song", kind: .entity([Entity(id: "jude", name: "Hey Jude")]))],
                            intents: [play, volume])
    }

    @Test func aValueThatIsNoneOfItsTypeIsWherePhrasesPart() throws {
        let misses = NearMisses.nearest(to: "play hey jute", in: try Self.model())
        #expect(misses.first == NearMisses.NearMiss(application: "Player", intent: "PlaySong", phrase: "play \\(song) [please]",
                                                    followed: 1, expected: ["<song>"], found: "hey"))
    }

    @Test func aSentenceCutShortSaysWhatWouldCome() throws {
        let misses = NearMisses.nearest(to: "set the volume to", in: try Self.model())
        #expect(misses.first?.intent == "SetVolume")
        #expect(misses.first?.followed == 4)
        #expect(misses.first?.expected == ["<level>"])
        #expect(misses.first?.found == nil)
    }

    @Test func aMatchingPhraseIsNoMiss() throws {
        #expect(NearMisses.nearest(to: "play hey jude please", in: try Self.model()).allSatisfy { $0.intent != "PlaySong" || $0.followed < 3 })
    }
}
