import Foundation

/// Walks the JSON of a model, building the model and collecting diagnostics.
/// Reading continues after an error so one run reports every problem.
struct ModelReader {
    private(set) var diagnostics: [Diagnostic] = []
    /// Field names already reported as misspelled, so their absence is not reported again.
    private var misspelledFields: Set<String> = []
    /// Parameters already reported as invalid, so phrases naming them are not reported again.
    private var invalidParameters: Set<String> = []
    private var source: SourceFile
    /// The folder of the file being read (an included file's while it is read).
    private var baseDirectory: String?
    /// The top model's folder: entity and included files must lie in it.
    private let rootDirectory: String?
    /// Where each word is first written, for diagnostics about words after loading.
    private var wordLocations = WordLocations()
    /// What included files brought in so far, each file once.
    private var includedTypes: [CustomType] = []
    private var includedIntents: [Intent] = []
    private var includedFillers: [String] = []
    /// The files being read, outermost first, each with where it was
    /// included: meeting one of them again is a cycle.
    private var includeChain: [(path: String, name: String, includedAt: String?)] = []
    private var includedFiles: Set<String> = []
    private var includeLimitReported = false
    /// Include entries taken, across the load: each costs path resolution.
    private var includeEntries = 0

    /// Offsets of the model's long lists of entities its parse left to be
    /// read one at a time (`PositionedJSONParser.parseDeferringLongLists`).
    var deferredLists: Set<Int> = []

    init(source: SourceFile, baseDirectory: String?, path: String? = nil) {
        self.source = source
        self.baseDirectory = baseDirectory
        self.rootDirectory = baseDirectory
        if let path { includeChain = [(Self.canonical(path), source.name, nil)] }
    }

    /// Included files deeper than this are refused: real packages nest a
    /// level or two, and a chain of thousands would only be an attack.
    static let maximumIncludeDepth = 16
    /// Files included in all, across a load: far above any real set of
    /// packages; a list of millions would only take minutes to refuse one by one.
    static let maximumIncludedFiles = 1_000

    /// The longest a handler or the authentication program may run: a
    /// voice command that takes longer is not waited for.
    static let maximumTimeout = 3_600.0

    static let replyCodes = ["success", "failure", "inProgress", "requiresAuthentication", "unsupported"]

    // MARK: - Reporting

    private mutating func error(_ message: String, at node: JSONNode) {
        diagnostics.append(Diagnostic(.error, message, in: source, at: node.offset, byteLength: node.length))
    }

    private mutating func error(_ message: String, atKeyOf member: JSONMember) {
        diagnostics.append(Diagnostic(.error, message, in: source, at: member.keyOffset, byteLength: member.keyLength))
    }

    private mutating func warning(_ message: String, at node: JSONNode) {
        diagnostics.append(Diagnostic(.warning, message, in: source, at: node.offset, byteLength: node.length))
    }

    private mutating func warning(_ message: String, atKeyOf member: JSONMember) {
        diagnostics.append(Diagnostic(.warning, message, in: source, at: member.keyOffset, byteLength: member.keyLength))
    }

    private func position(_ offset: Int) -> String {
        let (line, column) = source.location(of: offset)
        return "\(line):\(column)"
    }

    // MARK: - Typed access

    /// The members of an object, or nil after reporting what was found instead.
    /// `itemName` names what the keys are ("intent"), for duplicate errors.
    /// `what` is worded only for an error (a list may hold a million objects).
    private mutating func members(of node: JSONNode, _ what: @autoclosure () -> String, allowed: [String]? = nil,
                                  itemName: String? = nil) -> [JSONMember]? {
        guard case .object(let members) = node.value else {
            error("\(what()) must be an object, found \(node.kindName)", at: node)
            return nil
        }
        // Most objects have a few keys (an entity has three, and there may
        // be a million entities): those are compared pairwise, without a table.
        var seen: [String: JSONMember] = [:]
        for (index, member) in members.enumerated() {
            let earlier = members.count <= 8 ? members[..<index].first { $0.key == member.key } : seen[member.key]
            if let first = earlier {
                let duplicate = itemName.map { "duplicate \($0) \"\(member.key)\"" } ?? "duplicate key \"\(member.key)\" in \(what())"
                error("\(duplicate); the first is at \(position(first.keyOffset))", atKeyOf: member)
            } else if members.count > 8 {
                seen[member.key] = member
            }
            if let allowed, !allowed.contains(member.key), !member.key.hasPrefix("$"), !member.key.hasPrefix("_") {
                if let suggestion = Self.closest(to: member.key, in: allowed) {
                    misspelledFields.insert(suggestion)
                    error("unknown field \"\(member.key)\" in \(what()); did you mean \"\(suggestion)\"?", atKeyOf: member)
                } else {
                    error("unknown field \"\(member.key)\" in \(what()); expected one of: \(allowed.joined(separator: ", "))", atKeyOf: member)
                }
            }
        }
        return members
    }

    private mutating func string(_ node: JSONNode, _ what: String) -> String? {
        guard case .string(let text) = node.value else {
            error("\(what) must be a string, found \(node.kindName)", at: node)
            return nil
        }
        return text
    }

    private mutating func nonEmptyString(_ node: JSONNode, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        // An ASCII character other than a space or tab settles it at once
        // (names are checked by the hundred thousand).
        let visibleASCII = text.utf8.contains { $0 < 0x80 && $0 != 0x20 && $0 != 0x09 }
        if !visibleASCII, text.trimmingCharacters(in: .whitespaces).isEmpty {
            error("\(what) must not be empty", at: node)
            return nil
        }
        return text
    }

