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

    /// The model files named, a folder standing for the model files directly
    /// in it (in name order), combined into one model of several
    /// applications. In a folder, a JSON file whose top level is an array,
    /// or an object with only "entities", is an entity file, read when a
    /// model names it; every other is a model. Every file is read and every
    /// error reported, one bad file not hiding another's problems.
    public static func load(paths: [String]) throws(ModelLoadError) -> (model: CommandModel, files: [String]) {
        var named: [(path: String, inFolder: Bool)] = []
        var errors: [Diagnostic] = []
        var folders: [(path: String, firstFile: Int, count: Int)] = []
        var folderOfFile: [Int: String] = [:]
        for path in paths {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                let names: [String]
                do {
                    names = try FileManager.default.contentsOfDirectory(atPath: path)
                } catch {
                    errors.append(Diagnostic(severity: .error, message: "cannot read the folder: \(SystemReason.of(error))",
                                             file: path, line: 0, column: 0))
                    continue
                }
                let jsonFiles = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
                folders.append((path, named.count, jsonFiles.count))
                for index in named.count..<(named.count + jsonFiles.count) { folderOfFile[index] = path }
                named += jsonFiles.map { ((path as NSString).appendingPathComponent($0), true) }
            } else {
                named.append((path, false))
            }
        }
        var models: [CommandModel] = []
        var files: [String] = []
        var isModel = [Bool](repeating: false, count: named.count)
        for (index, file) in named.enumerated() {
            do {
                // A folder's member is read only when it lies in the folder
                // (a link in it may lead anywhere); a file named is the user's.
                let text = try readText(path: file.path, displayName: file.path, inside: folderOfFile[index])
                let source = SourceFile(name: file.path, text: text)
                let (root, deferredLists) = try PositionedJSONParser.parseDeferringLongLists(source)
                if file.inFolder, Self.isEntityFile(root) { continue }
                isModel[index] = true
                models.append(try load(source: source, root: root, deferredLists: deferredLists,
                                       baseDirectory: (file.path as NSString).deletingLastPathComponent, path: file.path))
                files.append(file.path)
            } catch {
                isModel[index] = true
                errors += error.diagnostics
            }
        }
        for folder in folders where !isModel[folder.firstFile..<(folder.firstFile + folder.count)].contains(true) {
            errors.append(Diagnostic(severity: .error, message: "the folder holds no model files (*.json other than entity files); "
                                     + "entity files beside them are read when a model names them",
                                     file: folder.path, line: 0, column: 0))
        }
        guard errors.isEmpty else { throw ModelLoadError(diagnostics: errors) }
        return (try CommandModel.combining(models), files)
    }

    /// Whether a JSON file's top level is an entity file's: a list of
    /// entities, or an object holding only "entities".
    static func isEntityFile(_ root: JSONNode) -> Bool {
        switch root.value {
        case .array: true
        case .object(let members): !members.isEmpty && members.allSatisfy { $0.key == "entities" }
        default: false
        }
    }

    /// Loads a model from its text; `name` is used in diagnostics.
    public static func load(text: String, name: String, baseDirectory: String? = nil) throws(ModelLoadError) -> CommandModel {
        try load(text: text, name: name, baseDirectory: baseDirectory, path: nil)
    }

    private static func load(text: String, name: String, baseDirectory: String?, path: String?) throws(ModelLoadError) -> CommandModel {
        let source = SourceFile(name: name, text: text)
        let (root, deferredLists) = try PositionedJSONParser.parseDeferringLongLists(source)
        return try load(source: source, root: root, deferredLists: deferredLists, baseDirectory: baseDirectory, path: path)
    }

    /// `deferredLists`: the long lists of entities the parse left to be read one at a time.
    private static func load(source: SourceFile, root: JSONNode, deferredLists: Set<Int>, baseDirectory: String?,
                             path: String?) throws(ModelLoadError) -> CommandModel {
        var reader = ModelReader(source: source, baseDirectory: baseDirectory, path: path)
        reader.deferredLists = deferredLists
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

    static func readText(path: String, displayName: String, inside folder: String? = nil) throws(ModelLoadError) -> String {
        do {
            return try ModelFileText.read(path: path, displayName: displayName, what: "the model file", inside: folder)
        } catch {
            switch error {
            case .unreadable(let failure):
                throw ModelLoadError(diagnostics: [Diagnostic(severity: .error, message: "cannot read the model file: \(failure.reason)",
                                                              file: displayName, line: 0, column: 0)])
            case .notText(let diagnostic):
                throw ModelLoadError(diagnostics: [diagnostic])
            }
        }
    }
}
