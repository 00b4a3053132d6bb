/// Reads the `boolean` type: on/off, yes/no, true/false.
public struct BooleanParser: SpokenValueParser {
    public init() {}

    private static let words: [String: Bool] = [
        "on": true, "off": false, "yes": true, "no": false, "true": true, "false": false,
    ]

    public func parses(_ words: [String], from start: Int) -> [ValueParse] {
        guard start >= 0, start < words.count, let value = Self.words[words[start]] else { return [] }
        return [ValueParse(end: start + 1, value: .boolean(value))]
    }

    public static let jsgfRootRule = "boolean"

    public static let jsgfRules: [JSGFRule] = [
        JSGFRule(name: jsgfRootRule, body: "on | off | yes | no | true | false"),
    ]
}
