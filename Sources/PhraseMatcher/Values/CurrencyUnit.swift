/// A currency the `currency` type knows: the words that name it, and how the
/// normaliser spells written amounts ("$3.50") in those words.
package struct CurrencyUnit: Sendable {
    /// Words for the unit's hundredth; two currencies may share them ("cent").
    package enum MinorFamily: Int, Sendable, CaseIterable {
        case cent, penny

        package var words: [String] {
            switch self {
            case .cent: ["cent", "cents"]
            case .penny: ["penny", "pence", "p"]
            }
        }
        package var singular: String { self == .cent ? "cent" : "penny" }
        package var plural: String { self == .cent ? "cents" : "pence" }
    }

    /// ISO 4217.
    package var code: String
    package var symbol: Character
    /// Every word naming the unit; the first two are the singular and plural spelling.
    package var majorWords: [String]
    /// Nil when the currency has no minor unit in speech (yen).
    package var minorFamily: MinorFamily?
    /// Whether its minor unit alone names it: "fifty cents" is USD, not EUR.
    var ownsBareMinorUnit: Bool

    package var singular: String { majorWords[0] }
    package var plural: String { majorWords.count > 1 ? majorWords[1] : majorWords[0] }

    /// Also the order of `<currency>`'s alternatives.
    package static let all: [CurrencyUnit] = [
        CurrencyUnit(code: "USD", symbol: "$", majorWords: ["dollar", "dollars", "buck", "bucks"],
                     minorFamily: .cent, ownsBareMinorUnit: true),
        CurrencyUnit(code: "EUR", symbol: "€", majorWords: ["euro", "euros"],
                     minorFamily: .cent, ownsBareMinorUnit: false),
        CurrencyUnit(code: "GBP", symbol: "£", majorWords: ["pound", "pounds", "quid"],
                     minorFamily: .penny, ownsBareMinorUnit: true),
        CurrencyUnit(code: "JPY", symbol: "¥", majorWords: ["yen"],
                     minorFamily: nil, ownsBareMinorUnit: false),
    ]

    /// The index in `all` of the currency a bare minor unit names.
    static let currencyOwningBareMinorUnit: [Int?] = MinorFamily.allCases.map { family in
        all.firstIndex { $0.minorFamily == family && $0.ownsBareMinorUnit }
    }
}
