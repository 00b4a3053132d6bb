import Foundation
import PhraseMatcher

/// Where PocketSphinx's acoustic model, pronunciation dictionary and general
/// language model are: flags first, then environment variables, then the
/// `pocketsphinx-en-us` install.
public struct SpeechModelFiles: Sendable, Equatable {
    /// The acoustic model's folder (it holds `mdef`).
    public var acousticModel: String
    /// The pronunciation dictionary file.
    public var dictionary: String
    /// The general language model file, needed only for free text.
    public var languageModel: String

    /// Where the `pocketsphinx-en-us` package puts them.
    public static let installDirectory = "/usr/share/pocketsphinx/model/en-us"
    /// The environment variables that name each file.
    public static let environmentNames = (acousticModel: "VOICECMD_HMM", dictionary: "VOICECMD_DICT", languageModel: "VOICECMD_LM")

    /// The files at these paths, unchecked (`locate` checks them).
    public init(acousticModel: String, dictionary: String, languageModel: String) {
        self.acousticModel = acousticModel
        self.dictionary = dictionary
        self.languageModel = languageModel
    }

    /// Finds the files, or says which is missing and how to provide it.
    public static func locate(acousticModel: String? = nil, dictionary: String? = nil, languageModel: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws(SpeechError) -> SpeechModelFiles {
        let files = SpeechModelFiles(
            acousticModel: acousticModel ?? environment[environmentNames.acousticModel] ?? installDirectory + "/en-us",
            dictionary: dictionary ?? environment[environmentNames.dictionary] ?? installDirectory + "/cmudict-en-us.dict",
            languageModel: languageModel ?? environment[environmentNames.languageModel] ?? installDirectory + "/en-us.lm.bin")
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: files.acousticModel + "/mdef", isDirectory: &isDirectory) || isDirectory.boolValue {
            throw SpeechError("no acoustic model at \(files.acousticModel) (it needs an mdef file): install pocketsphinx-en-us, "
                              + "or set \(environmentNames.acousticModel)", hint: .acousticModel)
        }
        if !FileManager.default.isReadableFile(atPath: files.dictionary) {
            throw SpeechError("no pronunciation dictionary at \(files.dictionary): install pocketsphinx-en-us, "
                              + "or set \(environmentNames.dictionary)", hint: .dictionary)
        }
        // PocketSphinx reads these itself, to the end: a device (/dev/zero)
        // or a FIFO would be read for ever, or block.
        try requireFile(files.dictionary, limit: Pronunciations.largestDictionary, "the pronunciation dictionary", hint: .dictionary)
        for name in acousticModelFiles where FileManager.default.fileExists(atPath: files.acousticModel + "/" + name) {
            try requireFile(files.acousticModel + "/" + name, limit: largestModelFile, "the acoustic model's \(name)", hint: .acousticModel)
        }
        if let problem = AcousticModelCheck.mdefProblem(files.acousticModel + "/mdef") {
            throw SpeechError("cannot use the acoustic model's mdef \(files.acousticModel)/mdef: \(problem)", hint: .acousticModel)
        }
        return files
    }

    /// The files of an acoustic model PocketSphinx reads.
    static let acousticModelFiles = ["mdef", "means", "variances", "transition_matrices", "mixture_weights", "sendump",
                                     "noisedict", "feat.params", "mllr_matrix", "feature_transform", "senmgau"]
    /// The largest speech model file read: en-us's language model is 27 MB.
    static let largestModelFile = 1 << 30

    private static func requireFile(_ path: String, limit: Int, _ what: String, hint: SpeechError.Hint) throws(SpeechError) {
        do {
            try BoundedFileReader.requireRegularFile(path, limit: limit)
        } catch {
            throw SpeechError("cannot use \(what) \(path): \(error.reason)", hint: hint)
        }
    }

    /// The language model is only needed for free text, and to check a
    /// long list's commands without Moonshine; checked when used.
    func requireLanguageModel() throws(SpeechError) {
        if !FileManager.default.isReadableFile(atPath: languageModel) {
            throw SpeechError("no language model at \(languageModel): install pocketsphinx-en-us, "
                              + "or set \(Self.environmentNames.languageModel)", hint: .languageModel)
        }
        try Self.requireFile(languageModel, limit: Self.largestModelFile, "the language model", hint: .languageModel)
    }
}
