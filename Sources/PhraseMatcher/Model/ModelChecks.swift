/// The checks a model file gets that a model made in code would otherwise
/// escape (its phrases are checked as they are made): parameters of types
/// the model does not declare, min above max, defaults out of range or not
/// a case, summaries and handler arguments naming no parameter. The
/// messages are the loader's; a model in code has no file positions, so
/// each names where it is ("model \"Music\"").
extension CommandModel {
    /// Every problem the loader would report if the model were a file; empty when it is sound.
    public func problems() -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for intent in intents {
            let place = "model \"\(application(of: intent).name)\""
            func report(_ message: String) {
                problems.append(Diagnostic(severity: .error, message: message, file: place, line: 0, column: 0))
            }
            let known = intent.parameters.map(\.name).joined(separator: ", ")
            let parametersAre = known.isEmpty ? "it has no parameters" : "parameters are: \(known)"
            for parameter in intent.parameters {
                checkParameter(parameter, of: intent, report)
            }
            if let summary = intent.summary {
                do {
                    let template = try SummaryTemplate(summary)
                    for slot in template.slots where intent.parameter(named: slot.name) == nil {
                        report("the summary of intent \(intent.name) names no parameter '\(slot.name)'; \(parametersAre)")
                    }
                    if template.slots.isEmpty {
                        report("the summary of intent \(intent.name) names no parameter; a summary shows the values the intent will use, "
                              + "as in \"Order a \\(size) \\(beverage)\"")
                    }
                } catch {
                    report("the summary of intent \(intent.name) \(ModelReader.quoted(summary)): \(error.message)")
                }
            }
            for argument in intent.handler?.arguments ?? [] {
                for (_, name) in Handler.placeholders(in: argument) where intent.parameter(named: name) == nil {
                    report("handler argument \"\(argument)\" names no parameter '\(name)' of intent \(intent.name); \(parametersAre)")
                }
            }
        }
        return problems
    }

    /// The model, or the error listing its `problems()`.
    public func checked() throws(ModelLoadError) -> CommandModel {
        let problems = problems()
        guard problems.isEmpty else { throw ModelLoadError(diagnostics: problems) }
        return self
    }

    private func checkParameter(_ parameter: Parameter, of intent: Intent, _ error: (String) -> Void) {
        let name = parameter.name
        if case .custom(let typeName) = parameter.type, type(named: typeName) == nil {
            let known = ParameterType.builtIn.keys.sorted() + types.map(\.name)
            let suggestion = ModelReader.closest(to: typeName, in: known).map { "; did you mean \"\($0)\"?" }
            error("unknown type \"\(typeName)\" for parameter \(name) of intent \(intent.name)"
                  + (suggestion ?? "; types are: \(known.joined(separator: ", "))"))
            return
        }
        if let minimum = parameter.minimum, let maximum = parameter.maximum, minimum > maximum {
            error("parameter \(name) has min \(ModelReader.format(minimum)) above max \(ModelReader.format(maximum))")
        }
        if let number = parameter.defaultValue?.numericValue {
            if let minimum = parameter.minimum, number < minimum { error("the default of \(name) is below its min \(ModelReader.format(minimum))") }
            if let maximum = parameter.maximum, number > maximum { error("the default of \(name) is above its max \(ModelReader.format(maximum))") }
        }
        guard case .custom(let typeName) = parameter.type, let value = parameter.defaultValue, let custom = type(named: typeName) else { return }
        let what = "the default of parameter \(name)"
        switch (custom.kind, value) {
        case (.enumeration(let cases), .enumCase(let identifier)) where !cases.contains(where: { $0.identifier == identifier }):
            error("\(what) is \"\(identifier)\", which is not a case of \(typeName); cases are: \(cases.map(\.identifier).joined(separator: ", "))")
        // Entities an application's query lists come later: only a list the model holds is checked.
        case (.entity(let entities), .entity(let id)) where !entities.isEmpty && !entities.contains(where: { $0.id == id }):
            error("\(what) is \"\(id)\", which is not an entity id of \(typeName)")
        default:
            break
        }
    }
}
