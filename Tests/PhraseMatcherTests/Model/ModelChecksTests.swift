import Testing
@testable import PhraseMatcher

/// A model made in code is checked as a file is: the same mistakes, the
/// same messages.
struct ModelChecksTests {
    /// The loader's message for a model file, without its position.
    static func fileMessages(_ text: String) -> [String] {
        do {
            _ = try ModelLoader.load(text: text, name: "music.json")
            return []
        } catch {
            return error.diagnostics.map(\.message)
        }
    }

    @Test func anUndeclaredTypeIsTheFilesError() throws {
        let file = Self.fileMessages(#"""
            {"application": "Music", "types": {"Song": {"kind": "entity", "title": "Song", "entities": []}},
             "intents": {"Play": {"parameters": {"song": {"type": "Sogn"}}, "phrases": ["play \(song)"]}}}
            """#)
        let play = try Intent(name: "Play", parameters: [Parameter(name: "song", type: .custom("Sogn"))], phrases: ["play \\(song)"])
        let model = CommandModel(application: "Music", types: [CustomType(name: "Song", title: "Song", kind: .entity([]))], intents: [play])
        let problems = model.problems()
        #expect(problems.map(\.message) == file)
        #expect(problems.first?.message == "unknown type \"Sogn\" for parameter song of intent Play; did you mean \"Song\"?")
        #expect(problems.first?.rendered == "model \"Music\": error: unknown type \"Sogn\" for parameter song of intent Play; did you mean \"Song\"?")
        #expect(throws: ModelLoadError.self) { try model.checked() }
    }

    @Test func rangesDefaultsSummariesAndHandlerArguments() throws {
        var timer = try Intent(name: "Timer", parameters: [
            Parameter(name: "minutes", type: .integer, defaultValue: .integer(200), minimum: 10, maximum: 5),
            Parameter(name: "size", type: .custom("Size"), defaultValue: .enumCase("huge")),
        ], phrases: ["set a timer [for \\(minutes) minutes]"])
        timer.summary = "Set a \\(length) timer"
        timer.handler = Handler(arguments: ["/usr/bin/timer", "${minutes}", "${second}"])
        let model = CommandModel(application: "Kitchen",
                                 types: [CustomType(name: "Size", title: "Size", kind: .enumeration([EnumCase(identifier: "small", title: "small")]))],
                                 intents: [timer])
        #expect(model.problems().map(\.message) == [
            "parameter minutes has min 10 above max 5",
            "the default of minutes is above its max 5",
            "the default of parameter size is \"huge\", which is not a case of Size; cases are: small",
            "the summary of intent Timer names no parameter 'length'; parameters are: minutes, size",
            "handler argument \"${second}\" names no parameter 'second' of intent Timer; parameters are: minutes, size",
        ])
    }

    /// A sound model, and one whose entities an application lists later.
    @Test func aSoundModelHasNoProblems() throws {
        let call = try Intent(name: "Call", parameters: [Parameter(name: "who", type: .custom("Contact"), defaultValue: .entity("mom"))],
                              phrases: ["call \\(who)"])
        let model = CommandModel(application: "Phone", types: [CustomType(name: "Contact", title: "Contact", kind: .entity([]))], intents: [call])
        #expect(model.problems().isEmpty)
    }
}
