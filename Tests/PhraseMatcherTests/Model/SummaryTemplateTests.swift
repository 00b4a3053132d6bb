import Testing
@testable import PhraseMatcher

struct SummaryTemplateTests {
    @Test func valuesAndOptionalPartsAreRead() throws {
        let template = try SummaryTemplate(#"Order a \(size) \(beverage)[ with \(milk) milk]"#)
        #expect(template.parts == [.text("Order a "), .value("size"), .text(" "), .value("beverage"),
                                   .optional([.text(" with "), .value("milk"), .text(" milk")])])
        #expect(template.slots.map(\.name) == ["size", "beverage", "milk"])
        #expect(template.slots.first?.offset == 8)
        #expect(template.slots.first?.length == 7)
    }

    @Test(arguments: [
        (#"Order [a \(size)"#, "\"[\" is not closed with \"]\"", 6),
        (#"Order a \(size]"#, "\"\\(\" is not closed with \")\"", 8),
        (#"Order ] now"#, "\"]\" closes no optional part", 6),
        (#"Order \() now"#, "\"\\()\" names no parameter", 6),
    ])
    func malformedSummariesSayWhereAndWhy(_ text: String, _ message: String, _ offset: Int) {
        #expect(throws: SummaryTemplate.ParseError.self) { try SummaryTemplate(text) }
        do {
            _ = try SummaryTemplate(text)
        } catch {
            #expect(error.message == message)
            #expect(error.offset == offset)
        }
    }

    @Test func deepAndLongSummariesAreRefused() {
        #expect(throws: SummaryTemplate.ParseError.self) { try SummaryTemplate(String(repeating: "[", count: 10_000)) }
        #expect(throws: SummaryTemplate.ParseError.self) { try SummaryTemplate(String(repeating: "a", count: 5_000)) }
    }
}
