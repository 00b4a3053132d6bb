import Testing
@testable import SpeechFront

/// Phones as codes compare as the phones do: the same phone is free, one
/// of its kind costs half, anything else one; a phone outside CMU's set
/// is like nothing when coded for a list, and itself when two phone lists
/// are compared.
struct PhoneCodesTests {
    @Test func cmuPhonesHaveCodesAndKinds() {
        #expect(PhoneCodes.cmu.count == 39 && Set(PhoneCodes.cmu).count == 39)
        #expect(PhoneCodes.code("AA") == 1 && PhoneCodes.code("JH") == 39)
        #expect(PhoneCodes.kind(of: "IY") == PhoneCodes.kind(of: "OW"), "vowels")
        #expect(PhoneCodes.kind(of: "B") == PhoneCodes.kind(of: "K"), "stops")
        #expect(PhoneCodes.kind(of: "B") != PhoneCodes.kind(of: "M"))
        #expect(PhoneCodes.kind(of: "R") == PhoneCodes.kind(of: "W"), "liquids and glides")
        #expect(PhoneCodes.kind(of: "CH") == PhoneCodes.kind(of: "JH") && PhoneCodes.kind(of: "CH") != PhoneCodes.kind(of: "SH"))
        #expect(PhoneCodes.kind(of: "X") == nil && PhoneCodes.code("X") == PhoneCodes.unknown)
    }

    @Test func substitutionsCostAsBefore() {
        let (b, p, m) = (PhoneCodes.code("B"), PhoneCodes.code("P"), PhoneCodes.code("M"))
        #expect(PhoneCodes.substitution(b, b) == 0 && PhoneCodes.substitution(b, p) == 0.5 && PhoneCodes.substitution(b, m) == 1)
        #expect(PhoneCodes.substitution(PhoneCodes.unknown, PhoneCodes.unknown) == 1, "unknown is like nothing")
    }
}
