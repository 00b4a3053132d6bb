import Foundation
import PhraseMatcher
import Testing
@testable import SpeechFront

/// A list longer than `classAbove` is heard as a class of an n-gram
/// search: set up in a moment however long, each name heard as its words
/// and matched to its entity (real PocketSphinx, flite voices).
@Suite(.enabled(if: SharedRecognizer.modelInstalled, "needs pocketsphinx-en-us"))
struct ClassSearchTests {
    static let first = ["maria", "david", "james", "linda", "robert", "susan", "kevin", "laura", "peter", "nancy"]
    static let last = ["lopez", "miller", "smith", "jones", "brown", "davis", "garcia", "wilson", "moore", "taylor",
                       "clark", "lewis", "walker", "young", "allen", "king", "wright", "scott", "green", "baker"]

    /// A phone of 200 contacts, every first name with every surname.
    static func phone(first: [String] = first, last: [String] = last) throws -> CommandModel {
        var contacts: [Entity] = []
        for name in first { for surname in last { contacts.append(Entity(id: "\(name)-\(surname)", name: "\(name) \(surname)")) } }
        let who = [Parameter(name: "who", type: .custom("Contact"))]
        return CommandModel(application: "Phone", fillers: [], types: [CustomType(name: "Contact", title: "contact", kind: .entity(contacts))], intents: [
            Intent(name: "Call", parameters: who, phrases: [try Phrase("call \\(who)")]),
            Intent(name: "SendMessage", parameters: who, phrases: [try Phrase("send a message to \\(who)")]),
        ])
    }

    static func recognizer(classAbove: Int, halvesAbove: Int? = nil, model: CommandModel? = nil, secondOpinion: Bool = false,
                           languageModel: String? = nil) throws -> CommandRecognizer {
        var options = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        if let languageModel { options.files.languageModel = languageModel }
        options.classAbove = classAbove
        if let halvesAbove { options.halvesAbove = halvesAbove }
        options.asksSecondOpinion = secondOpinion
        return try CommandRecognizer(model: try model ?? phone(), modelPath: nil, options: options)
    }

    static func heard(_ clip: String, by recognizer: CommandRecognizer) throws -> Transcript? {
        var source = try AudioReaders.open(path: SharedRecognizer.clips.appendingPathComponent(clip + ".flac").path)
        return try recognizer.transcribe(&source).first
    }

    @Test func namesOfALongListAreHeardAsTheirWords() throws {
        let recognizer = try Self.recognizer(classAbove: 100)
        let call = try #require(try Self.heard("call-contact-slt", by: recognizer))
        #expect(call.text == "call maria lopez")
        #expect(call.match?.best?.intent == "Call")
        #expect(call.match?.best?.argument("who")?.value == .entity("maria-lopez"))
        // Each word of the name has its own time, inside the utterance.
        #expect(call.words.map(\.word) == ["call", "maria", "lopez"])
        #expect(zip(call.words, call.words.dropFirst()).allSatisfy { $0.end <= $1.start + 0.001 })
        let message = try #require(try Self.heard("message-contact-kal", by: recognizer))
        #expect(message.match?.best?.intent == "SendMessage")
        #expect(message.match?.best?.argument("who")?.value == .entity("david-miller"))
    }

    /// A list heard as halves (first words, then rests): each name still
    /// heard as its words, with their times, and as its entity.
    @Test func namesOfAListHeardAsHalvesAreHeardAsTheirWords() throws {
        let recognizer = try Self.recognizer(classAbove: 100, halvesAbove: 100)
        let call = try #require(try Self.heard("call-contact-slt", by: recognizer))
        #expect(call.text == "call maria lopez")
        #expect(call.words.map(\.word) == ["call", "maria", "lopez"])
        #expect(zip(call.words, call.words.dropFirst()).allSatisfy { $0.end <= $1.start + 0.001 })
        #expect(call.match?.best?.argument("who")?.value == .entity("maria-lopez"))
        let message = try #require(try Self.heard("message-contact-kal", by: recognizer))
        #expect(message.match?.best?.intent == "SendMessage")
        #expect(message.match?.best?.argument("who")?.value == .entity("david-miller"))
    }

