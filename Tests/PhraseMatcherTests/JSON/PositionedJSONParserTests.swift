import Testing
@testable import PhraseMatcher

struct PositionedJSONParserTests {
    func parse(_ text: String) throws(ModelLoadError) -> JSONNode {
        try PositionedJSONParser.parse(SourceFile(name: "t.json", text: text))
    }

    @Test func keepsMemberOrderAndPositions() throws {
        let node = try parse("{\n  \"b\": 1,\n  \"a\": [true, null, \"x\"]\n}")
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a"])
        let source = SourceFile(name: "t.json", text: "{\n  \"b\": 1,\n  \"a\": [true, null, \"x\"]\n}")
        #expect(source.location(of: members[1].keyOffset) == (3, 3))
    }

    @Test func readsTheLenientSlotEscapeAndTheStrictOne() throws {
        for text in [#"["set \(x)"]"#, #"["set \\(x)"]"#] {
            let node = try parse(text)
            guard case .array(let elements) = node.value, case .string(let string) = elements[0].value else {
                Issue.record("not a string array"); return
            }
            #expect(string == "set \\(x)")
        }
    }

    @Test func decodesEscapes() throws {
        let node = try parse(#""a\"b\\c\n\u00e9\ud83d\ude00""#)
        guard case .string(let string) = node.value else { Issue.record("not a string"); return }
        #expect(string == "a\"b\\c\né😀")
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "invalid JSON: expected a member name in quotes, found '}'", 1, 9),
        ("[1 2]", "invalid JSON: expected ',' or ']' after an array element, found '2'", 1, 4),
        ("{\"a\" 1}", "invalid JSON: expected ':' after member name \"a\", found '1'", 1, 6),
        ("\"abc", "invalid JSON: unterminated string (opened here)", 1, 1),
        ("[01]", "invalid JSON: a number may not start with a leading zero", 1, 2),
        ("[\"\\q\"]", "invalid JSON: invalid escape '\\q' in a string", 1, 3),
        ("{}\n}", "invalid JSON: unexpected '}' after the end of the JSON document", 2, 1),
        ("", "invalid JSON: expected a value, found end of file", 1, 1),
        ("[tru]", "invalid JSON: expected a value, found 't'", 1, 2),
    ])
    func reportsErrorsWithLineAndColumn(_ text: String, _ message: String, _ line: Int, _ column: Int) {
        do {
            _ = try parse(text)
            Issue.record("parsed invalid JSON: \(text)")
        } catch {
            #expect(error.diagnostics[0].message == message)
            #expect(error.diagnostics[0].line == line)
            #expect(error.diagnostics[0].column == column)
        }
    }
}