    private mutating func strings(_ node: JSONNode, _ what: String) -> [String]? {
        guard case .array(let elements) = node.value else {
            error("\(what) must be an array of strings, found \(node.kindName)", at: node)
            return nil
        }
        var result: [String] = []
        for element in elements {
            if let text = nonEmptyString(element, "each of \(what)") { result.append(text) }
        }
        return result.count == elements.count ? result : nil
    }

    private mutating func number(_ node: JSONNode, _ what: String) -> Double? {
        guard case .number(let value) = node.value else {
            error("\(what) must be a number, found \(node.kindName)", at: node)
            return nil
        }
        return value
    }

    private mutating func bool(_ node: JSONNode, _ what: String) -> Bool? {
        guard case .bool(let value) = node.value else {
            error("\(what) must be true or false, found \(node.kindName)", at: node)
            return nil
        }
        return value
    }

    // MARK: - Model

    mutating func readModel(_ root: JSONNode) -> CommandModel? {
        // "$schema" names docs/model.schema.json for an editor; it is not read.
        let fields = ["$schema", "application", "applicationSynonyms", "locale", "fillers", "include", "types", "intents",
                      "authenticate", "authenticationTimeout"]
        guard let members = members(of: root, "the model", allowed: fields) else { return nil }
        var model = CommandModel(application: "")
        var sawApplication = false, sawIntents = false
        if let include = members.first(where: { $0.key == "include" }) { readIncludes(include.value) }
        for member in members {
            switch member.key {
            case "application":
                sawApplication = true
                model.application = nonEmptyString(member.value, "\"application\"") ?? ""
                model.applications[0].location = Diagnostic(.error, "", in: source, at: member.value.offset, byteLength: member.value.length)
                recordWords(member.value)
            case "applicationSynonyms":
                model.applicationSynonyms = strings(member.value, "\"applicationSynonyms\"") ?? []
                recordWords(member.value)
            case "locale": checkLocale(member.value)
            case "fillers":
                model.fillers = strings(member.value, "\"fillers\"") ?? []
                recordWords(member.value)
            case "authenticate": model.authenticate = readHandler(member.value, "\"authenticate\"")
            case "authenticationTimeout":
                if let seconds = number(member.value, "\"authenticationTimeout\"") {
                    if seconds <= 0 { error("\"authenticationTimeout\" must be a positive number of seconds", at: member.value) }
                    model.authenticationTimeout = seconds
                }
            default: break
            }
        }
        if !sawApplication {
            diagnostics.append(Diagnostic(.error, "the model has no \"application\" name", in: source, at: root.offset))
        }
        if let types = members.first(where: { $0.key == "types" }) {
            addIncluded(types: readTypes(types.value))
        }
        model.types = includedTypes
        if let intents = members.first(where: { $0.key == "intents" }) {
            sawIntents = true
            addIncluded(intents: readIntents(intents.value, types: model.types))
            if case .object(let list) = intents.value.value, list.isEmpty, includedIntents.isEmpty {
                error("\"intents\" is empty; a model needs at least one intent", at: intents.value)
            }
        }
        if !sawIntents && includedIntents.isEmpty {
            diagnostics.append(Diagnostic(.error, "the model has no \"intents\"", in: source, at: root.offset))
        }
        model.intents = includedIntents
        for filler in includedFillers where !model.fillers.contains(filler) { model.fillers.append(filler) }
        model.wordLocations = wordLocations
        return model
    }

    // MARK: - Included files

    private mutating func readIncludes(_ node: JSONNode) {
        guard let files = strings(node, "\"include\"") else { return }
        guard case .array(let elements) = node.value else { return }
        // A file listed again (however spelt) is read once, and said once.
        let folder = baseDirectory.map { $0.isEmpty ? "." : $0 } ?? "."
        var listed: Set<String> = [], repeated: Set<String> = []
        for (file, element) in zip(files, elements) {
            let key = Self.tidied(file.hasPrefix("/") ? file : (folder as NSString).appendingPathComponent(file))
            guard listed.insert(key).inserted else {
                if repeated.insert(key).inserted { warning("\"\(file)\" is listed more than once in \"include\"; it is read once", at: element) }
                continue
            }
            includeEntries += 1
            guard includeEntries <= Self.maximumIncludedFiles else {
                if !includeLimitReported {
                    error("more than \(Self.maximumIncludedFiles) files are included; at most \(Self.maximumIncludedFiles) are read", at: element)
                }
                includeLimitReported = true
                return
            }
            include(file, at: element)
        }
    }

    /// Reads an included file (a package: types, intents, fillers and its
    /// own includes), its diagnostics pointing into it. A file already
    /// included is not read twice; one still being read is a cycle.
    private mutating func include(_ relative: String, at node: JSONNode) {
        guard let folder = baseDirectory.map({ $0.isEmpty ? "." : $0 }), let root = rootDirectory.map({ $0.isEmpty ? "." : $0 }) else {
            error("\"\(relative)\" cannot be included: only a model read from a file can include others", at: node)
            return
        }
        guard hasSafeName(relative, "the included file", at: node) else { return }
        let path = Self.tidied(relative.hasPrefix("/") ? relative : (folder as NSString).appendingPathComponent(relative))
        guard Self.lies(path, inside: root) else {
            error("the included file \"\(BoundedFileReader.displayed(relative))\" is outside the model's folder; included files must be in it or below it", at: node)
            return
        }
        let canonical = Self.canonical(path)
        let here = Diagnostic(.error, "", in: source, at: node.offset, byteLength: node.length).location
        if let start = includeChain.firstIndex(where: { $0.path == canonical }) {
            // Each step of the loop with where it is written: "a.json includes b.json (at a.json:2:15), which includes a.json (at b.json:2:15)".
            let steps = includeChain[start...].dropFirst().map { ($0.name, $0.includedAt ?? "?") } + [(relative, here)]
            let described = steps.map { "\($0.0) (at \($0.1))" }.joined(separator: ", which includes ")
            error("include cycle: \(includeChain[start].name) includes \(described); a file cannot include itself", at: node)
            return
        }
        guard includedFiles.insert(canonical).inserted else { return }
        guard includeChain.count < Self.maximumIncludeDepth else {
            error("\"\(relative)\" is included \(Self.maximumIncludeDepth) files deep; at most \(Self.maximumIncludeDepth) levels are read", at: node)
            return
        }
        guard let (packageSource, packageRoot) = readFile(path, what: "the included file", named: "\"\(relative)\"", at: node,
                                                          inside: root) else { return }
        let (outerSource, outerFolder) = (source, baseDirectory)
        source = packageSource
        baseDirectory = (path as NSString).deletingLastPathComponent
        includeChain.append((canonical, path, here))
        defer {
            source = outerSource
            baseDirectory = outerFolder
            includeChain.removeLast()
        }
        readPackage(packageRoot)
    }

