import Foundation

/// Reads a command model file (JSON, see command-model.md) into a
/// `CommandModel`. Every problem is reported with file:line:column; a model
/// with any error is never returned partly loaded.
public enum ModelLoader {
    /// Loads the model at `path`; entity files are found relative to it.
    public static func load(path: String) throws(ModelLoadError) -> CommandModel {
        let text = try readText(path: path, displayName: path)
        return try load(text: text, name: path, baseDirectory: (path as NSString).deletingLastPathComponent)
    }

    /// Loads a model from its text; `name` is used in diagnostics.
    public static func load(text: String, name: String, baseDirectory: String? = nil) throws(ModelLoadError) -> CommandModel {
        let source = SourceFile(name: name, text: text)
        let root: JSONNode
        do {
            root = try PositionedJSONParser.parse(source)
        } catch {
            throw ModelLoadError(diagnostics: [error])
        }
        var reader = ModelReader(source: source, baseDirectory: baseDirectory)
        let model = reader.readModel(root)
        let errors = reader.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, var model else { throw ModelLoadError(diagnostics: errors.isEmpty ? reader.diagnostics : errors) }
        model.warnings = reader.diagnostics.filter { $0.severity == .warning }
        return model
    }

    static func readText(path: String, displayName: String) throws(ModelLoadError) -> String {
        do {
            return try ModelFileText.read(path: path, displayName: displayName, what: "the model file")
        } catch {
            switch error {
            case .unreadable(let reason):
                throw ModelLoadError(diagnostics: [Diagnostic(severity: .error, message: "cannot read the model file: \(reason)",
                                                              file: displayName, line: 0, column: 0)])
            case .notText(let diagnostic):
                throw ModelLoadError(diagnostics: [diagnostic])
            }
        }
    }
}
