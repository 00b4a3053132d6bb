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

    /// A starting point `voicecmd init` writes: a sample model of
    /// `Models/examples`, the files beside it, and its test cases.
    public struct Template: Sendable {
        /// The name `--template` takes.
        public var name: String
        /// What it is for, in a few words.
        public var summary: String
        /// File name and text, the model first.
        public var files: [(name: String, text: String)]
    }

    /// The templates, the default first.
    public static var templates: [Template] {
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        let handler = ("handler.sh", text(PackageResources.handler_sh))
        return [
            Template(name: "lights", summary: "lights, a fan and a heater by room, brightness, temperature, door locks",
                     files: [("smart-home.json", text(PackageResources.smart_home_json)), ("smart-home.cases.tsv", text(PackageResources.smart_home_cases_tsv)), handler]),
            Template(name: "timer", summary: "timers with names, alarms, snoozing",
                     files: [("timers-alarms.json", text(PackageResources.timers_alarms_json)), ("timers-alarms.cases.tsv", text(PackageResources.timers_alarms_cases_tsv)), handler]),
            Template(name: "music", summary: "playing 200 songs from an entity file, pausing, skipping, volume",
                     files: [("music-player.json", text(PackageResources.music_player_json)), ("music-player.cases.tsv", text(PackageResources.music_player_cases_tsv)),
                             ("songs.json", text(PackageResources.songs_json)), handler]),
            Template(name: "messages", summary: "messages and calls to contacts, reading messages",
                     files: [("messaging.json", text(PackageResources.messaging_json)), ("messaging.cases.tsv", text(PackageResources.messaging_cases_tsv)), handler]),
            Template(name: "coffee", summary: "a coffee machine: drinks, sizes and strengths, descaling",
                     files: [("coffee-maker.json", text(PackageResources.coffee_maker_json)), ("coffee-maker.cases.tsv", text(PackageResources.coffee_maker_cases_tsv)), handler]),
        ]
    }
}