    private mutating func readPackage(_ root: JSONNode) {
        guard let members = members(of: root, "an included file", allowed: ["$schema", "include", "locale", "fillers", "types", "intents"]) else {
            return
        }
        if let include = members.first(where: { $0.key == "include" }) { readIncludes(include.value) }
        for member in members {
            switch member.key {
            case "fillers":
                includedFillers += strings(member.value, "\"fillers\"") ?? []
                recordWords(member.value)
            case "locale": checkLocale(member.value)
            default: break
            }
        }
        if let types = members.first(where: { $0.key == "types" }) { addIncluded(types: readTypes(types.value)) }
        if let intents = members.first(where: { $0.key == "intents" }) {
            addIncluded(intents: readIntents(intents.value, types: includedTypes))
        }
    }

    /// Types of this file joined to those read so far; a name declared in
    /// two files is an error at the second, naming the first.
    private mutating func addIncluded(types: [CustomType]) {
        for type in types {
            if let first = includedTypes.first(where: { $0.name == type.name }) {
                clash("type \"\(type.name)\"", type.location, first.location)
            } else {
                includedTypes.append(type)
            }
        }
    }

    private mutating func addIncluded(intents: [Intent]) {
        for intent in intents {
            if let first = includedIntents.first(where: { $0.name == intent.name }) {
                clash("intent \"\(intent.name)\"", intent.location, first.location)
            } else {
                includedIntents.append(intent)
            }
        }
    }

    private mutating func clash(_ what: String, _ second: Diagnostic?, _ first: Diagnostic?) {
        guard let second else { return }
        diagnostics.append(second.reporting(.error, "\(what) is declared twice; the first is at \(first?.location ?? "an earlier file")"))
    }

