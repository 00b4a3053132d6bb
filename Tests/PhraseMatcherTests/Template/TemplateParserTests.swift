import Testing
@testable import PhraseMatcher

struct TemplateParserTests {
    typealias Element = PhraseTemplate.Element

    @Test func readsWordsSlotsGroupsAndOptionalParts() throws {
        let parsed = try TemplateParser.parse("(start|set) a \\(duration) timer [called \\(label)]")
        #expect(parsed.template.elements == [
            .choice([[.word("start")], [.word("set")]]), .word("a"), .slot("duration"), .word("timer"),
            .optional([[.word("called"), .slot("label")]]),
        ])
        #expect(parsed.template.slotNames == ["duration", "label"])
        #expect(parsed.slots.map(\.offset) == [14, 40])
    }

    @Test func readsNestingAndTheApplicationName() throws {
        let parsed = try TemplateParser.parse("navigate to \\(section) in \\(.applicationName) [(now|(right|straight) away)]")
        #expect(parsed.template.elements.contains(.applicationName))
        #expect(parsed.template.elements.last == .optional([[.choice([[.word("now")], [.choice([[.word("right")], [.word("straight")]]), .word("away")]])]]))
    }

    @Test func normalisesLiteralWords() throws {
        let parsed = try TemplateParser.parse("What's the Weather?")
        #expect(parsed.template.elements == [.word("what's"), .word("the"), .word("weather")])
    }

    @Test func topLevelAlternatives() throws {
        let parsed = try TemplateParser.parse("yes|yeah")
        #expect(parsed.template.elements == [.choice([[.word("yes")], [.word("yeah")]])])
    }

    @Test(arguments: [
        ("(cancel|stop the timer", "'(' is never closed: expected ')' before the end", 0),
        ("cancel [the timer", "'[' is never closed: expected ']' before the end", 7),
        ("cancel the) timer", "unmatched ')' with no opening '('", 10),
        ("(a|b]", "expected ')' to close '(', found ']'", 4),
        ("(cancel||stop) timer", "empty alternative in '(…)'", 8),
        ("cancel () timer", "empty alternative in '(…)'", 8),
        ("a|", "empty alternative in phrase", 2),
        ("set \\(duration", "slot '\\(' is never closed: expected ')' after the parameter name", 4),
        ("open \\(.appName)", "unknown built-in slot '\\(.appName)'; the only one is \\(.applicationName)", 5),
        ("open \\()", "empty slot '\\()': expected a parameter name", 5),
        ("a \\ b", "a backslash must start a slot such as \\(name)", 2),
        ("[the timer]", "phrase can match an empty utterance; it needs a word or slot outside [ ]", 0),
        ("?!", "phrase has no words", 0),
    ])
    func reportsSyntaxErrorsWithTheirPosition(_ text: String, _ message: String, _ offset: Int) {
        #expect(throws: TemplateParser.SyntaxError.self) { try TemplateParser.parse(text) }
        do {
            _ = try TemplateParser.parse(text)
        } catch {
            #expect(error.message == message)
            #expect(error.offset == offset)
        }
    }

    /// Nearly two thousand nested groups (as many as the longest phrase holds)
    /// are one error, not a stack overflow.
    @Test func deepNestingIsAnError() {
        let deep = String(repeating: "(", count: 1_990) + "go" + String(repeating: ")", count: 1_990)
        do {
            _ = try TemplateParser.parse(deep)
            Issue.record("parsed \(TemplateParser.maximumDepth + 1) levels")
        } catch {
            #expect(error.message == "groups nested more than 32 deep")
            #expect(error.offset == 32)
        }
        let allowed = String(repeating: "(", count: 32) + "go" + String(repeating: ")", count: 32)
        #expect(throws: Never.self) { try TemplateParser.parse(allowed) }
    }

    /// A phrase of 100,000 words is refused before the matcher and the
    /// overlap check spend memory on it (that grew with its square).
    @Test func aPhraseOverTheLengthLimitIsAnError() {
        let long = Array(repeating: "go", count: 100_000).joined(separator: " ")
        #expect(throws: TemplateParser.SyntaxError(message: "phrase is 299999 bytes long; the most a phrase may be is 4000",
                                                   offset: 0, length: 1)) { try TemplateParser.parse(long) }
        let longest = String(repeating: "go ", count: 1_333) + "g"
        #expect(throws: Never.self) { try TemplateParser.parse(longest) }
    }

    /// A word longer than any pronounceable one is an error pointing at its run of text.
    @Test func aWordOverTheLengthLimitIsAnError() {
        let word = String(repeating: "a", count: 3_000)
        #expect(throws: TemplateParser.SyntaxError(
            message: "the word \"aaaaaaaaaaaaaaaaaaaa…\" is 3000 letters long; the most a word may have is 48",
            offset: 3, length: 3_002)) { try TemplateParser.parse("(x|\(word) y)") }
        #expect(throws: Never.self) { try TemplateParser.parse(String(repeating: "b", count: 48)) }
    }
}
