import Foundation
import Testing
@testable import PhraseMatcher

/// docs/model.schema.json, for editors, describes the models voicecmd reads:
/// every model of the repository validates against it, and models the
/// loader refuses for their shape do not.
struct ModelSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func parse(_ path: String) throws -> JSONNode {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        return try PositionedJSONParser.parse(SourceFile(name: path, text: text))
    }

    static var models: [String] {
        let examples = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Models/examples").path)) ?? []
        let includes = root.appendingPathComponent("Tests/PhraseMatcherTests/Fixtures/Includes/shared-by-two")
        let packages = (try? FileManager.default.contentsOfDirectory(atPath: includes.path)) ?? []
        return ["Models/default.json"] + examples.filter { $0.hasSuffix(".json") && $0 != "songs.json" }.sorted().map { "Models/examples/" + $0 }
            + packages.filter { $0.hasSuffix(".json") }.sorted().map { "Tests/PhraseMatcherTests/Fixtures/Includes/shared-by-two/" + $0 }
            + ["Tests/PhraseMatcherTests/Fixtures/Includes/shared-by-two/common/contacts.json"]
    }

    @Test(arguments: models)
    func everyModelValidates(_ path: String) throws {
        let schema = try Self.parse("docs/model.schema.json")
        let problems = SchemaValidator(schema: schema).problems(in: try Self.parse(path))
        #expect(problems.isEmpty, "\(problems)")
        #expect(Self.models.count >= 9)
    }

    /// Shapes the loader refuses, the schema refuses too.
    @Test(arguments: [
        #"{"application": "A", "intents": {"Hi": {"phrases": ["hello"], "colour": "red"}}}"#,
        #"{"application": "A", "intents": {"Hi": {"phrases": []}}}"#,
        #"{"application": "A", "intents": {"Hi": {"phrases": ["hi"], "parameters": {"n": {"title": "N"}}}}}"#,
        #"{"application": "A", "intents": {"Hi": {"phrases": ["hi"], "replies": {"done": "ok"}}}}"#,
        #"{"application": "A", "types": {"T": {"kind": "list"}}, "intents": {"Hi": {"phrases": ["hi"]}}}"#,
        #"{"application": "A", "intents": {"Hi": {"phrases": ["hi"], "handler": {"run": []}}}}"#,
    ])
    func aMisshapenModelIsRefusedByBoth(_ text: String) throws {
        let schema = try Self.parse("docs/model.schema.json")
        let node = try PositionedJSONParser.parse(SourceFile(name: "m.json", text: text))
        #expect(!SchemaValidator(schema: schema).problems(in: node).isEmpty)
        #expect(throws: ModelLoadError.self) { try ModelLoader.load(text: text, name: "m.json") }
    }

    /// The golden diagnostics (Fixtures/Diagnostics): a model the schema
    /// refuses, `check` refuses at the same line and column; what the
    /// schema cannot see (phrase syntax, references between parts, bounds
    /// against each other, a key given twice) it lets through, and only
    /// `check` finds.
    static let diagnostics = root.appendingPathComponent("Tests/PhraseMatcherTests/Fixtures/Diagnostics")
    static let shapeErrors: Set<String> = ["entity-without-name", "no-intents", "unknown-field", "unknown-kind", "wrong-value-kind"]
    static var goldenModels: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: diagnostics.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test(arguments: goldenModels)
    func theSchemaAgreesWithCheckOnTheGoldenDiagnostics(_ name: String) throws {
        let text = try String(contentsOf: Self.diagnostics.appendingPathComponent(name + ".json"), encoding: .utf8)
        let expected = try String(contentsOf: Self.diagnostics.appendingPathComponent(name + ".expected"), encoding: .utf8)
        // "name.json:LINE:COLUMN: error: …"
        let place = expected.prefix { $0 != "\n" }.split(separator: ":").dropFirst().prefix(2).compactMap { Int($0) }
        #expect(place.count == 2)
        let source = SourceFile(name: name + ".json", text: text)
        let node: JSONNode
        do {
            node = try PositionedJSONParser.parse(source)
        } catch {
            // Not JSON: an editor's JSON parser and check refuse it alike.
            #expect(name.hasPrefix("bad-json-"))
            return
        }
        let problems = SchemaValidator(schema: try Self.parse("docs/model.schema.json")).problems(in: node)
        let places = problems.map { source.location(of: $0.offset) }.map { [$0.line, $0.column] }
        if Self.shapeErrors.contains(name) {
            #expect(places.contains(place), "check: \(place); schema: \(problems) at \(places)")
        } else {
            #expect(problems.isEmpty, "\(problems) at \(places)")
        }
    }
}

/// The part of JSON Schema (2020-12) the model schema uses: type, enum,
/// properties, required, additionalProperties, items, minItems, minLength,
/// minimum bounds, oneOf, not, and local $ref.
struct SchemaValidator {
    let schema: JSONNode