    /// A path with "." and "dir/.." taken out as written (links are
    /// followed only where containment is checked), as diagnostics show it.
    static func tidied(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A model or included file may say its locale; only English is understood.
    private mutating func checkLocale(_ node: JSONNode) {
        if let locale = string(node, "\"locale\""), !locale.lowercased().hasPrefix("en") {
            error("locale \"\(locale)\" is not supported; voicecmd understands English (en-US)", at: node)
        }
    }

    // MARK: - Types

    private mutating func readTypes(_ node: JSONNode) -> [CustomType] {
        guard let members = members(of: node, "\"types\"", itemName: "type") else { return [] }
        var types: [CustomType] = []
        for member in members {
            if ParameterType.builtIn[member.key] != nil {
                error("type \"\(member.key)\" has the name of a built-in type", atKeyOf: member)
                continue
            }
            if var type = readType(name: member.key, member.value) {
                type.location = Diagnostic(.error, "", in: source, at: member.keyOffset, byteLength: member.keyLength)
                types.append(type)
            }
        }
        return types
    }

    private mutating func readType(name: String, _ node: JSONNode) -> CustomType? {
        guard let members = members(of: node, "type \(name)", allowed: ["kind", "title", "cases", "entities"]) else { return nil }
        guard let kindMember = members.first(where: { $0.key == "kind" }) else {
            error("type \(name) has no \"kind\"; expected \"enum\" or \"entity\"", at: node)
            return nil
        }
        let title = members.first { $0.key == "title" }.flatMap { string($0.value, "the title of type \(name)") } ?? name
        switch string(kindMember.value, "the kind of type \(name)") {
        case "enum":
            guard let cases = members.first(where: { $0.key == "cases" }) else {
                error("enum type \(name) has no \"cases\"", at: node)
                return nil
            }
            if let member = members.first(where: { $0.key == "entities" }) {
                error("enum type \(name) cannot have \"entities\"; use \"cases\" or make it \"kind\": \"entity\"", atKeyOf: member)
            }
            return readEnumCases(type: name, cases.value).map { CustomType(name: name, title: title, kind: .enumeration($0)) }
        case "entity":
            guard let entities = members.first(where: { $0.key == "entities" }) else {
                error("entity type \(name) has no \"entities\"", at: node)
                return nil
            }
            if let member = members.first(where: { $0.key == "cases" }) {
                error("entity type \(name) cannot have \"cases\"; use \"entities\" or make it \"kind\": \"enum\"", atKeyOf: member)
            }
            // Entities that could not be read were reported; the type stays
            // declared so its parameters are not reported as unknown too.
            return CustomType(name: name, title: title, kind: .entity(readEntities(type: name, entities.value) ?? []))
        case let other?:
            error("unknown kind \"\(other)\" for type \(name); expected \"enum\" or \"entity\"", at: kindMember.value)
            return nil
        case nil:
            return nil
        }
    }

    private mutating func readEnumCases(type: String, _ node: JSONNode) -> [EnumCase]? {
        guard let members = members(of: node, "the cases of \(type)") else { return nil }
        if members.isEmpty { error("enum type \(type) has no cases", at: node) }
        var cases: [EnumCase] = []
        for member in members {
            guard let fields = self.members(of: member.value, "case \(member.key) of \(type)", allowed: ["title", "synonyms"]) else { continue }
            var item = EnumCase(identifier: member.key, title: member.key)
            for field in fields {
                if field.key == "title", let title = nonEmptyString(field.value, "the title of case \(member.key)") {
                    item.title = title
                    recordWords(field.value)
                }
                if field.key == "synonyms" {
                    item.synonyms = synonyms(field.value, "the synonyms of case \(member.key)", each: "a synonym of case \(member.key)")
                }
            }
            checkHasWords(item.title, "the title of case \(member.key)", at: member.value)
            // A case without a title is said as its key.
            if !fields.contains(where: { $0.key == "title" }) {
                wordLocations.record(member.key, at: JSONNode(value: .string(member.key), offset: member.keyOffset, length: member.keyLength),
                                     in: source)
            }
            cases.append(item)
        }
        return cases
    }

    private mutating func readEntities(type: String, _ node: JSONNode) -> [Entity]? {
        if case .object(let members) = node.value {
            guard members.count == 1, members[0].key == "file" else {
                error("the entities of \(type) must be an array, or {\"file\": \"path\"}", at: node)
                return nil
            }
            return readEntityFile(type: type, members[0].value)
        }
        guard case .array(let elements) = node.value else {
            error("the entities of \(type) must be an array, or {\"file\": \"path\"}, found \(node.kindName)", at: node)
            return nil
        }
        if elements.isEmpty, deferredLists.contains(node.offset) {
            // A long list the parse left: read here, a syntax error in it
            // reported with the model's other errors. About 40 bytes of JSON an entity.
            let source = source
            return streamedEntities(type: type, expected: node.length / 40) { each throws(ModelLoadError) in
                try PositionedJSONParser.forEachElement(of: source, arrayAt: node.offset, each)
                return true
            }?.entities
        }
        var entities: [Entity] = []
        var seen = EntityIDIndex(expected: elements.count)
        entities.reserveCapacity(elements.count)
        for element in elements { readEntity(element, type: type, into: &entities, seen: &seen) }
        return entities
    }

    /// One entity of `type`'s list, added to `entities` unless it is wrong
    /// (reported) or its id is in `seen` already.
    private mutating func readEntity(_ element: JSONNode, type: String, into entities: inout [Entity], seen: inout EntityIDIndex) {
        do {
            guard let fields = members(of: element, "an entity of \(type)", allowed: Self.entityFields) else { return }
            var id: String?, name: String?, synonyms: [String] = [], nameNode: JSONNode?
            for field in fields {
                switch field.key {
                case "id": id = nonEmptyString(field.value, "an entity id")
                case "name":
                    name = nonEmptyString(field.value, "an entity name")
                    nameNode = field.value
                case "synonyms": synonyms = self.synonyms(field.value, "entity synonyms", each: "a synonym of an entity")
                default: break
                }
            }
            guard let id, let name else {
                if !fields.contains(where: { $0.key == "id" }) || !fields.contains(where: { $0.key == "name" }) {
                    error("an entity of \(type) needs both \"id\" and \"name\"", at: element)
                }
                return
            }
            // Bounded before a word of them is looked at: a 64 MiB name took
            // over a gigabyte to normalise and note.
            guard isShortEnough(id, "an entity id", most: Self.longestEntityID, at: element),
                  isShortEnough(name, "the name of an entity of \(type)", most: Self.longestName, at: nameNode ?? element) else { return }
            if let first = seen.firstOffset(of: id, notingNewAt: element.offset) {
                error("duplicate entity id \"\(id)\" in \(type); the first is at \(position(first))", at: element)
                return
            }
            // Normalised once for both (a list may hold a million names).
            let words = TextNormalizer.words(of: name)
            if let nameNode { wordLocations.record(name, words: words, at: nameNode, in: source) }
            checkHasWords(words, "the name of entity \(id)", at: element)
            entities.append(Entity(id: id, name: name, synonyms: synonyms))
        }
    }

    private static let entityFields = ["id", "name", "synonyms"]

    /// The longest name or synonym, in bytes of UTF-8: a name is a few
    /// words (a song's title with its edition is under a hundred bytes).
    static let longestName = 256
    /// The longest entity id, in bytes of UTF-8 (an application's key,
    /// a path, a URL).
    static let longestEntityID = 1_024

    /// Whether `text` is at most `most` bytes; reported, its start shown, when not.
    private mutating func isShortEnough(_ text: String, _ what: String, most: Int, at node: JSONNode) -> Bool {
        let bytes = text.utf8.count
        guard bytes > most else { return true }
        let start = Diagnostic.oneLine(String(text.prefix(24)))
        error("\(what), \"\(start)…\", is \(bytes) bytes long; the most is \(most)", at: node)
        return false
    }

    /// The entities of `type` that `stream` hands over one at a time as it
    /// parses a list (never a tree of a million nodes), and whether it
    /// found a list; nil after its syntax error is reported.
    private mutating func streamedEntities(type: String, expected: Int,
                                           _ stream: (_ each: (JSONNode) -> Void) throws(ModelLoadError) -> Bool)
        -> (entities: [Entity], streamed: Bool)? {
        var entities: [Entity] = []
        var seen = EntityIDIndex(expected: expected)
        entities.reserveCapacity(expected)
        do {
            let streamed = try stream { element in readEntity(element, type: type, into: &entities, seen: &seen) }
            return (entities, streamed)
        } catch {
            diagnostics += error.diagnostics
            return nil
        }
    }

    private mutating func readEntityFile(type: String, _ node: JSONNode) -> [Entity]? {
        guard let relative = nonEmptyString(node, "the entity file of \(type)") else { return nil }
        guard hasSafeName(relative, "the entity file of \(type)", at: node) else { return nil }
        let folder = baseDirectory.map { $0.isEmpty ? "." : $0 } ?? "."
        let path = relative.hasPrefix("/") ? relative : (folder as NSString).appendingPathComponent(relative)
        // A model names files beside it; a path that leads elsewhere (../../etc/passwd,
        // a link out of the folder) is refused before anything of it is read.
        guard Self.lies(path, inside: folder) else {
            error("the entity file \"\(BoundedFileReader.displayed(relative))\" of \(type) is outside the model's folder; entity files must be in it or below it",
                  at: node)
            return nil
        }
        // A list (the usual form) is read element by element, under the
        // entity files' own bound; an object holding "entities" whole.
        let named = "\"\(relative)\" of \(type)"
        guard let entitySource = readText(path, what: "the entity file", named: named, at: node,
                                          limit: ModelFileText.maximumEntityBytes, inside: folder) else { return nil }
        let outerSource = source
        source = entitySource
        let read = streamedEntities(type: type, expected: 1024) { each throws(ModelLoadError) in
            try PositionedJSONParser.forEachElement(of: entitySource, each)
        }
        source = outerSource
        guard let read else { return nil }
        if read.streamed { return read.entities }
        guard entitySource.bytes.count <= ModelFileText.maximumBytes else {
            self.error("cannot read the entity file \(named) (\(path)): an entity file larger than "
                       + "\(ModelFileText.maximumBytes >> 20) MiB must be a list of entities", at: node)
            return nil
        }
        guard let root = parse(entitySource) else { return nil }
        // Diagnostics inside the entity file point into that file.
        let modelSource = source
        source = entitySource
        defer { source = modelSource }
        if case .object(let members) = root.value, let list = members.first(where: { $0.key == "entities" }) {
            return readEntities(type: type, list.value)
        }
        return readEntities(type: type, root)
    }

    /// A file the model names (an entity file, an included file), read and
    /// parsed; nil after its errors are reported (`named` says which in them).
    private mutating func readFile(_ path: String, what: String, named: String, at node: JSONNode,
                                   inside folder: String) -> (SourceFile, JSONNode)? {
        guard let file = readText(path, what: what, named: named, at: node, inside: folder), let root = parse(file) else { return nil }
        return (file, root)
    }

    /// A file's text, at most `limit` bytes, read only when what is opened
    /// lies in `folder` or below it; nil after its error is reported (the
    /// reason alone, never a byte of a file outside).
    private mutating func readText(_ path: String, what: String, named: String, at node: JSONNode,
                                   limit: Int = ModelFileText.maximumBytes, inside folder: String) -> SourceFile? {
        do {
            return SourceFile(name: path, text: try ModelFileText.read(path: path, displayName: path, what: what, limit: limit,
                                                                        inside: folder))
        } catch {
            switch error {
            case .unreadable(let failure):
                self.error("cannot read \(what) \(BoundedFileReader.displayed(named)) (\(BoundedFileReader.displayed(path))): "
                           + failure.reason, at: node)
            case .notText(let diagnostic): diagnostics.append(diagnostic)
            }
            return nil
        }
    }

    private mutating func parse(_ file: SourceFile) -> JSONNode? {
        do {
            return try PositionedJSONParser.parse(file)
        } catch {
            diagnostics += error.diagnostics
            return nil
        }
    }

    /// Whether a file name a model gives holds no control character (a NUL
    /// would end it where the system reads it); reported when it does.
    private mutating func hasSafeName(_ name: String, _ what: String, at node: JSONNode) -> Bool {
        do {
            try BoundedFileReader.requireSafeName(name, strict: true)
            return true
        } catch {
            self.error("\(what), \"\(BoundedFileReader.displayed(name))\", cannot be read: \(error.reason)", at: node)
            return false
        }
    }

    /// Whether `path`, with links followed, is `folder` or below it.
    static func lies(_ path: String, inside folder: String) -> Bool {
        let resolvedFolder = canonical(folder)
        let prefix = Array((resolvedFolder.hasSuffix("/") ? resolvedFolder : resolvedFolder + "/").utf8)
        // Byte by byte: String's comparison takes "é" and "e\u{301}" as equal.
        return Array(canonical(path).utf8).starts(with: prefix)
    }

    /// A list of synonyms (`what` names it, `each` one of them in errors):
    /// where their words are written is noted, and each word is checked for length.
    private mutating func synonyms(_ node: JSONNode, _ what: String, each: String) -> [String] {
        var list = strings(node, what) ?? []
        if list.contains(where: { $0.utf8.count > Self.longestName }) {
            for synonym in list where synonym.utf8.count > Self.longestName { _ = isShortEnough(synonym, each, most: Self.longestName, at: node) }
            list.removeAll { $0.utf8.count > Self.longestName }
        }
        recordWords(node)
        checkWordLengths(list.flatMap(TextNormalizer.words(of:)), each, at: node)
        return list
    }

    /// Notes where the words of a string, or of each string of an array, are written.
    private mutating func recordWords(_ node: JSONNode) {
        switch node.value {
        case .string(let text): wordLocations.record(text, at: node, in: source)
        case .array(let elements): for element in elements { recordWords(element) }
        default: break
        }
    }

    private mutating func checkHasWords(_ text: String, _ what: @autoclosure () -> String, at node: JSONNode) {
        checkHasWords(TextNormalizer.words(of: text), what(), at: node)
    }

    /// `what` is worded only for an error (a list may hold a million names).
    private mutating func checkHasWords(_ words: [String], _ what: @autoclosure () -> String, at node: JSONNode) {
        if words.isEmpty { error("\(what()) has no words that can be spoken", at: node) }
        checkWordLengths(words, what(), at: node)
    }

    private mutating func checkWordLengths(_ words: [String], _ what: @autoclosure () -> String, at node: JSONNode) {
        if let long = words.first(where: { $0.utf8.count > TextNormalizer.maximumWordLength && $0.count > TextNormalizer.maximumWordLength }) {
            error("\(what()): \(TextNormalizer.tooLong(long))", at: node)
        }
    }

    // MARK: - Intents

    private mutating func readIntents(_ node: JSONNode, types: [CustomType]) -> [Intent] {
        guard let members = members(of: node, "\"intents\"", itemName: "intent") else { return [] }
        var intents: [Intent] = []
        var seen: Set<String> = []
        for member in members {
            // A duplicate was reported by members(of:); only the first is read.
            guard seen.insert(member.key).inserted else { continue }
            if var intent = readIntent(name: member.key, member.value, types: types) {
                intent.location = Diagnostic(.error, "", in: source, at: member.keyOffset, byteLength: member.keyLength)
                if intent.parameters.count > 5 {
                    warning("intent \(member.key) has \(intent.parameters.count) parameters; more than 5 is hard to say in one breath", atKeyOf: member)
                }
                intents.append(intent)
            }
        }
        return intents
    }

    private mutating func readIntent(name: String, _ node: JSONNode, types: [CustomType]) -> Intent? {
        let fields = ["title", "parameters", "phrases", "summary", "confirmation", "authentication", "handler", "replies"]
        guard let members = members(of: node, "intent \(name)", allowed: fields) else { return nil }
        var intent = Intent(name: name, phrases: [Phrase]())
        var phrasesNode: JSONNode?
        var handlerNode: JSONNode?
        var summaryNode: JSONNode?
        var replyMembers: [JSONMember] = []
        invalidParameters = []
        for member in members {
            switch member.key {
            case "title": intent.title = nonEmptyString(member.value, "the title of intent \(name)") ?? name
            case "parameters": intent.parameters = readParameters(intent: name, member.value, types: types)
            case "phrases": phrasesNode = member.value
            case "summary":
                intent.summary = nonEmptyString(member.value, "the summary of intent \(name)")
                summaryNode = member.value
            case "confirmation":
                if case .null = member.value.value { break }
                intent.confirmation = nonEmptyString(member.value, "the confirmation of intent \(name)")
            case "authentication": intent.requiresAuthentication = bool(member.value, "\"authentication\"") ?? false
            case "handler":
                intent.handler = readHandler(member.value, "the handler of intent \(name)")
                handlerNode = member.value
            case "replies":
                guard let replies = self.members(of: member.value, "the replies of intent \(name)", allowed: Self.replyCodes) else { break }
                for reply in replies {
                    if let text = string(reply.value, "reply \"\(reply.key)\"") { intent.replies[reply.key] = text }
                }
                replyMembers = replies
            default: break
            }
        }
        guard let phrasesNode else {
            if !misspelledFields.contains("phrases") { error("intent \(name) has no \"phrases\"", at: node) }
            return nil
        }
        intent.phrases = readPhrases(intent: intent, phrasesNode)
        if let handlerNode { checkHandlerArguments(handlerNode, intent: intent) }
        if let summaryNode, let summary = intent.summary { checkSummary(summary, summaryNode, intent: intent) }
        checkReplyFields(replyMembers, intent: intent)
        return intent
    }

    /// A reply's `\(name)` is a parameter, or a field the handler prints:
    /// a name that is neither is likely a misspelt parameter (the reply
    /// would be said with a hole: "Volume set to percent."). A warning, as
    /// a handler registered in Swift may give fields the model cannot show.
    private mutating func checkReplyFields(_ replies: [JSONMember], intent: Intent) {
        let known = intent.parameters.map(\.name).joined(separator: ", ")
        let parametersAre = known.isEmpty ? "it has no parameters" : "parameters are: \(known)"
        for reply in replies {
            guard case .string(let text) = reply.value.value else { continue }
            for (offset, length, name) in Self.replySlots(text)
            where intent.parameter(named: name) == nil && !invalidParameters.contains(name) {
                let start = source.offset(inStringAt: reply.value.offset, decodedOffset: offset)
                let end = source.offset(inStringAt: reply.value.offset, decodedOffset: offset + length)
                // A warning even without a handler in the model: one registered in Swift may print the field.
                if intent.handler == nil {
                    diagnostics.append(Diagnostic(.warning, "reply \"\(reply.key)\" of intent \(intent.name) names '\(name)', which is no parameter, "
                                                  + "and no handler in the model gives it; \(parametersAre)", in: source, at: start, byteLength: end - start))
                } else {
                    diagnostics.append(Diagnostic(.warning, "reply \"\(reply.key)\" of intent \(intent.name) names '\(name)', which is no parameter; "
                                                  + "it is said only when the handler prints a field \"\(name)\" (\(parametersAre))",
                                                  in: source, at: start, byteLength: end - start))
                }
            }
        }
    }

    /// Each `\(name)` of a reply: its UTF-8 offset and length in the text, and the name.
    static func replySlots(_ text: String) -> [(offset: Int, length: Int, name: String)] {
        var slots: [(Int, Int, String)] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "(") else { index += 1; continue }
            guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ")")) else { break }
            let name = String(decoding: bytes[(index + 2)..<close], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            slots.append((index, close + 1 - index, name))
            index = close + 1
        }
        return slots
    }

    /// A summary shows the values the intent will use: it must name at
    /// least one parameter, and only parameters the intent has.
    private mutating func checkSummary(_ text: String, _ node: JSONNode, intent: Intent) {
        let template: SummaryTemplate
        do {
            template = try SummaryTemplate(text)
        } catch {
            phraseError("the summary of intent \(intent.name) \(Self.quoted(text)): \(error.message)", node, error.offset, 1)
            return
        }
        let known = intent.parameters.map(\.name).joined(separator: ", ")
        for slot in template.slots where intent.parameter(named: slot.name) == nil && !invalidParameters.contains(slot.name) {
            phraseError("the summary of intent \(intent.name) names no parameter '\(slot.name)'; "
                        + (known.isEmpty ? "it has no parameters" : "parameters are: \(known)"), node, slot.offset, slot.length)
        }
        if template.slots.isEmpty {
            error("the summary of intent \(intent.name) names no parameter; a summary shows the values the intent will use, "
                  + "as in \"Order a \\(size) \\(beverage)\"", at: node)
        }
    }

    /// Every `${name}` in a handler's arguments must name a parameter: a
    /// misspelt one would silently pass an empty argument.
    private mutating func checkHandlerArguments(_ node: JSONNode, intent: Intent) {
        guard case .object(let members) = node.value, let run = members.first(where: { $0.key == "run" }),
              case .array(let elements) = run.value.value else { return }
        for element in elements {
            guard case .string(let text) = element.value else { continue }
            for (_, name) in Handler.placeholders(in: text) where intent.parameter(named: name) == nil && !invalidParameters.contains(name) {
                let known = intent.parameters.map(\.name).joined(separator: ", ")
                error("handler argument \"\(text)\" names no parameter '\(name)' of intent \(intent.name); "
                      + (known.isEmpty ? "it has no parameters" : "parameters are: \(known)"), at: element)
            }
        }
    }

    private mutating func readParameters(intent: String, _ node: JSONNode, types: [CustomType]) -> [Parameter] {
        guard let members = members(of: node, "the parameters of intent \(intent)", itemName: "parameter") else { return [] }
        var parameters: [Parameter] = []
        invalidParameters = []
        for member in members {
            if let parameter = readParameter(name: member.key, intent: intent, member.value, types: types) {
                parameters.append(parameter)
            } else {
                invalidParameters.insert(member.key)
            }
        }
        return parameters
    }

    private mutating func readParameter(name: String, intent: String, _ node: JSONNode, types: [CustomType]) -> Parameter? {
        let fields = ["type", "title", "prompt", "required", "default", "min", "max"]
        guard let members = members(of: node, "parameter \(name) of \(intent)", allowed: fields) else { return nil }
        guard let typeMember = members.first(where: { $0.key == "type" }) else {
            error("parameter \(name) of intent \(intent) has no \"type\"", at: node)
            return nil
        }
        guard let typeName = string(typeMember.value, "the type of parameter \(name)") else { return nil }
        let type: ParameterType
        if let builtIn = ParameterType.builtIn[typeName] {
            type = builtIn
        } else if types.contains(where: { $0.name == typeName }) {
            type = .custom(typeName)
        } else {
            let known = ParameterType.builtIn.keys.sorted() + types.map(\.name)
            let suggestion = Self.closest(to: typeName, in: known).map { "; did you mean \"\($0)\"?" }
            error("unknown type \"\(typeName)\" for parameter \(name) of intent \(intent)"
                  + (suggestion ?? "; types are: \(known.joined(separator: ", "))"), at: typeMember.value)
            return nil
        }
        var parameter = Parameter(name: name, type: type)
        var minimumNode: JSONNode?, maximumNode: JSONNode?
        for member in members {
            switch member.key {
            case "title": parameter.title = nonEmptyString(member.value, "the title of parameter \(name)") ?? Parameter.title(fromName: name)
            case "prompt": parameter.prompt = nonEmptyString(member.value, "the prompt of parameter \(name)")
            case "required": parameter.isRequired = bool(member.value, "\"required\"") ?? true
            case "min", "max":
                guard [.integer, .number, .duration, .currency, .ordinal].contains(type) else {
                    error("\"\(member.key)\" applies only to numeric parameters, and \(name) is \(typeName)", atKeyOf: member)
                    break
                }
                let value = number(member.value, "\"\(member.key)\"")
                if member.key == "min" { parameter.minimum = value; minimumNode = member.value } else { parameter.maximum = value; maximumNode = member.value }
            case "default":
                parameter.defaultValue = readDefault(member.value, type: type, parameter: name, types: types)
            default: break
            }
        }
        if let minimum = parameter.minimum, let maximum = parameter.maximum, minimum > maximum, let maximumNode, minimumNode != nil {
            error("parameter \(name) has min \(Self.format(minimum)) above max \(Self.format(maximum))", at: maximumNode)
        }
        if let defaultValue = parameter.defaultValue, let number = defaultValue.numericValue {
            if let minimum = parameter.minimum, number < minimum { error("the default of \(name) is below its min \(Self.format(minimum))", at: node) }
            if let maximum = parameter.maximum, number > maximum { error("the default of \(name) is above its max \(Self.format(maximum))", at: node) }
        }
        return parameter
    }

    /// The candidate a name was most likely meant to be: same letters in
    /// another case, or at most two edits away from a name of 4+ letters.
    static func closest(to name: String, in candidates: [String]) -> String? {
        if let exact = candidates.first(where: { $0.lowercased() == name.lowercased() }) { return exact }
        let scored = candidates.map { ($0, EditDistance.between(Array(name.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2, best.0.count >= 4 else { return nil }
        return best.0
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    private mutating func readDefault(_ node: JSONNode, type: ParameterType, parameter: String, types: [CustomType]) -> SlotValue? {
        let what = "the default of parameter \(parameter)"
        switch type {
        case .integer, .ordinal:
            guard let value = number(node, what) else { return nil }
            guard value == value.rounded(), abs(value) < 1e15 else { error("\(what) must be a whole number", at: node); return nil }
            return type == .integer ? .integer(Int(value)) : .ordinal(Int(value))
        case .number: return number(node, what).map(SlotValue.number)
        case .duration: return number(node, what + " (seconds)").map { .duration(seconds: $0) }
        case .currency:
            guard let fields = members(of: node, what, allowed: ["amount", "currency"]),
                  let amount = fields.first(where: { $0.key == "amount" }).flatMap({ number($0.value, "amount") }),
                  let code = fields.first(where: { $0.key == "currency" }).flatMap({ string($0.value, "currency") }) else {
                error("\(what) must be {\"amount\": number, \"currency\": \"USD\"}", at: node)
                return nil
            }
            return .currency(amount: amount, code: code)
        case .boolean: return bool(node, what).map(SlotValue.boolean)
        case .string: return string(node, what).map(SlotValue.text)
        case .custom(let typeName):
            guard let identifier = string(node, what), let custom = types.first(where: { $0.name == typeName }) else { return nil }
            switch custom.kind {
            case .enumeration(let cases):
                guard cases.contains(where: { $0.identifier == identifier }) else {
                    error("\(what) is \"\(identifier)\", which is not a case of \(typeName); cases are: \(cases.map(\.identifier).joined(separator: ", "))", at: node)
                    return nil
                }
                return .enumCase(identifier)
            case .entity(let entities):
                guard entities.contains(where: { $0.id == identifier }) else {
                    error("\(what) is \"\(identifier)\", which is not an entity id of \(typeName)", at: node)
                    return nil
                }
                return .entity(identifier)
            }
        }
    }

    private mutating func readHandler(_ node: JSONNode, _ what: String) -> Handler? {
        guard let members = members(of: node, what, allowed: ["run", "timeout"]) else { return nil }
        guard let run = members.first(where: { $0.key == "run" }) else {
            error("\(what) has no \"run\" program", at: node)
            return nil
        }
        guard var arguments = strings(run.value, "\"run\"") else { return nil }
        if arguments.isEmpty { error("\"run\" needs at least the program to run", at: run.value); return nil }
        if arguments[0].contains("${"), case .array(let elements) = run.value.value {
            error("the program to run may not come from a spoken value: name it, and pass values as arguments", at: elements[0])
        }
        // "./handlers/send.sh" is found beside the model, wherever voicecmd runs from.
        if arguments[0].contains("/"), !arguments[0].hasPrefix("/"), let baseDirectory {
            arguments[0] = (baseDirectory as NSString).appendingPathComponent(arguments[0])
        }
        var handler = Handler(arguments: arguments)
        if let timeout = members.first(where: { $0.key == "timeout" }), let seconds = number(timeout.value, "\"timeout\"") {
            if seconds <= 0 || seconds > Self.maximumTimeout {
                error("\"timeout\" must be a positive number of seconds, at most \(Int(Self.maximumTimeout)) (an hour)", at: timeout.value)
            }
            handler.timeout = seconds
        }
        return handler
    }

    // MARK: - Phrases

    private mutating func readPhrases(intent: Intent, _ node: JSONNode) -> [Phrase] {
        guard case .array(let elements) = node.value else {
            error("the phrases of intent \(intent.name) must be an array of strings, found \(node.kindName)", at: node)
            return []
        }
        if elements.isEmpty { error("intent \(intent.name) has no phrases", at: node) }
        var phrases: [Phrase] = []
        for element in elements {
            guard let text = string(element, "a phrase") else { continue }
            do {
                let parsed = try TemplateParser.parse(text)
                var valid = true
                var used: Set<String> = []
                for slot in parsed.slots {
                    if invalidParameters.contains(slot.name) {
                        valid = false
                    } else if intent.parameter(named: slot.name) == nil {
                        let names = intent.parameters.map(\.name)
                        let list = names.isEmpty ? "it has no parameters" : "parameters are: \(names.joined(separator: ", "))"
                        phraseError("phrase \(Self.quoted(text)) names no parameter '\(slot.name)' of intent \(intent.name); \(list)",
                                    element, slot.offset, slot.length)
                        valid = false
                    } else if !used.insert(slot.name).inserted {
                        phraseError("parameter '\(slot.name)' appears twice in phrase \(Self.quoted(text))", element, slot.offset, slot.length)
                        valid = false
                    }
                }
                if valid {
                    let location = Diagnostic(.warning, "", in: source, at: element.offset, byteLength: element.length)
                    phrases.append(Phrase(text: text, template: parsed.template, location: location))
                    wordLocations.record(text, words: parsed.template.words, at: element, in: source)
                }
            } catch {
                phraseError("phrase \(Self.quoted(text)): \(error.message)", element, error.offset, error.length)
            }
        }
        return phrases
    }

    /// A phrase in quotes for a message, its start only when it is long: the
    /// excerpt under the message shows where it is.
    static func quoted(_ text: String) -> String {
        text.count <= 80 ? "\"\(text)\"" : "\"\(text.prefix(60))…\""
    }

    /// An error at a span of a phrase string, pointing into the file as written.
    private mutating func phraseError(_ message: String, _ node: JSONNode, _ offset: Int, _ length: Int) {
        let start = source.offset(inStringAt: node.offset, decodedOffset: offset)
        let end = source.offset(inStringAt: node.offset, decodedOffset: offset + length)
        diagnostics.append(Diagnostic(.error, message, in: source, at: start, byteLength: end - start))
    }
}

extension SlotValue {
    /// The value as a number, for range checks.
    var numericValue: Double? {
        switch self {
        case .integer(let value), .ordinal(let value): Double(value)
        case .number(let value): value
        case .duration(let seconds): seconds
        case .currency(let amount, _): amount
        default: nil
        }
    }
}
