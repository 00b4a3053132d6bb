import Testing
@Test func smoke() { #expect(Bool(true)) }
