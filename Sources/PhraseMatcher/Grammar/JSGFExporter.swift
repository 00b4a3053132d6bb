import Foundation

/// The recognition grammar of a model in JSGF, for PocketSphinx's grammar
/// search: every phrase, enum case, entity name and number form the matcher
/// accepts, and nothing else — numbers only within their parameter's
/// `min`/`max`, and below a million without a `max` (`RecognitionValueRules`).
/// Free text cannot be written as a grammar, so parts of phrases with
/// `string` slots are left out and their intents are reported as needing the
/// general language model.
public struct JSGFGrammar: Sendable {
    /// The grammar text.
    public var text: String
    /// Intents with free-text slots, each with the names of those slots.
    public var intentsNeedingLanguageModel: [(intent: String, application: String, parameters: [String])]
    /// Types whose lists are too long to spell out in the grammar: each is
    /// one token in it (`GrammarClass.token`), standing for its names.
    package var classes: [GrammarClass] = []

    /// Every word the grammar can produce, sorted: what the recogniser's
    /// dictionary must know.
    public var words: [String] {
        var found: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("<") || line.hasPrefix("public <") {
            guard let equals = line.range(of: " = ") else { continue }
            // One pass over the rule's body, rule references (<name>) skipped:
            // the top rule of a big model lists thousands of them on one line.
            var token = ""
            var inReference = false
            for character in line[equals.upperBound...] {
                if inReference {
                    if character == ">" { inReference = false }
                    continue
                }
                if character == "<" || " |()[]*+;".contains(character) {
                    if !token.isEmpty { found.insert(token) }
                    token = ""
                    inReference = character == "<"
                } else if character != "\"" {
                    token.append(character)
                }
            }
            if !token.isEmpty { found.insert(token) }
        }
        // A class token stands for names; their words are the class's.
        return found.filter { !GrammarClass.isToken($0) }.sorted()
    }

    init(text: String, intentsNeedingLanguageModel: [(intent: String, application: String, parameters: [String])]) {
        self.text = text
        self.intentsNeedingLanguageModel = intentsNeedingLanguageModel
    }

    /// The JSGF grammar of everything `model` accepts, its rules named after `name`.
    public init(model: CommandModel, name: String = "voicecmd") {
        var builder = JSGFBuilder(model: model)
        self = builder.build(grammarName: name)
    }

    /// The same grammar with each type of more than `classAbove` names
    /// written as one class token (`classes`), for a recogniser that
    /// searches such lists apart from the phrases around them.
    package init(model: CommandModel, name: String = "voicecmd", classAbove: Int) {
        var builder = JSGFBuilder(model: model, classAbove: classAbove)
        self = builder.build(grammarName: name)
    }
}

private struct JSGFBuilder {
    let model: CommandModel
    /// The model's own types that some slot uses, in order of use.
    private var usedTypes: [String] = []
    /// The rules of built-in value slots, bounded by their parameters' ranges.
    private var valueRules = RecognitionValueRules()
    /// Applications whose names some phrase says.
    private var namedApplications: Set<String> = []

    /// Types with more names than this become classes; nil: none does.
    let classAbove: Int?
    private var classes: [GrammarClass] = []

    init(model: CommandModel, classAbove: Int? = nil) {
        self.model = model
        self.classAbove = classAbove
    }

    /// The rule of an application's names: the first application's is plain.
    private func applicationRule(_ application: String) -> String {
        application == model.application ? "application_name" : "application_name_" + Self.ruleName(application)
    }

