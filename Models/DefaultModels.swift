/// The command model built into voicecmd, so every subcommand works without
/// a model file. The JSON lives next to this file as `default.json`.
public enum DefaultModels {
    /// The name diagnostics use for the built-in model.
    public static let defaultModelName = "Models/default.json"

    /// The text of `Models/default.json`, embedded at build time.
    public static var defaultModelText: String {
        String(decoding: PackageResources.default_json, as: UTF8.self)
    }
}