    /// The same commands, the same names: the class search hears what the
    /// grammar search hears, with a confidence as high.
    @Test func theClassSearchAgreesWithTheGrammarSearch() throws {
        let grammar = try Self.recognizer(classAbove: 1000)
        let classes = try Self.recognizer(classAbove: 100)
        for clip in ["call-contact-slt", "message-contact-kal"] {
            let byGrammar = try #require(try Self.heard(clip, by: grammar))
            let byClass = try #require(try Self.heard(clip, by: classes))
            #expect(byClass.text == byGrammar.text)
            #expect(byClass.confidence >= byGrammar.confidence - 0.1, "\(clip): \(byClass.confidence) against \(byGrammar.confidence)")
        }
    }

    /// 10,000 contacts without Maria Lopez: "call maria lopez" is not her
    /// until she is added, and then, with no search built again, it is.
    @Test func aContactAddedBetweenTwoUtterancesIsHeardInTheSecond() throws {
        let firsts = Self.first + "mark paul anna carl emma ruth jack rose adam lucy alan jane owen ella ivan nora hugo vera leon iris".split(separator: " ").map(String.init)
            + "dean joan kurt gail neil dora glen faye troy lena chad rita otto beth karl nina axel june luke mona".split(separator: " ").map(String.init)
        let lasts = Self.last + "hall cook reed ward gray wood long ross bell hunt rice ford webb hart dunn ball lamb cole west snow".split(separator: " ").map(String.init)
            + "fox hay day lowe page rowe kerr nash holt pike shaw wade york voss gage frey ames cobb dale rusk".split(separator: " ").map(String.init)
        try #require(firsts.count * lasts.count * 5 >= 10_000)
        var contacts: [Entity] = []
        for first in firsts {
            for last in lasts {
                for middle in ["", "lee", "ann", "ray", "jo"] where contacts.count < 10_000 {
                    let name = [first, middle, last].filter { !$0.isEmpty }.joined(separator: " ")
                    if name != "maria lopez" { contacts.append(Entity(id: name, name: name)) }
                }
            }
        }
        var model = try Self.phone()
        model.types[0].kind = .entity(contacts)
        var options = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        options.asksSecondOpinion = false
        let recognizer = try CommandRecognizer(model: model, modelPath: nil, options: options)
        let before = try Self.heard("call-contact-slt", by: recognizer)
        #expect(before?.match?.best?.argument("who")?.value != .entity("maria-lopez"))
        try recognizer.changeEntities(ofType: "Contact", adding: [Entity(id: "maria-lopez", name: "Maria Lopez")])
        let after = try #require(try Self.heard("call-contact-slt", by: recognizer))
        #expect(after.text == "call maria lopez")
        #expect(after.match?.best?.argument("who")?.value == .entity("maria-lopez"))
        // And one removed is no longer taken.
        try recognizer.changeEntities(ofType: "Contact", removing: ["maria-lopez"], adding: [])
        #expect(try Self.heard("call-contact-slt", by: recognizer)?.match?.best?.argument("who")?.value != .entity("maria-lopez"))
    }

    /// The class search built again on the same decoder (the model
    /// replaced, with a name more): the names it had are in the dictionary
    /// already and are not added twice, the new one is added.
    @Test func aClassSearchBuiltAgainHearsItsNamesAndKnowsTheNewOne() throws {
        let recognizer = try Self.recognizer(classAbove: 100)
        var model = try Self.phone()
        guard case .entity(let contacts) = model.types[0].kind else { throw SpeechError("the phone model has no contacts") }
        model.types[0].kind = .entity(contacts + [Entity(id: "zed", name: "Zed Quillon")])
        try recognizer.update(model: model)
        #expect(try Self.heard("call-contact-slt", by: recognizer)?.text == "call maria lopez")
        let newcomer = GrammarClass(type: "Contact", names: [["zed", "quillon"]]).memberToken(joined: "zed quillon")
        #expect(recognizer.decoder.pronunciation(of: newcomer) != nil)
    }

    /// Out of the list's phrases nothing is taken.
    @Test func speechOutsideTheCommandsIsNotTaken() throws {
        let recognizer = try Self.recognizer(classAbove: 100)
        for clip in ["out-of-grammar-fox", "noise-only"] {
            let heard = try Self.heard(clip, by: recognizer)
            #expect(heard?.match?.best == nil, "\(clip): \(heard?.text ?? "")")
        }
    }

