/// What an application can do: its intents, their parameters and example
/// phrases, and the replies. Built from a model file by `ModelLoader` or in
/// code; compiled into a `Matcher` once.
public struct CommandModel: Sendable {
    public var application: String
    public var applicationSynonyms: [String]
    public var locale: String
    /// Words people add at the start or end of a command ("please").
    public var fillers: [String]
    /// Enum and entity types, in file order.
    public var types: [CustomType]
    /// Intents, in file order.
    public var intents: [Intent]
    /// Where each word is first written (empty for a model built in code).
    public var wordLocations = WordLocations()
    /// The program that authenticates the session for intents that require it.
    public var authenticate: Handler?
    /// Seconds an authentication stays valid.
    public var authenticationTimeout: Double
    /// Problems that do not stop the model from loading.
    public var warnings: [Diagnostic]

    public init(application: String, applicationSynonyms: [String] = [], locale: String = "en-US",
                fillers: [String] = [], types: [CustomType] = [], intents: [Intent] = [],
                authenticate: Handler? = nil, authenticationTimeout: Double = 300, warnings: [Diagnostic] = []) {
        self.application = application
        self.applicationSynonyms = applicationSynonyms
        self.locale = locale
        self.fillers = fillers
        self.types = types
        self.intents = intents
        self.authenticate = authenticate
        self.authenticationTimeout = authenticationTimeout
        self.warnings = warnings
    }

    public func type(named name: String) -> CustomType? { types.first { $0.name == name } }
    public func intent(named name: String) -> Intent? { intents.first { $0.name == name } }
}

/// An enum or entity type declared by the model.
public struct CustomType: Sendable {
    public enum Kind: Sendable {
        case enumeration([EnumCase])
        case entity([Entity])
    }

    public var name: String
    public var title: String
    public var kind: Kind

    public init(name: String, title: String, kind: Kind) {
        self.name = name
        self.title = title
        self.kind = kind
    }
}

/// One case of an enum type: matched by its title or any synonym.
public struct EnumCase: Sendable {
    public var identifier: String
    public var title: String
    public var synonyms: [String]

    public init(identifier: String, title: String, synonyms: [String] = []) {
        self.identifier = identifier
        self.title = title
        self.synonyms = synonyms
    }
}

/// One entity (a contact, a device…): matched by its name or any synonym.
public struct Entity: Sendable, Hashable {
    public var id: String
    public var name: String
    public var synonyms: [String]

    public init(id: String, name: String, synonyms: [String] = []) {
        self.id = id
        self.name = name
        self.synonyms = synonyms
    }
}
