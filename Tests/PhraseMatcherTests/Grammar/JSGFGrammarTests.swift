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

    static let boundedModelText = #"""
        {"application": "Kitchen", "intents": {
          "Timer": {"parameters": {"minutes": {"type": "integer", "min": 1, "max": 100}}, "phrases": ["set a timer for \(minutes) minutes"]},
          "Boil": {"parameters": {"time": {"type": "duration", "min": 30, "max": 3600}}, "phrases": ["boil [it] for \(time)"]},
          "Pay": {"parameters": {"amount": {"type": "currency", "min": 1, "max": 50}}, "phrases": ["pay \(amount)"]},
          "Scale": {"parameters": {"factor": {"type": "number", "min": -2, "max": 2}}, "phrases": ["scale by \(factor)"]},
          "Pick": {"parameters": {"position": {"type": "ordinal", "min": 1, "max": 12}}, "phrases": ["pick the \(position) [one]"]},
          "Heat": {"parameters": {"degrees": {"type": "integer", "min": 50, "max": 250},
                                  "minutes": {"type": "integer", "min": 1, "max": 100}},
                   "phrases": ["heat [it] to \(degrees) degrees [for \(minutes) minutes]"]}}}
        """#

    /// Numbers with a range: every sentence of the grammar matches, with
    /// each value in its parameter's range; a parameter's range is one rule
    /// however many slots have it.
    @Test func everySentenceOfABoundedGrammarMatchesInRange() throws {
        let model = try ModelLoader.load(text: Self.boundedModelText, name: "kitchen.json")
        let matcher = Matcher(model: model)
        let grammar = JSGFGrammar(model: model)
        #expect(grammar.text.components(separatedBy: "\n<integer_1_to_100> = ").count == 2)
        #expect(grammar.text.contains("<intent_Heat> = heat [ it ] to <integer_50_to_250> degrees [ for <integer_1_to_100> minutes ];"))
        #expect(!grammar.words.contains("million"))
        var sampler = JSGFSampler(grammar.text, seed: 3)
        for _ in 0..<3_000 {
            let sentence = sampler.sample("command").joined(separator: " ")
            guard let best = matcher.match(sentence).best else {
                Issue.record("\(sentence) does not match")
                continue
            }
            let intent = try #require(model.intents.first { $0.name == best.intent })
            for argument in best.arguments {
                let parameter = try #require(intent.parameter(named: argument.name))
                let value = try #require(argument.value.numericValue)
                #expect(!argument.isOutOfRange && value >= parameter.minimum! && value <= parameter.maximum!, "\(sentence): \(argument.name) \(value)")
            }
        }
    }

    /// Sphinxbase's own JSGF compiler accepts the grammar, bounded rules too (when installed).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sphinx_jsgf2fsg")), arguments: ["default", "bounded"])
    func sphinxCompilesTheGrammar(_ which: String) throws {
        let model = which == "default"
            ? try ModelLoader.load(text: DefaultModels.defaultModelText, name: "default.json")
            : try ModelLoader.load(text: Self.boundedModelText, name: "kitchen.json")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voicecmd-jsgf-\(getpid())-\(which)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let grammarFile = directory.appendingPathComponent("default.gram")
        try JSGFGrammar(model: model).text.write(to: grammarFile, atomically: false, encoding: .utf8)
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
