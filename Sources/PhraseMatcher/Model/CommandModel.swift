/// What one application, or several loaded together, can do: the intents,
/// their parameters and example phrases, and the replies. Built from model
/// files by `ModelLoader` (several by `CommandModel.combining`) or in code;
/// compiled into a `Matcher` once.
public struct CommandModel: Sendable {
    /// The applications whose intents these are; the first one owns an
    /// intent that names none.
    public var applications: [Application]
    /// The language of the phrases; only "en-US" is understood.
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

    /// A model of one application.
    public init(application: String, applicationSynonyms: [String] = [], locale: String = "en-US",
                fillers: [String] = [], types: [CustomType] = [], intents: [Intent] = [],
                authenticate: Handler? = nil, authenticationTimeout: Double = 300, warnings: [Diagnostic] = []) {
        self.init(applications: [Application(name: application, synonyms: applicationSynonyms, authenticate: authenticate,
                                             authenticationTimeout: authenticationTimeout)],
                  locale: locale, fillers: fillers, types: types, intents: intents, warnings: warnings)
    }

    /// A model of several applications heard together.
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

    /// The first application's other names.
    public var applicationSynonyms: [String] {
        get { applications[0].synonyms }
        set { applications[0].synonyms = newValue }
    }

    /// The program that authenticates for the first application.
    public var authenticate: Handler? {
        get { applications[0].authenticate }
        set { applications[0].authenticate = newValue }
    }

    /// Seconds an authentication holds for the first application.
    public var authenticationTimeout: Double {
        get { applications[0].authenticationTimeout }
        set { applications[0].authenticationTimeout = newValue }
    }

    /// The enum or entity type of that name; nil when the model declares none.
    public func type(named name: String) -> CustomType? { types.first { $0.name == name } }

    /// The intent of that name; of the application named, when several have one.
    public func intent(named name: String, in application: String? = nil) -> Intent? {
        intents.first { $0.name == name && (application == nil || self.application(of: $0).name == application) }
    }

    /// The application an intent belongs to.
    public func application(of intent: Intent) -> Application {
        applications.first { $0.name == intent.application } ?? applications[0]
    }

    /// The application of that name; nil when none is loaded.
    public func application(named name: String) -> Application? { applications.first { $0.name == name } }
}

/// An enum or entity type declared by the model.
public struct CustomType: Sendable, Hashable {
    /// What a type's values are.
    public enum Kind: Sendable, Hashable {
        /// A fixed set of cases, each with its words.
        case enumeration([EnumCase])
        /// Named things, which an application may change while it runs.
        case entity([Entity])
    }

    /// The name parameters give as their type.
    public var name: String
    /// How replies and questions speak of it ("Which contact…?").
    public var title: String
    /// Its cases or entities.
    public var kind: Kind
    /// Where the model declares it, for clash errors; nil when built in code.
    public var location: Diagnostic?

    /// A type named `name`; `location` is where a file declares it.
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
    /// The value handlers receive.
    public var identifier: String
    /// How it is said and shown.
    public var title: String
    /// Other words for it.
    public var synonyms: [String]

    /// A case `identifier`, said as `title` or any synonym.
    public init(identifier: String, title: String, synonyms: [String] = []) {
        self.identifier = identifier
        self.title = title
        self.synonyms = synonyms
    }
}

/// One entity (a contact, a device…): matched by its name or any synonym.
public struct Entity: Sendable, Hashable {
    /// The value handlers receive.
    public var id: String
    /// How it is said and shown.
    public var name: String
    /// Other names for it, whole ("Mom", "Alex").
    public var synonyms: [String]

    /// An entity `id`, said as `name` or any synonym.
    public init(id: String, name: String, synonyms: [String] = []) {
        self.id = id
        self.name = name
        self.synonyms = synonyms
    }
}
