import PhraseMatcher

/// A Swift type a parameter's value can be read as in a handler
/// (`request.value("minutes", as: Int.self)`): `Int`, `Double`, `Bool`,
/// `String` (text, an enum case's or an entity's identifier), `Duration`,
/// `Money`, `EntityID`, and an application's own `String`-backed enum of
/// the model's cases (`enum Size: String, ArgumentValue { case small, large }`).
public protocol ArgumentValue: Sendable {
    /// Nil when the value is of another kind.
    init?(slotValue: SlotValue)
}

extension Int: ArgumentValue {
    public init?(slotValue: SlotValue) {
        switch slotValue {
        case .integer(let value), .ordinal(let value): self = value
        default: return nil
        }
    }
}

extension Double: ArgumentValue {
    public init?(slotValue: SlotValue) {
        switch slotValue {
        case .number(let value): self = value
        case .integer(let value), .ordinal(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Bool: ArgumentValue {
    public init?(slotValue: SlotValue) {
        guard case .boolean(let value) = slotValue else { return nil }
        self = value
    }
}

extension String: ArgumentValue {
    public init?(slotValue: SlotValue) {
        switch slotValue {
        case .text(let text), .enumCase(let text), .entity(let text): self = text
        default: return nil
        }
    }
}

extension Duration: ArgumentValue {
    public init?(slotValue: SlotValue) {
        guard case .duration(let seconds) = slotValue else { return nil }
        self = .milliseconds(Int64((seconds * 1_000).rounded()))
    }
}

/// An amount of money and its ISO 4217 currency ("USD").
public struct Money: ArgumentValue, Hashable {
    /// The amount in whole units of the currency (5.5 for $5.50).
    public var amount: Double
    /// The currency's ISO 4217 code ("USD").
    public var currency: String

    /// `amount` of the currency whose ISO 4217 code is `currency`.
    public init(amount: Double, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    public init?(slotValue: SlotValue) {
        guard case .currency(let amount, let code) = slotValue else { return nil }
        self.init(amount: amount, currency: code)
    }
}

/// The identifier of one of the model's (or a query's) entities.
public struct EntityID: ArgumentValue, Hashable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public init?(slotValue: SlotValue) {
        guard case .entity(let id) = slotValue else { return nil }
        self.rawValue = id
    }
}

extension ArgumentValue where Self: RawRepresentable, RawValue == String {
    /// An enum case by its identifier in the model.
    public init?(slotValue: SlotValue) {
        guard case .enumCase(let identifier) = slotValue else { return nil }
        self.init(rawValue: identifier)
    }
}

extension HandlerRequest {
    /// The value of parameter `name` as a `V`; nil when it has none (an
    /// optional parameter not said). Throws when the intent has no such
    /// parameter, or its value is not a `V`: a mistake in the handler, named.
    public func value<V: ArgumentValue>(_ name: String, as type: V.Type = V.self) throws(VoiceCommandError) -> V? {
        guard let parameter = intent.parameter(named: name) else {
            let known = intent.parameters.map(\.name).joined(separator: ", ")
            throw VoiceCommandError("intent \(intent.name) has no parameter '\(name)'; " + (known.isEmpty ? "it has none" : "parameters are: \(known)"))
        }
        guard let resolved = values[name] else { return nil }
        guard let value = V(slotValue: resolved.value) else {
            throw VoiceCommandError("parameter \(name) of intent \(intent.name) is of type \(parameter.type.name), which is not read as \(V.self)")
        }
        return value
    }

    /// The value of a duration parameter; nil when it has none.
    public func duration(_ name: String) throws(VoiceCommandError) -> Duration? { try value(name) }
}
