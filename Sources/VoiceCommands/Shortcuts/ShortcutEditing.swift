import Foundation
import PhraseMatcher
import SpeechFront

/// A shortcut as added: what its sentence meant, and the values it presets.
public struct AddedShortcut: Sendable {
    /// The shortcut as stored.
    public var shortcut: Shortcut
    /// The sentence's match by the models.
    public var match: Match
    /// The values the sentence gave that the phrase now stands for.
    public var presetArguments: [Argument]
}

extension ShortcutStore {
    /// Makes `phrase` stand for `sentence` (Siri Shortcuts): the sentence is
    /// matched by `models` alone, as it is each time the shortcuts are
    /// loaded, and its intent and values become the phrase's; `asked` names
    /// required parameters left open, to be asked each time. Refused, with
    /// the reason: a sentence no intent (or two applications equally)
    /// fits, a phrase that cannot stand for it, a word the recogniser
    /// cannot pronounce (it would stop every recogniser from starting), a
    /// phrase the models or the shortcuts so far already understand.
    public func add(phrase: String, sentence: String, asked: [String] = [], to models: ModelSet) throws(VoiceCommandError) -> AddedShortcut {
        let model = models.model
        let matcher = models.matcher
        let result = matcher.match(sentence)
        guard let best = result.best else {
            throw VoiceCommandError("the sentence \"\(sentence)\" matches no intent; a shortcut stands for a sentence voicecmd understands")
        }
        guard result.tiedApplications.isEmpty else {
            throw VoiceCommandError("the sentence \"\(sentence)\" fits both \(result.tiedApplications.joined(separator: " and ")); "
                                  + "name the app in it so the shortcut knows which")
        }
        // A parameter named twice is asked once.
        let asked = asked.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let shortcut = Shortcut(phrase: phrase, application: best.application, intent: best.intent, sentence: sentence, asked: asked)
        let intent: Int, compiled: Phrase
        do {
            (intent, compiled) = try model.shortcutPhrase(shortcut, matcher: matcher)
        } catch {
            throw VoiceCommandError("\"\(phrase)\" cannot stand for \"\(sentence)\": \(error.message)",
                                    hint: error.askable.map { .leaveOpen(parameter: $0) })
        }
        if let files = try? SpeechModelFiles.locate() {
            let missing: [Pronunciations.MissingWord]
            do {
                missing = try Pronunciations.missingWords(in: compiled.template.words, dictionaryPath: files.dictionary,
                                                          modelPath: models.modelPath, builtIn: models.pronunciations)
            } catch {
                throw VoiceCommandError(error.message)
            }
            if let word = missing.first(where: { $0.phones == nil }) {
                throw VoiceCommandError("the recogniser cannot pronounce \"\(word.word)\" of \"\(phrase)\"; use words of the letters a to z")
            }
        }
        if let owner = Self.owner(of: compiled, for: model.intents[intent], in: Matcher(model: model.adding(try read(), matcher: matcher))) {
            throw VoiceCommandError("\"\(phrase)\" already means \(owner); choose another phrase")
        }
        try update { (shortcuts: inout [Shortcut]) throws(VoiceCommandError) in
            if let same = shortcuts.first(where: { $0.hasPhrase(phrase) }) {
                throw VoiceCommandError("\"\(same.phrase)\" is already a shortcut for \(same.intent); remove it first")
            }
            shortcuts.append(shortcut)
        }
        return AddedShortcut(shortcut: shortcut, match: best, presetArguments: compiled.presetArguments)
    }

    /// Removes the shortcut said as `phrase`, and returns it.
    @discardableResult
    public func remove(phrase: String) throws(VoiceCommandError) -> Shortcut {
        var removed: Shortcut?
        try update { (shortcuts: inout [Shortcut]) throws(VoiceCommandError) in
            guard let index = shortcuts.firstIndex(where: { $0.hasPhrase(phrase) }) else {
                throw VoiceCommandError("there is no shortcut \"\(phrase)\"")
            }
            removed = shortcuts.remove(at: index)
        }
        return removed!
    }

    /// The intent some phrase of the models already gives the shortcut's
    /// words (each way of saying it, slots filled with sample values of
    /// `intent`'s parameters).
    private static func owner(of phrase: Phrase, for intent: Intent, in matcher: Matcher) -> String? {
        let model = matcher.model
        for sentence in PhraseExamples.sentences(for: phrase, of: intent, in: model, limit: 16) {
            if let match = matcher.match(sentence).best {
                return model.applications.count > 1 ? "\(match.intent) of \(match.application)" : match.intent
            }
        }
        return nil
    }
}