    /// What does not fit, and where: the offset of the value, or of the key
    /// of a member that is not allowed.
    struct Problem: CustomStringConvertible {
        var offset: Int
        var message: String
        var description: String { message }
    }

    func problems(in node: JSONNode) -> [Problem] {
        var found: [Problem] = []
        check(node, against: schema, at: "$", into: &found)
        return found
    }

    private func member(_ node: JSONNode, _ key: String) -> JSONNode? {
        guard case .object(let members) = node.value else { return nil }
        return members.first { $0.key == key }?.value
    }

    private func resolve(_ schema: JSONNode) -> JSONNode {
        guard case .string(let reference)? = member(schema, "$ref")?.value, reference.hasPrefix("#/$defs/"),
              let definitions = member(self.schema, "$defs"), let target = member(definitions, String(reference.dropFirst(8))) else {
            return schema
        }
        return target
    }

    private func typeName(_ node: JSONNode) -> String {
        switch node.value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number(let number): number == number.rounded() ? "integer" : "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    private func check(_ node: JSONNode, against schema: JSONNode, at path: String, into found: inout [Problem]) {
        let schema = resolve(schema)
        if let type = member(schema, "type") {
            let allowed: [String]
            switch type.value {
            case .string(let name): allowed = [name]
            case .array(let names): allowed = names.compactMap { if case .string(let name) = $0.value { name } else { nil } }
            default: allowed = []
            }
            let actual = typeName(node)
            guard allowed.contains(actual) || (actual == "integer" && allowed.contains("number")) else {
                found.append(Problem(offset: node.offset, message: "\(path): \(actual) where \(allowed.joined(separator: " or ")) is expected"))
                return
            }
        }
        if case .array(let options)? = member(schema, "enum")?.value {
            let values = options.compactMap { if case .string(let text) = $0.value { text } else { nil } }
            if case .string(let text) = node.value, !values.contains(text) { found.append(Problem(offset: node.offset, message: "\(path): \"\(text)\" is none of \(values)")) }
        }
        if case .array(let options)? = member(schema, "oneOf")?.value {
            let outcomes = options.map { option in
                var inner: [Problem] = []
                check(node, against: option, at: path, into: &inner)
                return inner
            }
            let passing = outcomes.filter(\.isEmpty).count
            if passing != 1 { found.append(Problem(offset: node.offset, message: "\(path): \(passing) of the oneOf choices fit, not 1")) }
            // As validators report it: what is wrong by the choice it comes nearest.
            if passing == 0, let nearest = outcomes.min(by: { $0.count < $1.count }) { found += nearest }
        }
        if let not = member(schema, "not") {
            var inner: [Problem] = []
            check(node, against: not, at: path, into: &inner)
            if inner.isEmpty { found.append(Problem(offset: node.offset, message: "\(path): fits what it must not")) }
        }
        switch node.value {
        case .object(let members):
            if case .array(let names)? = member(schema, "required")?.value {
                for case .string(let name) in names.map(\.value) where !members.contains(where: { $0.key == name }) {
                    found.append(Problem(offset: node.offset, message: "\(path): \"\(name)\" is required"))
                }
            }
            let properties = member(schema, "properties")
            for entry in members {
                if let property = properties.flatMap({ member($0, entry.key) }) {
                    check(entry.value, against: property, at: path + "." + entry.key, into: &found)
                } else if let additional = member(schema, "additionalProperties") {
                    if case .bool(false) = additional.value {
                        found.append(Problem(offset: entry.keyOffset, message: "\(path): \"\(entry.key)\" is not allowed"))
                    } else if case .object = additional.value {
                        check(entry.value, against: additional, at: path + "." + entry.key, into: &found)
                    }
                }
            }
        case .array(let elements):
            if case .number(let least)? = member(schema, "minItems")?.value, Double(elements.count) < least {
                found.append(Problem(offset: node.offset, message: "\(path): fewer than \(Int(least)) items"))
            }
            if let items = member(schema, "items") {
                for (index, element) in elements.enumerated() { check(element, against: items, at: "\(path)[\(index)]", into: &found) }
            }
        case .string(let text):
            if case .number(let least)? = member(schema, "minLength")?.value, Double(text.count) < least { found.append(Problem(offset: node.offset, message: "\(path): too short")) }
        case .number(let number):
            if case .number(let bound)? = member(schema, "exclusiveMinimum")?.value, number <= bound { found.append(Problem(offset: node.offset, message: "\(path): not above \(bound)")) }
            if case .number(let bound)? = member(schema, "maximum")?.value, number > bound { found.append(Problem(offset: node.offset, message: "\(path): above \(bound)")) }
        default:
            break
        }
    }
}
