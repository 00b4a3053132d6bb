/// Reads the `boolean` type: on/off, yes/no, true/false.
package struct BooleanParser: SpokenValueParser {
    package init() {}

    package func parses(_ words: [String], from start: Int) -> [ValueParse] {
        guard start >= 0, start < words.count else { return [] }
        // Six small-string comparisons beat hashing the word.
        let value: Bool
        switch words[start] {
        case "on", "yes", "true": value = true
        case "off", "no", "false": value = false
        default: return []
        }
        return [ValueParse(end: start + 1, value: .boolean(value))]
    }

    package static let jsgfRootRule = "boolean"

    package static let jsgfRules: [JSGFRule] = [
        JSGFRule(name: jsgfRootRule, body: "on | off | yes | no | true | false"),
    ]
}
