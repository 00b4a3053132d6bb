/// One way of reading a value from the words of an utterance.
package struct ValueParse: Sendable, Hashable {
    /// Index just past the last word read (exclusive).
    package var end: Int
    package var value: SlotValue

    package init(end: Int, value: SlotValue) {
        self.end = end
        self.value = value
    }
}

/// A named JSGF rule: `<name> = body;`. Bodies use lowercase words,
/// `|`, `( )`, `[ ]` and rule references `<name>`.
package struct JSGFRule: Sendable, Hashable {
    package var name: String
    package var body: String

    package init(name: String, body: String) {
        self.name = name
        self.body = body
    }
}

/// Reads the words of one built-in slot type (integer, duration, …).
///
/// The parser and its JSGF rules describe the same word language: a word
/// sequence reads as a value exactly when the root rule matches it.
protocol SpokenValueParser: Sendable {
    /// Every way a value of this type can be read from `words[start...]`:
    /// one entry per possible end index (exclusive), longest first.
    /// Empty if none.
    func parses(_ words: [String], from start: Int) -> [ValueParse]

    /// The same language as a set of JSGF rules, including every helper rule
    /// the root refers to. Rules of the same name are identical across types.
    /// The recognition grammar hears the root restricted to a parameter's
    /// range (`RecognitionValueRules`), over the same helper rules.
    static var jsgfRules: [JSGFRule] { get }

    /// The rule in `jsgfRules` that matches a whole value.
    static var jsgfRootRule: String { get }
}
