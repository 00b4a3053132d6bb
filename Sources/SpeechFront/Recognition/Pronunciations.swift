import Foundation
import PhraseMatcher

/// Pronunciations for words the dictionary lacks: from a dictionary file next
/// to the model (`<model>.dict`, lines of `word PH O N E S`), else guessed with
/// flite's letter-to-sound rules (`LetterToSound`).
public enum Pronunciations {

    /// The override dictionary beside a model file: `home.json` → `home.dict`.
    public static func overridePath(forModel path: String) -> String {
        (path as NSString).deletingPathExtension + ".dict"
    }

    /// The folder a model's `.dict` must lie in: the model file's own.
    public static func modelFolder(_ modelPath: String) -> String {
        let folder = (modelPath as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Reads `word PHONES…` lines; `#` starts a comment. With `folder`, a
    /// file a model names: read only when what is opened lies in it.
    public static func readDictionary(path: String, inside folder: String? = nil) throws(SpeechError) -> [String: String] {
        do {
            return try entries(ofDictionary: path, inside: folder)
        } catch {
            throw error.speechError
        }
    }

    /// `word PHONES…` lines of a dictionary named `name` in errors.
    public static func parseDictionary(_ text: String, name: String) throws(SpeechError) -> [String: String] {
        do {
            return try entries(of: text, name: name)
        } catch {
            throw error.speechError
        }
    }

    /// A dictionary file that cannot be used: where (line 0: the file as a
    /// whole) and why. A model's `.dict` is part of the model, so a model
    /// loader reports it as it reports the model's own mistakes.
    package struct DictionaryProblem: Error, Sendable {
        package var file: String
        package var line: Int
        /// In Unicode scalars from 1, as model diagnostics count.
        package var column: Int
        package var reason: String
        /// The line as written, for a caret under the column.
        package var sourceLine = ""

        var speechError: SpeechError {
            SpeechError(line > 0 ? "\(file):\(line):\(column): \(reason)" : "\(file): \(reason)")
        }
    }

    /// The entries of the dictionary file at `path`, read only when what is
    /// opened lies in `folder`, when given.
    package static func entries(ofDictionary path: String, inside folder: String? = nil) throws(DictionaryProblem) -> [String: String] {
        let text: String
        do {
            text = String(decoding: try BoundedFileReader.read(path, limit: largestDictionary, inside: folder), as: UTF8.self)
        } catch {
            throw DictionaryProblem(file: path, line: 0, column: 0, reason: "cannot read the pronunciation dictionary: \(error.reason)")
        }
        return try entries(of: text, name: path)
    }

    package static func entries(of text: String, name: String) throws(DictionaryProblem) -> [String: String] {
        var entries: [String: String] = [:]
        // "\r\n" is one Character, a newline like "\n".
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: \.isWhitespace)
            guard !fields.isEmpty else { continue }
            func problem(_ reason: String, at field: Substring) -> DictionaryProblem {
                let column = line.unicodeScalars.distance(from: line.startIndex, to: field.startIndex) + 1
                return DictionaryProblem(file: name, line: number + 1, column: column, reason: reason, sourceLine: String(line))
            }
            guard fields.count >= 2 else { throw problem("a word needs at least one phone", at: fields[0]) }
            if let bad = fields.dropFirst().first(where: { !cmuPhones.contains($0.uppercased()) }) {
                throw problem("'\(bad.uppercased())' is not a CMU phone (AA AE AH … ZH)", at: bad)
            }
            entries[fields[0].lowercased()] = fields.dropFirst().map { $0.uppercased() }.joined(separator: " ")
        }
        return entries
    }

    /// The largest pronunciation dictionary read: CMU's is 3.2 MB.
    package static let largestDictionary = 64 << 20

    static let cmuPhones = Set(PhoneCodes.cmu)

    /// flite's guess for a word, in CMU phones; nil when it gives nothing
    /// usable (no a–z letters, or longer than a model allows).
    public static func guess(_ word: String) -> String? {
        LetterToSound.shared.phones(for: word)
    }
}

extension Pronunciations {
    /// A word of a model's grammar that the pronunciation dictionary lacks,
    /// with the pronunciation the recogniser will use and where it comes from.
    public struct MissingWord: Sendable, Equatable {
        /// The word the dictionary lacks.
        public var word: String
        /// Its pronunciation in CMU phones; nil when there is neither an override
        /// nor a guess.
        public var phones: String?
        /// Where the pronunciation comes from: "dictionary file" or "guessed by flite".
        public var source: String
    }

    /// The grammar words of `model` missing from the dictionary at
    /// `dictionaryPath`, in order, with their override or guess.
    /// `builtIn`: overrides that come with a model that has no file (the built-in one).
    public static func missingWords(in grammarWords: [String], dictionaryPath: String,
                                    modelPath: String?, builtIn: [String: String] = [:]) throws(SpeechError) -> [MissingWord] {
        let text: String
        do {
            text = String(decoding: try BoundedFileReader.read(dictionaryPath, limit: largestDictionary), as: UTF8.self)
        } catch {
            throw SpeechError("cannot read the pronunciation dictionary \(dictionaryPath): \(error.reason)")
        }
        var known: Set<Substring> = []
        for line in text.split(separator: "\n") {
            guard let end = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { continue }
            var word = line[..<end]
            // Alternative pronunciations are listed as word(2).
            if word.hasSuffix(")"), let open = word.lastIndex(of: "(") { word = word[..<open] }
            known.insert(word)
        }
        let overrides = try self.overrides(forModel: modelPath, builtIn: builtIn)
        return grammarWords.filter { !known.contains(Substring($0)) }.map { pronunciation(of: $0, overrides: overrides) }
    }

    /// Pronunciations that come before guessing: number words the CMU
    /// dictionary lacks ("mins"), then the model's own `.dict` file.
    /// `builtIn` stands in for the `.dict` file of a model without a file.
    public static func overrides(forModel modelPath: String?, builtIn: [String: String] = [:]) throws(SpeechError) -> [String: String] {
        var overrides = ValueWordPronunciations.missingFromCMUDictionary
        if let modelPath, FileManager.default.fileExists(atPath: overridePath(forModel: modelPath)) {
            overrides.merge(try readDictionary(path: overridePath(forModel: modelPath), inside: modelFolder(modelPath))) { $1 }
        }
        return overrides.merging(builtIn) { $1 }
    }

    /// The error for a word with neither a pronunciation of its own nor a
    /// guess, at the place the model first writes it (`check` and the
    /// recogniser both report it so).
    public static func noPronunciation(for word: String, locations: WordLocations, modelPath: String?) -> Diagnostic {
        let dictionary = modelPath.map { (overridePath(forModel: $0) as NSString).lastPathComponent } ?? "<model>.dict"
        let message = "no pronunciation for \"\(word)\": add it to \(dictionary) beside the model "
            + "(flite guesses only words of the letters a–z)"
        return locations.diagnostic(.error, message, about: word)
            ?? Diagnostic(severity: .error, message: message, file: modelPath ?? "built-in model", line: 0, column: 0)
    }

    /// How a word the dictionary lacks will be pronounced: its override, else
    /// flite's guess (nil phones when there is neither).
    static func pronunciation(of word: String, overrides: [String: String]) -> MissingWord {
        if let phones = overrides[word] { return MissingWord(word: word, phones: phones, source: "dictionary file") }
        return MissingWord(word: word, phones: guess(word), source: "guessed by flite")
    }
}
