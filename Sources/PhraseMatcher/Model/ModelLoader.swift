import Foundation

/// Reads a command model file (JSON, see command-model.md) into a
/// `CommandModel`. Every problem is reported with file:line:column; a model
/// with any error is never returned partly loaded.
public enum ModelLoader {
    /// Loads the model at `path`; entity files are found relative to it.
    public static func load(path: String) throws(ModelLoadError) -> CommandModel {
        let text = try readText(path: path, displayName: path)
        return try load(text: text, name: path, baseDirectory: (path as NSString).deletingLastPathComponent, path: path)
    }

    /// The model files named, a folder standing for the `.json` files
    /// directly in it (in name order), combined into one model of several
    /// applications. Every file is read and every error reported, one bad
    /// file not hiding another's problems.
    public static func load(paths: [String]) throws(ModelLoadError) -> (model: CommandModel, files: [String]) {
        var files: [String] = []
        var errors: [Diagnostic] = []
        for path in paths {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                let names: [String]
                do {
                    names = try FileManager.default.contentsOfDirectory(atPath: path)
                } catch {
                    errors.append(Diagnostic(severity: .error, message: "cannot read the folder: \(error.localizedDescription)",
                                             file: path, line: 0, column: 0))
                    continue
                }
                let models = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
                if models.isEmpty {
                    errors.append(Diagnostic(severity: .error, message: "the folder holds no model files (*.json); "
                                             + "entity and included files go in a folder below it", file: path, line: 0, column: 0))
                }
                files += models.map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        var models: [CommandModel] = []
        for file in files {
            do {
                models.append(try load(path: file))
            } catch {
                errors += error.diagnostics
            }
        }
        guard errors.isEmpty else { throw ModelLoadError(diagnostics: errors) }
        return (try CommandModel.combining(models), files)
    }

    /// Loads a model from its text; `name` is used in diagnostics.
    public static func load(text: String, name: String, baseDirectory: String? = nil) throws(ModelLoadError) -> CommandModel {
        try load(text: text, name: name, baseDirectory: baseDirectory, path: nil)
    }

    private static func load(text: String, name: String, baseDirectory: String?, path: String?) throws(ModelLoadError) -> CommandModel {
        let source = SourceFile(name: name, text: text)
        let root = try parse(source)
        var reader = ModelReader(source: source, baseDirectory: baseDirectory, path: path)
        let model = reader.readModel(root)
        let errors = reader.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, var model else { throw ModelLoadError(diagnostics: errors.isEmpty ? reader.diagnostics : errors) }
        model.warnings = reader.diagnostics.filter { $0.severity == .warning }
        return model
    }

    /// The JSON of a model or shortcuts file; a syntax error is the one diagnostic.
    static func parse(_ source: SourceFile) throws(ModelLoadError) -> JSONNode {
        try PositionedJSONParser.parse(source)
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
