/// Phones as small numbers, so that a list's words can be fitted to what
/// was heard by the tens of thousands without comparing strings: CMU's 39
/// phones are 1...39, by their place in `cmu`.
enum PhoneCodes {
    /// A phone outside CMU's set, in a list's words or in what was heard:
    /// like nothing, so no edit is free for it.
    static let unknown: UInt16 = 0

    static let cmu = ["AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW",
                      "P", "B", "T", "D", "K", "G", "F", "V", "TH", "DH", "S", "Z", "SH", "ZH", "HH",
                      "M", "N", "NG", "L", "R", "W", "Y", "CH", "JH"]
    private static let codeOfPhone = Dictionary(uniqueKeysWithValues: cmu.enumerated().map { ($1, UInt16($0 + 1)) })

    /// Broad kinds of CMU phones: vowels, stops, fricatives, nasals,
    /// liquids and glides, affricates, by code (-1: none). A phone for one
    /// of its kind costs half an edit.
    private static let kindOfCode: [Int8] = [-1] + cmu.indices.map { index in
        Int8(index < 15 ? 0 : index < 21 ? 1 : index < 30 ? 2 : index < 33 ? 3 : index < 37 ? 4 : 5)
    }

    static func code(_ phone: String) -> UInt16 { codeOfPhone[phone] ?? unknown }
    static func codes(_ phones: [String]) -> [UInt16] { phones.map(code) }

    /// The kind of a phone's code; nil for a code outside CMU's set.
    static func kind(ofCode code: UInt16) -> Int? {
        Int(code) < kindOfCode.count && kindOfCode[Int(code)] >= 0 ? Int(kindOfCode[Int(code)]) : nil
    }

    /// The kind of a phone (CMU's), nil for another.
    static func kind(of phone: String) -> Int? { kind(ofCode: code(phone)) }

    /// What substituting `b` for `a` costs: nothing for the same phone, half
    /// for one of its kind, else one. Codes above CMU's (a comparison's own
    /// names for other phones) match only themselves.
    @inline(__always)
    static func substitution(_ a: UInt16, _ b: UInt16) -> Double {
        if a == b && a != unknown { return 0 }
        let kindA = Int(a) < kindOfCode.count ? kindOfCode[Int(a)] : -1
        return kindA >= 0 && Int(b) < kindOfCode.count && kindOfCode[Int(b)] == kindA ? 0.5 : 1
    }
}
