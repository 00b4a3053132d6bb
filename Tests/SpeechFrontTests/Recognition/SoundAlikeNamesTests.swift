import PhraseMatcher
import Testing
@testable import SpeechFront

/// Two contacts said the same way ("David Miller", "David Millar") cannot
/// be told apart by ear: the recogniser offers both, as a disambiguation,
/// rather than acting on either (real PocketSphinx, a flite voice).
@Suite(.enabled(if: SharedRecognizer.modelInstalled, "needs pocketsphinx-en-us"))
struct SoundAlikeNamesTests {
    static let both: Set<String> = ["david-miller", "david-millar"]

    static func recognizer(classAbove: Int, adding extra: [Entity]) throws -> CommandRecognizer {
        var model = try ClassSearchTests.phone()
        if case .entity(let contacts) = model.types[0].kind { model.types[0].kind = .entity(contacts + extra) }
        var options = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        options.classAbove = classAbove
        options.asksSecondOpinion = false
        return try CommandRecognizer(model: model, modelPath: nil, options: options)
    }

    static func offered(_ transcript: Transcript?) -> Set<String> {
        guard case .ambiguousEntities(let ids)? = transcript?.match?.best?.argument("who")?.value else { return [] }
        return Set(ids)
    }

    static let millar = Entity(id: "david-millar", name: "David Millar")

    @Test(arguments: [100, 1000]) func bothAreOfferedWhetherTheListIsAClassOrSpeltOut(classAbove: Int) throws {
        let recognizer = try Self.recognizer(classAbove: classAbove, adding: [Self.millar])
        let heard = try #require(try ClassSearchTests.heard("message-contact-kal", by: recognizer))
        #expect(heard.match?.best?.intent == "SendMessage")
        #expect(Self.offered(heard) == Self.both)
        // Words without a twin are taken as they are.
        let call = try ClassSearchTests.heard("call-contact-slt", by: recognizer)
        #expect(call?.match?.best?.argument("who")?.value == .entity("maria-lopez"))
    }

    /// Two contacts of the name heard and a twin of it: all three are offered.
    @Test func aNameHeldTwiceIsOfferedWithItsTwin() throws {
        let recognizer = try Self.recognizer(classAbove: 100, adding: [Self.millar, Entity(id: "david-miller-2", name: "David Miller")])
        let heard = try ClassSearchTests.heard("message-contact-kal", by: recognizer)
        #expect(Self.offered(heard) == Self.both.union(["david-miller-2"]))
    }

    /// A contact added while listening brings its twin's question with it.
    @Test func aContactAddedLaterIsOfferedBesideItsTwin() throws {
        let recognizer = try Self.recognizer(classAbove: 100, adding: [])
        let before = try ClassSearchTests.heard("message-contact-kal", by: recognizer)
        #expect(before?.match?.best?.argument("who")?.value == .entity("david-miller"))
        try recognizer.changeEntities(ofType: "Contact", adding: [Self.millar])
        let after = try ClassSearchTests.heard("message-contact-kal", by: recognizer)
        #expect(Self.offered(after) == Self.both, "\(after?.text ?? "") \(String(describing: after?.match?.best?.argument("who")?.value))")
        // Removed again, the matcher no longer takes the twin: one name, no question.
        try recognizer.changeEntities(ofType: "Contact", removing: ["david-millar"], adding: [])
        #expect(try ClassSearchTests.heard("message-contact-kal", by: recognizer)?.match?.best?.argument("who")?.value == .entity("david-miller"))
    }
}
