/// What one application, or several loaded together, can do: the intents,
/// their parameters and example phrases, and the replies. Built from model
/// files by `ModelLoader` (several by `CommandModel.combining`) or in code;
/// compiled into a `Matcher` once.
public struct CommandModel: Sendable {
    /// The applications whose intents these are; the first one owns an
    /// intent that names none.
    public var applications: [Application]
    public var locale: String
    /// Words people add at the start or end of a command ("please").
    public var fillers: [String]
    /// Enum and entity types, in file order.
    public var types: [CustomType]
    /// Intents, in file order.
    public var intents: [Intent]
    /// Where each word is first written (empty for a model built in code).
    public var wordLocations = WordLocations()
    /// Problems that do not stop the model from loading.
    public var warnings: [Diagnostic]

    public init(application: String, applicationSynonyms: [String] = [], locale: String = "en-US",
                fillers: [String] = [], types: [CustomType] = [], intents: [Intent] = [],
                authenticate: Handler? = nil, authenticationTimeout: Double = 300, warnings: [Diagnostic] = []) {
        self.init(applications: [Application(name: application, synonyms: applicationSynonyms, authenticate: authenticate,
                                             authenticationTimeout: authenticationTimeout)],
                  locale: locale, fillers: fillers, types: types, intents: intents, warnings: warnings)
    }

    public init(applications: [Application], locale: String = "en-US", fillers: [String] = [], types: [CustomType] = [],
                intents: [Intent] = [], warnings: [Diagnostic] = []) {
        self.applications = applications.isEmpty ? [Application(name: "")] : applications
        self.locale = locale
        self.fillers = fillers
        self.types = types
        self.intents = intents
        self.warnings = warnings
    }

    /// The first application's name (the only one of a single model file).
    public var application: String {
        get { applications[0].name }
        set { applications[0].name = newValue }
    }

    public var applicationSynonyms: [String] {
        get { applications[0].synonyms }
        set { applications[0].synonyms = newValue }
    }

    public var authenticate: Handler? {
        get { applications[0].authenticate }
        set { applications[0].authenticate = newValue }
    }

    public var authenticationTimeout: Double {
        get { applications[0].authenticationTimeout }
        set { applications[0].authenticationTimeout = newValue }
    }

    public func type(named name: String) -> CustomType? { types.first { $0.name == name } }

    /// The intent of that name; of the application named, when several have one.
    public func intent(named name: String, in application: String? = nil) -> Intent? {
        intents.first { $0.name == name && (application == nil || self.application(of: $0).name == application) }
    }

    /// The application an intent belongs to.
    public func application(of intent: Intent) -> Application {
        applications.first { $0.name == intent.application } ?? applications[0]
    }

    public func application(named name: String) -> Application? { applications.first { $0.name == name } }
}

/// An enum or entity type declared by the model.
public struct CustomType: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case enumeration([EnumCase])
        case entity([Entity])
    }

    public var name: String
    public var title: String
    public var kind: Kind
    /// Where the model declares it, for clash errors; nil when built in code.
    public var location: Diagnostic?

    public init(name: String, title: String, kind: Kind, location: Diagnostic? = nil) {
        self.name = name
        self.title = title
        self.kind = kind
        self.location = location
    }

    /// The same type whatever file declares it: two applications declaring
    /// one Contact alike share it.
    public static func == (lhs: CustomType, rhs: CustomType) -> Bool {
        lhs.name == rhs.name && lhs.title == rhs.title && lhs.kind == rhs.kind
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(title)
        hasher.combine(kind)
    }
}

/// One case of an enum type: matched by its title or any synonym.
public struct EnumCase: Sendable, Hashable {
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
