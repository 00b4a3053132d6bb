/// The shortcuts file: `{"shortcuts": [{"phrase", "application",
/// "intent", "sentence", "ask"}]}`, read with file:line:column errors and
/// written in a fixed member order, one shortcut per line.
package enum ShortcutFile {
    /// Shortcuts kept at most: far more than anyone says, few enough that
    /// every subcommand's start-up stays quick.
    package static let maximumCount = 1_000

    package static func parse(_ text: String, name: String) throws(ModelLoadError) -> [Shortcut] {
        let source = SourceFile(name: name, text: text)
        let root = try ModelLoader.parse(source)
        func failure(_ message: String, _ node: JSONNode) -> ModelLoadError {
            ModelLoadError(diagnostics: [Diagnostic(.error, message, in: source, at: node.offset, byteLength: node.length)])
        }
        guard case .object(let members) = root.value, let list = members.first(where: { $0.key == "shortcuts" }) else {
            throw failure("a shortcuts file is an object with a \"shortcuts\" array", root)
        }
        guard case .array(let elements) = list.value.value else { throw failure("\"shortcuts\" must be an array", list.value) }
        guard elements.count <= maximumCount else {
            throw failure("\(elements.count) shortcuts; at most \(maximumCount) are kept", list.value)
        }
        var shortcuts: [Shortcut] = []
        for element in elements {
            guard case .object(let fields) = element.value else { throw failure("each shortcut must be an object", element) }
            func text(_ key: String) throws(ModelLoadError) -> String {
                guard let field = fields.first(where: { $0.key == key }) else { throw failure("the shortcut has no \"\(key)\"", element) }
                guard case .string(let value) = field.value.value, !value.isEmpty else {
                    throw failure("\"\(key)\" must be a non-empty string", field.value)
                }
                return value
            }
            var asked: [String] = []
            if let ask = fields.first(where: { $0.key == "ask" }) {
                guard case .array(let names) = ask.value.value else { throw failure("\"ask\" must be an array of parameter names", ask.value) }
                for name in names {
                    guard case .string(let value) = name.value else { throw failure("\"ask\" must be an array of parameter names", name) }
                    asked.append(value)
                }
            }
            shortcuts.append(Shortcut(phrase: try text("phrase"), application: try text("application"), intent: try text("intent"),
                                      sentence: try text("sentence"), asked: asked))
        }
        return shortcuts
    }

    package static func serialize(_ shortcuts: [Shortcut]) -> String {
        let lines = shortcuts.map { "    " + json($0).serialized }
        return "{\n  \"shortcuts\": [\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    /// One shortcut as the file holds it (and `shortcut list --json` prints it).
    package static func json(_ shortcut: Shortcut) -> JSONOutput {
        .object([
            ("phrase", .string(shortcut.phrase)), ("application", .string(shortcut.application)),
            ("intent", .string(shortcut.intent)), ("sentence", .string(shortcut.sentence)),
            ("ask", .array(shortcut.asked.map(JSONOutput.string))),
        ])
    }
}
