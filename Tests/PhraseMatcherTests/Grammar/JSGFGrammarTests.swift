import DefaultModels
import Foundation
import Testing
@testable import PhraseMatcher

struct JSGFGrammarTests {
    @Test func smallModelGrammarIsExact() throws {
        let model = try ModelLoader.load(text: #"""
            {"application": "Home", "applicationSynonyms": ["my home"], "fillers": ["please"],
             "types": {"Room": {"kind": "enum", "cases": {"kitchen": {"synonyms": ["cooking area"]}, "hall": {}}}},
             "intents": {
               "Clean": {"parameters": {"room": {"type": "Room"}}, "phrases": ["clean [the] \(room)", "(tidy|clean) up"]},
               "Note": {"parameters": {"text": {"type": "string"}}, "phrases": ["note \(text)", "open \(.applicationName) [and note \(text)]"]}}}
            """#, name: "m.json")
        let grammar = JSGFGrammar(model: model)
        #expect(grammar.text == """
            #JSGF V1.0;

            grammar voicecmd;

            // Note needs the general language model for free text: text

            public <command> = <filler>* ( <intent_Clean> | <intent_Note> ) <filler>*;
            <intent_Clean> = clean [ the ] <type_Room> | ( tidy | clean ) up;
            <intent_Note> = open <application_name>;
            <filler> = please;
            <application_name> = home | my home;
            <type_Room> = kitchen | cooking area | hall;

            """)
        #expect(grammar.intentsNeedingLanguageModel.map(\.intent) == ["Note"])
    }

    /// Random sentences of the grammar: the matcher accepts every one.
    @Test(arguments: ["default", "types"])
    func everySentenceOfTheGrammarMatches(_ which: String) throws {
        let model = which == "default"
            ? try ModelLoader.load(text: DefaultModels.defaultModelText, name: "default.json")
            : try ModelLoader.load(text: typesModelText, name: "types.json")
        let matcher = Matcher(model: model)
        var sampler = JSGFSampler(JSGFGrammar(model: model).text)
        for _ in 0..<3000 {
            let sentence = sampler.sample("command").joined(separator: " ")
            #expect(matcher.match(sentence).best != nil, "\(sentence)")
        }
    }

    /// Sphinxbase's own JSGF compiler accepts the grammar (when installed).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sphinx_jsgf2fsg")))
    func sphinxCompilesTheDefaultGrammar() throws {
        let model = try ModelLoader.load(text: DefaultModels.defaultModelText, name: "default.json")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-jsgf-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let grammarFile = directory.appendingPathComponent("default.gram")
        try JSGFGrammar(model: model).text.write(to: grammarFile, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sphinx_jsgf2fsg")
        process.arguments = ["-jsgf", grammarFile.path, "-fsg", directory.appendingPathComponent("default.fsg").path]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let fsg = try String(contentsOf: directory.appendingPathComponent("default.fsg"), encoding: .utf8)
        #expect(fsg.contains("FSG_BEGIN"))
    }
}
