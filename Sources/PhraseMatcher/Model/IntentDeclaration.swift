/// Intents declared in Swift, as App Intents declares them in code: the
/// phrases are checked as the model loader checks a file's.
extension Intent {
    /// An intent whose phrases are written as in a model file
    /// ("call \\(person) [on \\(phone)]"); each slot must name a parameter.
    public init(name: String, title: String? = nil, parameters: [Parameter] = [], phrases: [String],
                confirmation: String? = nil, requiresAuthentication: Bool = false, handler: Handler? = nil,
                replies: [String: String] = [:]) throws(ModelLoadError) {
        var parsed: [Phrase] = []
        for (index, text) in phrases.enumerated() {
            let place = "intent \(name), phrase \(index + 1)"
            let result: TemplateParser.Result
            do {
                result = try TemplateParser.parse(text)
            } catch {
                throw .phrase(text, in: place, error.message, offset: error.offset, length: error.length)
            }
            for slot in result.slots where !parameters.contains(where: { $0.name == slot.name }) {
                let known = parameters.map(\.name).joined(separator: ", ")
                throw .phrase(text, in: place, "names no parameter '\(slot.name)'; parameters are: \(known.isEmpty ? "none" : known)",
                              offset: slot.offset, length: slot.length)
            }
            parsed.append(Phrase(text: text, template: result.template))
        }
        self.init(name: name, title: title, parameters: parameters, phrases: parsed, confirmation: confirmation,
                  requiresAuthentication: requiresAuthentication, handler: handler, replies: replies)
    }
}