    /// A list heard as a class fits any speech with some name ("call
    /// alexis le" for "Alexa"): such a command is taken only when Moonshine
    /// heard it too, its name as well as its words (a message to Sam Lee,
    /// who is not listed, was sent to Nancy Wright), and a message to a
    /// contact it heard is still taken.
    @Test(.enabled(if: MoonshineTranscriber.unavailableReason() == nil, "needs Moonshine"))
    func otherSpeechSomeNameFitsIsNotTaken() throws {
        let model = try Self.phone(first: Self.first + ["alexis", "noah", "paul"], last: Self.last + ["le", "lee", "hill", "white", "boyd"])
        let recognizer = try Self.recognizer(classAbove: 100, model: model, secondOpinion: true)
        for clip in ["not-a-command-alexa-slt", "not-a-command-snowboy-espeak", "not-a-command-google-slt", "message-slt"] {
            let heard = try Self.heard(clip, by: recognizer)
            #expect(heard?.match?.best == nil, "\(clip): \(heard?.text ?? "") at \(heard?.confidence ?? 0)")
        }
        let call = try #require(try Self.heard("message-contact-kal", by: recognizer))
        let moonshine = call.evidence?.secondOpinion.map { "Moonshine \($0.text) at \($0.distance)" } ?? ""
        #expect(call.match?.best?.argument("who")?.value == .entity("david-miller"), "\(call.text) at \(call.confidence); \(moonshine)")
    }

    /// A name Moonshine does not know it writes as other words ("the
    /// library right there, Rob" for espeak-ng's "barbara romero"), too far
    /// in phones to vouch; it still finds the listed name nearly as likely
    /// as its own words, and the command is taken. Other talk some name
    /// fits it finds far less likely (`otherSpeechSomeNameFitsIsNotTaken`).
    @Test(.enabled(if: MoonshineTranscriber.unavailableReason() == nil, "needs Moonshine"))
    func aNameMoonshineWritesAsOtherWordsIsVouchedForByItsLikelihood() throws {
        let model = try Self.phone(first: Self.first + ["barbara"], last: Self.last + ["romero"])
        let recognizer = try Self.recognizer(classAbove: 100, model: model, secondOpinion: true)
        let heard = try #require(try Self.heard("contact-barbara-romero-espeak-m3", by: recognizer))
        let opinion = try #require(heard.evidence?.secondOpinion)
        #expect(heard.match?.best?.argument("who")?.value == .entity("barbara-romero"),
                "\(heard.text) at \(heard.confidence); Moonshine \(opinion.text) at \(opinion.distance)")
        // Taken by its likelihood: its phones were too far to vouch.
        #expect(opinion.likelihoodGap.map { $0 >= -CommandRecognizer.mostNatsBelowOwnWords } == true,
                "Moonshine \(opinion.text), \(opinion.distance) phone edits a phone, gap \(String(describing: opinion.likelihoodGap))")
    }

    /// Without Moonshine, PocketSphinx's general language model vouches:
    /// it hears other talk as the words it was, and the message to a
    /// contact as that message.
    @Test func withoutMoonshineOtherSpeechSomeNameFitsIsNotTaken() throws {
        let model = try Self.phone(first: Self.first + ["alexis", "noah", "paul"], last: Self.last + ["le", "lee", "hill", "white", "boyd"])
        let recognizer = try Self.recognizer(classAbove: 100, model: model, secondOpinion: false)
        // Each of the last four was taken without it (a landmark search, the
        // weather, a shortcut's words; a message to someone not listed).
        for clip in ["not-a-command-alexa-slt", "not-a-command-google-slt", "landmark-espeak-gb", "out-of-grammar-weather",
                     "shortcut-coffee-time", "message-slt"] {
            let heard = try Self.heard(clip, by: recognizer)
            #expect(heard?.match?.best == nil, "\(clip): \(heard?.text ?? "") at \(heard?.confidence ?? 0)")
        }
        let call = try #require(try Self.heard("message-contact-kal", by: recognizer))
        #expect(call.match?.best?.argument("who")?.value == .entity("david-miller"), "\(call.text) at \(call.confidence)")
    }

    /// Without a general language model to ask, nothing vouches and
    /// nothing fails: the command is taken on PocketSphinx's evidence.
    @Test func withoutMoonshineOrALanguageModelACommandIsStillTaken() throws {
        let recognizer = try Self.recognizer(classAbove: 100, secondOpinion: false, languageModel: "/nonexistent/en-us.lm.bin")
        let call = try #require(try Self.heard("message-contact-kal", by: recognizer))
        #expect(call.match?.best?.argument("who")?.value == .entity("david-miller"), "\(call.text) at \(call.confidence)")
    }
}
