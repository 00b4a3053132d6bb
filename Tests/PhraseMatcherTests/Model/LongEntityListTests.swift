import Testing
@testable import PhraseMatcher

/// A long list of entities written inside a model is read one entity at a
/// time (`PositionedJSONParser.parseDeferringLongLists`): the same model,
/// the same errors in the same places, as a short one.
struct LongEntityListTests {
    /// A phone model whose Contact list holds `count` entities, the
    /// `special` ones (by index) written as given.
    private func model(count: Int, special: [Int: String] = [:]) -> String {
        let entities = (0..<count).map { special[$0] ?? #"{"id": "c\#($0)", "name": "Person \#(String($0, radix: 26))"}"# }
        return #"{"application": "Phone", "types": {"Contact": {"kind": "entity", "entities": ["#
            + entities.joined(separator: ",\n") + "]}},\n"
            + #" "intents": {"Call": {"parameters": {"who": {"type": "Contact"}}, "phrases": ["call \(who)"]}}}"#
    }

    private func errors(_ text: String) -> [String] {
        do {
            _ = try ModelLoader.load(text: text, name: "phone.json")
            return []
        } catch {
            return error.diagnostics.map(\.summary)
        }
    }

    @Test func aLongListIsDeferredAndReadWhole() throws {
        let text = model(count: 5_000)
        #expect(text.utf8.count > PositionedJSONParser.deferredListBytes)
        let (_, deferred) = try PositionedJSONParser.parseDeferringLongLists(SourceFile(name: "phone.json", text: text))
        #expect(deferred.count == 1)
        let loaded = try ModelLoader.load(text: text, name: "phone.json")
        guard case .entity(let entities)? = loaded.type(named: "Contact")?.kind else { Issue.record("no contacts"); return }
        #expect(entities.count == 5_000)
        #expect(entities.last == Entity(id: "c4999", name: "Person " + String(4999, radix: 26)))
        let matched = Matcher(model: loaded).match("call person " + String(4321, radix: 26))
        #expect(matched.best?.argument("who")?.value == .entity("c4321"))
    }

    @Test func errorsInADeferredListPointWhereTheyAre() {
        // Line n + 1 holds entity n.
        let text = model(count: 5_000, special: [10: #"{"id": "c3", "name": "Ann Lee"}"#, 4000: #"{"id": "x", "name": "!!"}"#])
        #expect(errors(text) == [
            "phone.json:11:1: error: duplicate entity id \"c3\" in Contact; the first is at 4:1",
            "phone.json:4001:1: error: the name of entity x has no words that can be spoken",
        ])
    }

    /// Only a type's list is left for later: another long "entities"
    /// (under an ignored "_" key, or an entity file's own) is parsed whole,
    /// so its syntax errors are never skipped.
    @Test func onlyATypesListIsDeferred() throws {
        let list = "[" + (0..<5_000).map { #"{"id": "c\#($0)", "name": "P"}"# }.joined(separator: ",") + "]"
        let source = SourceFile(name: "e.json", text: #"{"_old": {"entities": "# + list + #"}, "entities": "# + list + "}")
        #expect(try PositionedJSONParser.parseDeferringLongLists(source).deferredLists.isEmpty)
        let broken = SourceFile(name: "e.json", text: #"{"_old": {"entities": [{]]}}"#)
        #expect(throws: ModelLoadError.self) { try PositionedJSONParser.parseDeferringLongLists(broken) }
    }

    /// Two ids Swift holds equal are one id, however their bytes differ.
    @Test func canonicallyEqualIdsAreDuplicates() {
        let text = model(count: 5_000, special: [1: #"{"id": "caf\u00e9", "name": "Ann Lee"}"#, 2: #"{"id": "cafe\u0301", "name": "Bo Diaz"}"#,
                                                 3: #"{"id": "K", "name": "Cy Young"}"#, 4: #"{"id": "\u212a", "name": "Di Ng"}"#])
        #expect(errors(text) == [
            "phone.json:3:1: error: duplicate entity id \"café\" in Contact; the first is at 2:1",
            "phone.json:5:1: error: duplicate entity id \"K\" in Contact; the first is at 4:1",
        ])
    }

    @Test func aSyntaxErrorInADeferredListIsReportedWhereItIs() {
        let text = model(count: 5_000, special: [2_000: #"{"id": "c2000" "name": "Bo"}"#])
        #expect(errors(text) == ["phone.json:2001:16: error: invalid JSON: expected ',' or '}' after the member \"id\", found '\"'"])
    }

    @Test func aListThatNeverClosesIsParsedToSaySo() {
        var text = model(count: 5_000)
        text.removeLast(text.count - text.utf8.count / 2)
        #expect(errors(text).first?.contains("invalid JSON") == true)
    }

    /// Hostile input: a long list broken at any byte (a bracket, a quote,
    /// a backslash put in, or the text cut short) loads or says why, with
    /// a place, and never more than a model of its own would.
    @Test func aBrokenLongListAlwaysGetsAnAnswer() {
        let text = Array(model(count: 2_000).utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<60 {
            var broken = text
            let position = Int.random(in: 0..<broken.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: broken[position] = UInt8(ascii: "]")
            case 1: broken[position] = UInt8(ascii: "\"")
            case 2: broken[position] = UInt8(ascii: "\\")
            default: broken.removeSubrange(position...)
            }
            let errors = errors(String(decoding: broken, as: UTF8.self))
            #expect(errors.allSatisfy { $0.hasPrefix("phone.json:") }, "\(errors)")
        }
    }
}
