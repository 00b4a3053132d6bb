import Foundation
import PhraseMatcher
import Testing
@testable import SpeechFront

/// A name of a long list, misheard by the class search, is put right by
/// what Moonshine heard: the listed name nearest its spelling ("Ryan
/// Mendes") is weighed with the search's words, and wins only when
/// Moonshine finds it likelier and nearer what it wrote (real PocketSphinx
/// word phones, real Moonshine on espeak-ng's "call ryan mendez").
@Suite(.enabled(if: SharedRecognizer.modelInstalled && MoonshineTranscriber.unavailableReason() == nil, "needs pocketsphinx-en-us and Moonshine"))
struct NamesWeighedTests {
    static func recognizer(names: [String], phrase: String = "call \\(who)") throws -> CommandRecognizer {
        var contacts = names.map { Entity(id: $0, name: $0) }
        // Enough others for a class search.
        for first in ClassSearchTests.first { for last in ClassSearchTests.last { contacts.append(Entity(id: "\(first) \(last)", name: "\(first) \(last)")) } }
        let who = [Parameter(name: "who", type: .custom("Contact"))]
        let model = CommandModel(application: "Phone", fillers: [], types: [CustomType(name: "Contact", title: "contact", kind: .entity(contacts))], intents: [
            Intent(name: "Call", parameters: who, phrases: [try Phrase(phrase)]),
        ])
        var options = CommandRecognizer.Options(files: try SpeechModelFiles.locate())
        options.classAbove = 100
        return try CommandRecognizer(model: model, modelPath: nil, options: options)
    }

    static func hearing(_ recognizer: CommandRecognizer) throws -> MoonshineHearing {
        try #require(recognizer.secondOpinion?.hear(try SharedRecognizer.samples("call-mendez-espeak.flac")[...]))
    }

    @Test func aListedNameMoonshineHeardReplacesTheSearchs() throws {
        let recognizer = try Self.recognizer(names: ["ryan lin", "ryan mendez", "brian mendez"])
        let hearing = try Self.hearing(recognizer)
        #expect(recognizer.likeliestWording(["call", "ryan", "lin"], or: [], hearing: hearing) == ["call", "ryan", "mendez"])
        // The search's hypotheses are weighed too.
        #expect(recognizer.likeliestWording(["call", "ryan", "lin"], or: [("call ryan mendez", 0)], hearing: hearing) == ["call", "ryan", "mendez"])
    }

    @Test func theSearchsNameStandsWhenMoonshineIsNoSurer() throws {
        let recognizer = try Self.recognizer(names: ["ryan lin", "ryan mendez", "brian mendez"])
        let hearing = try Self.hearing(recognizer)
        #expect(recognizer.likeliestWording(["call", "ryan", "mendez"], or: [("call ryan lin", 0)], hearing: hearing) == nil)
    }

    /// Only listed names are offered: without Ryan Mendez in the list,
    /// nothing Moonshine heard is a name to put in.
    @Test func aNameNotListedIsNeverPutIn() throws {
        let recognizer = try Self.recognizer(names: ["ryan lin"])
        let hearing = try Self.hearing(recognizer)
        let chosen = recognizer.likeliestWording(["call", "ryan", "lin"], or: [], hearing: hearing)
        #expect(chosen == nil || chosen.map { recognizer.matcher.match(NormalizedText(words: $0)).exactReading != nil } == true)
        #expect(chosen != ["call", "ryan", "mendez"])
    }

    /// A class search may stop short of the name ("call": its language
    /// model may end anywhere); the grammar says how the command goes on,
    /// and the name is the listed one nearest what Moonshine heard.
    @Test func aCommandCutShortGoesOnWithTheNameMoonshineHeard() throws {
        let recognizer = try Self.recognizer(names: ["ryan lin", "ryan mendez", "brian mendez"])
        let hearing = try Self.hearing(recognizer)
        #expect(recognizer.likeliestWording(["call"], or: [], hearing: hearing) == ["call", "ryan", "mendez"])
    }

    /// Cut short inside the name (a list heard as halves may end after a
    /// first word): the words before the name go on with the name heard.
    @Test func aCommandCutShortInsideTheNameGoesOnWithTheNameMoonshineHeard() throws {
        let recognizer = try Self.recognizer(names: ["ryan lin", "ryan mendez", "brian mendez"])
        let hearing = try Self.hearing(recognizer)
        #expect(recognizer.likeliestWording(["call", "brian"], or: [], hearing: hearing) == ["call", "ryan", "mendez"])
    }

    /// A name Moonshine spelt half right ("a larned Martin" for flite's
    /// "lauren martin"): no listed word is near "a larned", but "martin"
    /// brings the names it ends, and the one nearest the whole stretch is
    /// weighed.
    @Test func aNameHeardHalfRightIsFoundByItsOtherWord() throws {
        let recognizer = try Self.recognizer(names: ["lauren martin", "lauren quinn", "karen martin", "allar regarding"],
                                             phrase: "send a message to \\(who)")
        let hearing = try #require(recognizer.secondOpinion?.hear(try SharedRecognizer.samples("message-lauren-martin-slt.flac")[...]))
        #expect(recognizer.likeliestWording(["send", "a", "message", "to", "allar"], or: [], hearing: hearing)
                == ["send", "a", "message", "to", "lauren", "martin"])
    }

    /// The search may end on any word: a name that is listed whole and
    /// begins longer names ("allar", "allar regarding") may be one cut
    /// short, and the longer names Moonshine heard there are weighed.
    @Test func aWholeNameThatBeginsLongerOnesMayBeCutShort() throws {
        let recognizer = try Self.recognizer(names: ["lauren martin", "lauren quinn", "karen martin", "allar regarding", "allar"],
                                             phrase: "send a message to \\(who)")
        let hearing = try #require(recognizer.secondOpinion?.hear(try SharedRecognizer.samples("message-lauren-martin-slt.flac")[...]))
        #expect(recognizer.likeliestWording(["send", "a", "message", "to", "allar"], or: [], hearing: hearing)
                == ["send", "a", "message", "to", "lauren", "martin"])
    }

    /// A name is looked for only where Moonshine heard the command's own
    /// words: "Alexa, Alexa, Alexa, Alexa." holds no "phone", and some
    /// name fits it ("alexa allen" here; "alexis valencia" among 100,000).
    @Test func noNameIsLookedForWhereTheCommandsWordsWereNotHeard() throws {
        let recognizer = try Self.recognizer(names: ["alexis valencia", "alexa allen", "alex allen"], phrase: "phone \\(who)")
        let hearing = try #require(recognizer.secondOpinion?.hear(try SharedRecognizer.samples("not-a-command-alexas-slt.flac")[...]))
        #expect(recognizer.likeliestWording(["phone"], or: [], hearing: hearing) == nil)
        #expect(recognizer.likeliestWording(["phone", "alexis"], or: [], hearing: hearing) == nil)
    }

    /// Other speech cut short stays cut short: what Moonshine heard in it
    /// ("Alexa") is no command with a listed name.
    @Test func otherSpeechCutShortIsNotCompleted() throws {
        let recognizer = try Self.recognizer(names: ["ryan lin", "ryan mendez", "alex allen"])
        let hearing = try #require(recognizer.secondOpinion?.hear(try SharedRecognizer.samples("not-a-command-alexa-slt.flac")[...]))
        #expect(recognizer.likeliestWording(["call"], or: [], hearing: hearing) == nil)
    }
}