    mutating func build(grammarName: String) -> JSGFGrammar {
        var intentRules: [(name: String, body: String)] = []
        var needingLanguageModel: [(intent: String, application: String, parameters: [String])] = []
        for intent in model.intents {
            let freeText = intent.parameters.filter { $0.type == .string }.map(\.name)
            let usedFreeText = freeText.filter { name in intent.phrases.contains { $0.template.slotNames.contains(name) } }
            let application = model.application(of: intent).name
            if !usedFreeText.isEmpty { needingLanguageModel.append((intent.name, application, usedFreeText)) }
            let alternatives = intent.phrases.compactMap { phrase in
                expression(phrase.template.elements, intent: intent)
            }
            guard !alternatives.isEmpty else { continue }
            // Intents of the first application keep their plain rule names;
            // another application's SendMessage is told apart by its name.
            let qualified = application == model.application ? intent.name : application + "_" + intent.name
            intentRules.append(("intent_" + Self.ruleName(qualified), alternatives.joined(separator: " | ")))
        }

        var lines = ["#JSGF V1.0;", "", "grammar \(Self.ruleName(grammarName));", ""]
        for (intent, application, parameters) in needingLanguageModel {
            // Another application's intent is named with it ("Courier: SendMessage").
            let shown = application == model.application ? intent : "\(application): \(intent)"
            lines.append("// \(shown) needs the general language model for free text: \(parameters.joined(separator: ", "))")
        }
        if !needingLanguageModel.isEmpty { lines.append("") }
        let fillers = model.fillers.map { TextNormalizer.words(of: $0) }.filter { !$0.isEmpty }
        var body = intentRules.isEmpty ? "<VOID>" : "( " + intentRules.map { "<\($0.name)>" }.joined(separator: " | ") + " )"
        // Several applications: any command may name its application first or last.
        let selecting = model.applications.count > 1 && !intentRules.isEmpty
        if selecting { body = "[ <application_prefix> ] \(body) [ <application_suffix> ]" }
        lines.append(fillers.isEmpty ? "public <command> = \(body);" : "public <command> = <filler>* \(body) <filler>*;")
        for rule in intentRules { lines.append("<\(rule.name)> = \(rule.body);") }
        if !fillers.isEmpty { lines.append("<filler> = \(Self.unique(fillers).joined(separator: " | "));") }
        if selecting {
            lines.append("<application_prefix> = \(Self.unique(model.applications.flatMap(ApplicationSelector.prefixes)).joined(separator: " | "));")
            lines.append("<application_suffix> = \(Self.unique(model.applications.flatMap(ApplicationSelector.suffixes)).joined(separator: " | "));")
        }
        for application in model.applications where namedApplications.contains(application.name) {
            let names = application.names.map { TextNormalizer.words(of: $0) }.filter { !$0.isEmpty }
            lines.append("<\(applicationRule(application.name))> = \(Self.unique(names).joined(separator: " | "));")
        }
        for name in usedTypes {
            guard let custom = model.type(named: name) else { continue }
            let spellings: [String]
            switch custom.kind {
            case .enumeration(let cases): spellings = cases.flatMap { [$0.title] + $0.synonyms }
            case .entity(let entities): spellings = entities.flatMap { [$0.name] + $0.synonyms }
            }
            let words = spellings.map { TextNormalizer.words(of: $0) }.filter { !$0.isEmpty }
            if let classAbove, words.count > classAbove {
                let list = GrammarClass(type: name, names: words)
                classes.append(list)
                lines.append("<type_\(Self.ruleName(name))> = \(Self.token(list.token));")
                continue
            }
            // A type with no names (yet) can be said nowhere.
            lines.append("<type_\(Self.ruleName(name))> = \(words.isEmpty ? "<VOID>" : Self.unique(words).joined(separator: " | "));")
        }
        for rule in valueRules.rules { lines.append("<\(rule.name)> = \(rule.body);") }
        var grammar = JSGFGrammar(text: lines.joined(separator: "\n") + "\n", intentsNeedingLanguageModel: needingLanguageModel)
        grammar.classes = classes
        return grammar
    }

    /// A JSGF expression for a sequence, or nil when it cannot be written
    /// without free text.
    private mutating func expression(_ elements: [PhraseTemplate.Element], intent: Intent) -> String? {
        var parts: [String] = []
        for element in elements {
            switch element {
            case .word(let word): parts.append(Self.token(word))
            case .applicationName:
                let application = model.application(of: intent).name
                namedApplications.insert(application)
                parts.append("<\(applicationRule(application))>")
            case .slot(let name):
                guard let parameter = intent.parameter(named: name), parameter.type != .string else { return nil }
                if case .custom(let type) = parameter.type {
                    if !usedTypes.contains(type) { usedTypes.append(type) }
                    parts.append("<type_\(Self.ruleName(type))>")
                } else if let rule = valueRules.rootRule(for: parameter) {
                    parts.append("<\(rule)>")
                }
            case .choice(let alternatives):
                let written = alternatives.compactMap { expression($0, intent: intent) }
                guard !written.isEmpty else { return nil }
                parts.append("( " + written.joined(separator: " | ") + " )")
            case .optional(let alternatives):
                let written = alternatives.compactMap { expression($0, intent: intent) }
                if !written.isEmpty { parts.append("[ " + written.joined(separator: " | ") + " ]") }
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    private static func unique(_ alternatives: [[String]]) -> [String] {
        var seen: Set<String> = []
        return alternatives.map { $0.map(token).joined(separator: " ") }.filter { seen.insert($0).inserted }
    }

    /// JSGF rule names: letters, digits and underscores.
    static func ruleName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    /// A word as a JSGF token, quoted when it holds characters JSGF reserves.
    static func token(_ word: String) -> String {
        word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "'" } ? word : "\"" + word.replacingOccurrences(of: "\"", with: "") + "\""
    }
}
