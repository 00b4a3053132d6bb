import Testing
@testable import SpeechFront

/// A list's words said alike are found by their phones, and a name's
/// other spellings are made word for word, the name itself never among them.
struct SoundAlikeWordsTests {
    static let phones = ["steven": "S T IY V AH N", "stephen": "S T IY V AH N", "gill": "G IH L", "gil": "G IH L",
                         "miller": "M IH L ER", "millar": "M IH L ER", "anna": "AE N AH", "zed": "Z EH D"]

    static func words(_ names: [String]) -> SoundAlikeWords {
        SoundAlikeWords(type: "Contact", names: names.map { $0.split(separator: " ").map(String.init) }) { phones[$0] }
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
}
