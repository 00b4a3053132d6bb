/// The command model built into voicecmd, so every subcommand works without
/// a model file. The JSON lives next to this file as `default.json`.
public enum DefaultModels {
    /// The name diagnostics use for the built-in model.
    public static let defaultModelName = "Models/default.json"

    /// The text of `Models/default.json`, embedded at build time.
    public static var defaultModelText: String {
        String(decoding: PackageResources.default_json, as: UTF8.self)
    }

    /// The name errors use for the built-in model's pronunciations.
    public static let defaultDictionaryName = "Models/default.dict"

    /// The text of `Models/default.dict`: pronunciations for words of the
    /// built-in model that the CMU dictionary lacks, as a model's `.dict` file.
    public static var defaultDictionaryText: String {
        String(decoding: PackageResources.default_dict, as: UTF8.self)
    }
}
