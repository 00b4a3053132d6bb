import Testing
@testable import PhraseMatcher

/// Entities changed in a compiled matcher match as a matcher compiled
/// afresh with the new list would: added, removed, renamed, shared names.
struct MatcherEntityChangeTests {
    static func phone(_ contacts: [Entity]) throws -> CommandModel {
        let who = [Parameter(name: "who", type: .custom("Contact"))]
        return CommandModel(application: "Phone", fillers: ["please"], types: [CustomType(name: "Contact", title: "contact", kind: .entity(contacts))],
                            intents: [Intent(name: "Call", parameters: who, phrases: [try Phrase("call \\(who)")])])
    }

    static let ann = Entity(id: "ann", name: "Ann Lee", synonyms: ["annie"])
    static let bo = Entity(id: "bo", name: "Bo Diaz")

    func who(_ text: String, _ matcher: Matcher) -> [SlotValue] {
        matcher.match(text).candidates.compactMap { $0.argument("who")?.value }
    }

    @Test func anAddedEntityMatchesWithItsSynonyms() throws {
        let matcher = Matcher(model: try Self.phone([Self.ann]))
        let changed = try #require(matcher.changingEntities(ofType: "Contact", adding: [Entity(id: "zed", name: "Zed Quillon", synonyms: ["zq"])]))
        #expect(who("call zed quillon", changed) == [.entity("zed")])
        #expect(who("please call zq", changed) == [.entity("zed")])
        #expect(who("call ann lee", changed) == [.entity("ann")])
        // The matcher it came from is unchanged.
        #expect(who("call zed quillon", matcher).isEmpty)
        #expect(changed.model.type(named: "Contact").map { if case .entity(let list) = $0.kind { list.map(\.id) } else { [] } } == ["ann", "zed"])
    }

    @Test func aRemovedEntityNoLongerMatches() throws {
        let matcher = Matcher(model: try Self.phone([Self.ann, Self.bo]))
        let changed = try #require(matcher.changingEntities(ofType: "Contact", removing: ["ann"], adding: []))
        #expect(who("call ann lee", changed).isEmpty)
        #expect(who("call annie", changed).isEmpty)
        #expect(who("call bo diaz", changed) == [.entity("bo")])
    }

    @Test func anEntityAddedAgainUnderItsIdIsRenamed() throws {
        let matcher = Matcher(model: try Self.phone([Self.ann, Self.bo]))
        let changed = try #require(matcher.changingEntities(ofType: "Contact", adding: [Entity(id: "ann", name: "Ann Moss")]))
        #expect(who("call ann lee", changed).isEmpty)
        #expect(who("call ann moss", changed) == [.entity("ann")])
    }

    /// Two contacts of one name stay ambiguous; removing one leaves the other.
    @Test func aSharedNameKeepsItsOtherEntity() throws {
        let other = Entity(id: "ann2", name: "Ann Lee")
        let matcher = Matcher(model: try Self.phone([Self.ann, other]))
        #expect(who("call ann lee", matcher) == [.ambiguousEntities(["ann", "ann2"])])
        let changed = try #require(matcher.changingEntities(ofType: "Contact", removing: ["ann"], adding: []))
        #expect(who("call ann lee", changed) == [.entity("ann2")])
    }

    @Test func changesAgreeWithCompilingAfresh() throws {
        var list = (0..<50).map { Entity(id: "c\($0)", name: "person \($0 % 7) family \($0)") }
        var matcher = Matcher(model: try Self.phone(list))
        for step in 0..<20 {
            let added = Entity(id: "n\(step)", name: "newcomer \(step) family \(step * 3)")
            let removed: Set<String> = ["c\(step * 2)"]
            matcher = try #require(matcher.changingEntities(ofType: "Contact", removing: removed, adding: [added]))
            list = list.filter { !removed.contains($0.id) } + [added]
        }
        let fresh = Matcher(model: try Self.phone(list))
        for index in 0..<50 {
            let text = "call person \(index % 7) family \(index)"
            #expect(who(text, matcher) == who(text, fresh), "\(text)")
        }
        for step in 0..<20 {
            let text = "call newcomer \(step) family \(step * 3)"
            #expect(who(text, matcher) == [.entity("n\(step)")], "\(text)")
        }
    }

    @Test func anUnknownTypeIsNil() throws {
        let matcher = Matcher(model: try Self.phone([Self.ann]))
        #expect(matcher.changingEntities(ofType: "Song", adding: []) == nil)
    }
}
