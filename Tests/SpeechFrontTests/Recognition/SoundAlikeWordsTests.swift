import Testing
@testable import SpeechFront

/// A list's words said alike are found by their phones, and a name's
/// other spellings are made word for word, the name itself never among them.
struct SoundAlikeWordsTests {
    static let phones = ["steven": "S T IY V AH N", "stephen": "S T IY V AH N", "gill": "G IH L", "gil": "G IH L",
                         "miller": "M IH L ER", "millar": "M IH L ER", "anna": "AE N AH", "zed": "Z EH D"]

    static func words(_ names: [String]) -> SoundAlikeWords {
        SoundAlikeWords(type: "Contact", words: names.flatMap { $0.split(separator: " ").map(String.init) }) { phones[$0] }
    }

    @Test func wordsWithTheSamePhonesAreOfferedForEachOther() {
        let list = Self.words(["steven gill", "stephen miller", "anna millar", "anna zed"])
        #expect(list.hasAny)
        #expect(list.others(of: "steven") == ["stephen"])
        #expect(list.others(of: "stephen") == ["steven"])
        #expect(list.others(of: "millar") == ["miller"])
        #expect(list.others(of: "anna") == [])
        #expect(list.others(of: "nobody") == [])
    }

    @Test func aNameIsSpeltEveryOtherWayUpToTheLimit() {
        let list = Self.words(["steven gill", "stephen gil", "anna"])
        #expect(list.spellings(of: ["steven", "gill"], limit: 4) == [["steven", "gil"], ["stephen", "gill"], ["stephen", "gil"]])
        #expect(list.spellings(of: ["steven", "gill"], limit: 1) == [["steven", "gil"]])
        #expect(list.spellings(of: ["anna"], limit: 4) == [])
    }

    /// Words the decoder lacks sound like nothing, so like no other word.
    @Test func wordsWithoutPhonesAreNeverAlike() {
        let list = Self.words(["xq vv", "vv xq"])
        #expect(!list.hasAny)
        #expect(list.spellings(of: ["xq", "vv"], limit: 4) == [])
    }

    /// A name added later brings its spellings: "gil" joins "gill".
    @Test func namesAddedLaterJoinTheirSound() {
        var list = Self.words(["steven gill"])
        #expect(!list.hasAny)
        list.add([["gil", "zed"]]) { Self.phones[$0] }
        #expect(list.others(of: "gill") == ["gil"])
    }

    /// Words another recogniser heard in its own spelling are found by
    /// where their phones fit: a first word at the start of the stretch, a
    /// last at its end, the longer of two equal fits first.
    @Test func wordsAreFoundWhereTheirPhonesFitWhatWasHeard() {
        let list = SoundAlikeWords(type: "Contact", words: ["ryan", "mendez", "ryan", "lin", "kyle", "may"]) {
            ["ryan": "R AY AH N", "mendez": "M EH N D EH Z", "lin": "L IH N", "kyle": "K AY L", "may": "M EY"][$0]
        }
        // "Ryan Mendes", as flite's rules say it.
        let heard = "R AY AH N M EY N D EH S".split(separator: " ").map(String.init)
        #expect(list.words(fitting: heard, fromStart: true, toEnd: false, count: 2, farthest: 1.0 / 3).map(\.word) == ["ryan"])
        #expect(list.words(fitting: heard, fromStart: false, toEnd: true, count: 2, farthest: 1.0 / 3).map(\.word) == ["mendez"])
        // Anywhere, "may" fits as well as "ryan"; the longer comes first.
        #expect(list.words(fitting: heard, fromStart: false, toEnd: false, count: 2, farthest: 0).map(\.word) == ["ryan", "may"])
        #expect(list.words(fitting: [], fromStart: false, toEnd: false, count: 2, farthest: 1).isEmpty)
        #expect(list.phones(of: "lin") == ["L", "IH", "N"])
        #expect(list.phones(of: "nobody") == nil)
    }
}
