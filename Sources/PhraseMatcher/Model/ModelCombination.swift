/// Several applications heard at once, as Siri hears every installed app:
/// their models become one, each intent keeping its application, so one
/// matcher and one recognition grammar cover them all.
extension CommandModel {
    /// The models as one. Two applications with the same name (as said) are
    /// an error at the second, naming the first. A type two applications
    /// declare differently is kept apart, the later one renamed
    /// "Application.Type"; a type they share (from one included file) is kept once.
    public static func combining(_ models: [CommandModel]) throws(ModelLoadError) -> CommandModel {
        guard var combined = models.first else { return CommandModel(application: "") }
        guard models.count > 1 else { return combined }
        let first = combined
        combined.intents = first.intents.map(first.owned)
        var errors: [Diagnostic] = []
        for model in models.dropFirst() {
            for application in model.applications {
                // "Which app?" takes any of an application's names: no two may sound alike.
                let said = Set(application.names.map { TextNormalizer.words(of: $0) })
                if let first = combined.applications.first(where: { !said.isDisjoint(with: $0.names.map { TextNormalizer.words(of: $0) }) }) {
                    errors.append(clash(application, with: first))
                    continue
                }
                combined.applications.append(application)
            }
            combined.add(model)
        }
        guard errors.isEmpty else { throw ModelLoadError(diagnostics: errors) }
        return combined
    }

    private static func clash(_ application: Application, with first: Application) -> Diagnostic {
        let firstPlace = first.location?.location
        let message: String
        if TextNormalizer.words(of: application.name) == TextNormalizer.words(of: first.name) {
            message = "application \"\(application.name)\" is loaded twice; the first is " + (firstPlace.map { "from \($0)" } ?? "earlier")
        } else {
            message = "application \"\(application.name)\" has a name that sounds like application \"\(first.name)\""
                + (firstPlace.map { " (\($0))" } ?? "") + "; \"Which app?\" could not tell them apart"
        }
        return application.location?.reporting(.error, message)
            ?? Diagnostic(severity: .error, message: message, file: application.name, line: 0, column: 0)
    }

    /// The intent with its application written in, so it stays with it.
    private func owned(_ intent: Intent) -> Intent {
        var intent = intent
        intent.application = application(of: intent).name
        return intent
    }

    private mutating func add(_ model: CommandModel) {
        var renamed: [String: String] = [:]
        for type in model.types {
            guard let existing = self.type(named: type.name) else {
                types.append(type)
                continue
            }
            if existing == type { continue }
            var name = model.application + "." + type.name
            while self.type(named: name) != nil { name += "'" }
            renamed[type.name] = name
            var copy = type
            copy.name = name
            types.append(copy)
        }
        for intent in model.intents {
            var intent = model.owned(intent)
            for index in intent.parameters.indices {
                if case .custom(let name) = intent.parameters[index].type, let new = renamed[name] {
                    intent.parameters[index].type = .custom(new)
                }
            }
            intents.append(intent)
        }
        for filler in model.fillers where !fillers.contains(filler) { fillers.append(filler) }
        wordLocations.merge(model.wordLocations)
        warnings += model.warnings
    }
}
