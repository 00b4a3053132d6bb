/// One application whose intents the engine hears: its name (said in
/// `\(.applicationName)` phrases and in "Which app…?"), and how it
/// authenticates. A model file declares one; several loaded together share
/// one matcher.
public struct Application: Sendable, Hashable {
    /// The name said in `\(.applicationName)` phrases and offered in "Which app…?".
    public var name: String
    /// Other names people call it.
    public var synonyms: [String]
    /// The program that authenticates the session for intents that require it.
    public var authenticate: Handler?
    /// Seconds an authentication stays valid.
    public var authenticationTimeout: Double
    /// Where the model file names it, for clash errors; nil when built in code.
    public var location: Diagnostic?

    /// An application named `name`.
    public init(name: String, synonyms: [String] = [], authenticate: Handler? = nil, authenticationTimeout: Double = 300,
                location: Diagnostic? = nil) {
        self.name = name
        self.synonyms = synonyms
        self.authenticate = authenticate
        self.authenticationTimeout = authenticationTimeout
        self.location = location
    }

    /// The name and its synonyms: what `\(.applicationName)` matches.
    public var names: [String] { [name] + synonyms }
}
