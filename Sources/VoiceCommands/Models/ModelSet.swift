import Foundation
import PhraseMatcher
import SpeechFront

/// The command models an application hears, with their pronunciations and
/// the person's shortcuts joined to them: what every part of voicecmd
/// (matching, recognition, sessions) is built from.
public struct ModelSet: Sendable {
    /// The models as one, with the person's shortcuts once joined.
    public private(set) var model: CommandModel
    /// The model's matcher, compiled once per load and shared by whoever
    /// hears the models (engines, sessions, every transcription worker).
    public private(set) var matcher: Matcher
    /// The model files read (a folder's one by one, in order); empty for a
    /// model made in code or the built-in one.
    public var files: [String]
    /// Pronunciations of the models' own words: those of every model file's
    /// `.dict` (where two give a word, the earlier file's wins), or those
    /// given with a model made in code.
    public var pronunciations: [String: String]
    /// How many phrases the person's shortcuts added.
    public var shortcutCount = 0

    /// The first model file: the recogniser reads its `.dict` itself and
    /// names it in errors.
    public var modelPath: String? { files.first }

    /// A model made in code (or from text), with the pronunciations of words
    /// the dictionary lacks, checked as a model file is (`CommandModel.problems()`).
    public init(model: CommandModel, pronunciations: [String: String] = [:]) throws(ModelLoadError) {
        self.init(sound: try model.checked(), pronunciations: pronunciations)
    }

    /// A model already checked (the loader checked the files).
    private init(sound model: CommandModel, pronunciations: [String: String]) {
        self.model = model
        self.matcher = Matcher(model: model)
        self.files = []
        self.pronunciations = pronunciations
    }

    /// The models of `paths` (files, or folders of them), loaded together as
    /// `ModelLoader.load(paths:)` does, each with the `.dict` beside it (a
    /// `.dict` that cannot be used is an error of the model, at its line).
    public static func load(paths: [String]) throws(ModelLoadError) -> ModelSet {
        let (model, files) = try ModelLoader.load(paths: paths)
        var pronunciations: [String: String] = [:]
        var problems: [Diagnostic] = []
        for file in files {
            let path = Pronunciations.overridePath(forModel: file)
            guard FileManager.default.fileExists(atPath: path) else { continue }
            do {
                pronunciations.merge(try Pronunciations.entries(ofDictionary: path, inside: Pronunciations.modelFolder(file))) { earlier, _ in earlier }
            } catch {
                problems.append(Diagnostic(severity: .error, message: error.reason, file: error.file, line: error.line, column: error.column,
                                           sourceLine: error.sourceLine))
            }
        }
        guard problems.isEmpty else { throw ModelLoadError(diagnostics: problems) }
        var set = ModelSet(sound: model, pronunciations: pronunciations)
        set.files = files
        return set
    }

    /// Joins the shortcuts of `store` to the models. Shortcuts that cannot
    /// be used are left out, and so is the whole file when it cannot be
    /// read: a person's typo never stops the application. Returns why, one
    /// message each.
    @discardableResult
    public mutating func joinShortcuts(from store: ShortcutStore) -> [String] {
        let shortcuts: [Shortcut]
        do {
            shortcuts = try store.read()
        } catch {
            return ["shortcuts are not used: \(error.message)"]
        }
        guard !shortcuts.isEmpty else { return [] }
        let before = model.warnings.count
        let phrases = model.intents.reduce(0) { $0 + $1.phrases.count }
        model = model.adding(shortcuts, from: store.path, matcher: matcher)
        shortcutCount += model.intents.reduce(0) { $0 + $1.phrases.count } - phrases
        let problems = model.warnings[before...].map(\.message)
        model.warnings.removeSubrange(before...)
        matcher = Matcher(model: model)
        return problems
    }
}
