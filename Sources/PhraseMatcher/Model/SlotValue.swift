/// A typed value extracted from the words of one slot.
public enum SlotValue: Sendable, Hashable {
    /// A whole number.
    case integer(Int)
    /// A number with a fraction.
    case number(Double)
    /// A position ("third" is 3).
    case ordinal(Int)
    /// A duration in seconds.
    case duration(seconds: Double)
    /// An amount of money; `code` is an ISO 4217 code such as "USD".
    case currency(amount: Double, code: String)
    /// Yes or no.
    case boolean(Bool)
    /// Free text, as spoken: the original characters of its span.
    case text(String)
    /// An enum case identifier.
    case enumCase(String)
    /// An entity identifier.
    case entity(String)
    /// Several entities fit the words: the ids, in model order.
    case ambiguousEntities([String])
}
