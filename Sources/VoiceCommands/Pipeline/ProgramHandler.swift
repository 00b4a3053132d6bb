import Foundation
import PhraseMatcher

/// Handles an intent by running the model's program (`"handler": {"run": […]}`).
///
/// Spoken values are data: each `${name}` is replaced inside its own argv
/// element only, so a value never splits into more arguments, and there is
/// no shell to read `;`, `$(…)` or quotes. A value that would start an
/// element with "-" (an option) is refused unless a "--" element comes
/// before it; a value with text around it (a path, a name, "--to=${name}")
/// may not hold "/" or be "." or ".."; the program itself never comes from
/// a value.
public struct ProgramHandler: IntentHandler {
    /// The model's program to run, with its arguments and timeout.
    public var handler: Handler

    /// Handles intents by running `handler`'s program.
    public init(_ handler: Handler) { self.handler = handler }

    /// Runs the program with the request's values in its arguments; the JSON
    /// lines it prints set the reply's fields and code. A failed run is a failure.
    public func handle(_ request: HandlerRequest, progress: HandlerProgress) async -> HandlerOutcome {
        await BlockingWork.run(named: "voicecmd handler") { handleBlocking(request, progress: progress) }
    }

    /// `handle`, on the calling thread, for as long as the program runs.
    func handleBlocking(_ request: HandlerRequest, progress: HandlerProgress) -> HandlerOutcome {
        let arguments: [String]
        do {
            arguments = try Self.substitute(handler.arguments, values: request.values)
        } catch {
            return HandlerOutcome(code: .failure, detail: "\(request.intent.name) handler not run: \(error.message)")
        }
        var fields: [String: ReplyField] = [:]
        var finalCode: ReplyCode?
        var reportedProgress = false
        let ending = ProgramRunner.run(arguments, input: Data(Self.inputJSON(request).serialized.utf8),
                                       environment: Self.environment(for: request), timeout: handler.timeout) { line in
            guard let object = Self.outputObject(line) else { return }
            for (key, value) in object where key != "code" { fields[key] = value }
            guard case .text(let codeName)? = object.first(where: { $0.key == "code" })?.value,
                  let code = ReplyCode(rawValue: codeName) else { return }
            if code == .inProgress {
                if !reportedProgress { progress(fields) }
                reportedProgress = true
            } else {
                finalCode = code
            }
        }
        if ending == .exited(0) { return HandlerOutcome(code: finalCode ?? .success, fields: fields) }
        // A program that could not start printed nothing, so its fields are empty too.
        return HandlerOutcome(code: .failure, fields: fields,
                              detail: ending.explanation(program: handler.arguments.first ?? "", timeout: handler.timeout))
    }

    /// Why each program a model runs (intents' handlers, applications'
    /// `authenticate`) cannot be run from here, as it would be looked for
    /// at run time: a name on `PATH`; a path with "/" as written (a model
    /// file's relative paths are made from its folder when it loads; one in
    /// a model made in code is taken from the folder voicecmd runs in).
    /// One line each, naming the path looked for.
    public static func problems(in model: CommandModel,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let here = FileManager.default.currentDirectoryPath
        func problem(_ program: String, _ what: String) -> String? {
            guard case .missing(let reason) = ProgramRunner.locate(program, path: environment["PATH"]) else { return nil }
            let from = !program.hasPrefix("/") && program.contains("/") ? " (taken from the folder voicecmd runs in, now \(here))" : ""
            return "\(what) cannot be run: \(reason)\(from)"
        }
        var problems: [String] = []
        for intent in model.intents {
            guard let program = intent.handler?.arguments.first, !program.contains("${") else { continue }
            if let found = problem(program, "the handler of intent \(intent.name)") { problems.append(found) }
        }
        for application in model.applications {
            guard let program = application.authenticate?.arguments.first else { continue }
            if let found = problem(program, "the authentication program of \(application.name)") { problems.append(found) }
        }
        return problems
    }

    struct RefusedValue: Error {
        var message: String
    }

    /// argv with `${name}` replaced element by element.
    static func substitute(_ template: [String], values: [String: ResolvedValue]) throws(RefusedValue) -> [String] {
        var result: [String] = []
        var optionsEnded = false
        for (index, element) in template.enumerated() {
            if element == "--" { optionsEnded = true }
            if index == 0, element.contains("${") {
                throw RefusedValue(message: "the program to run (\(element)) may not come from a spoken value")
            }
            let placeholders = Handler.placeholders(in: element)
            // A value with text around it is part of a name, a path or an
            // option ("notes-${name}.txt", "--to=${name}"): it may not climb
            // out with "/" or "..".
            let isWhole = placeholders.count == 1 && placeholders[0].range == element.startIndex..<element.endIndex
            var output = ""
            var copied = element.startIndex
            for (range, name) in placeholders {
                output += element[copied..<range.lowerBound]
                let value = values[name].map { argumentText($0.value) } ?? ""
                if !isWhole, value.contains("/") || value == ".." || value == "." {
                    throw RefusedValue(message: "the value of \(name) (\"\(value)\") would leave the path or name \(element)")
                }
                if output.isEmpty, value.hasPrefix("-"), !optionsEnded {
                    throw RefusedValue(message: "the value of \(name) (\"\(value)\") would be read as an option; put \"--\" before \(element) in the handler")
                }
                output += value
                copied = range.upperBound
            }
            output += element[copied...]
            result.append(output)
        }
        return result
    }

    /// A value as a program gets it: numbers as digits, durations in
    /// seconds, money as "3.5 USD", ids for enum cases and entities.
    static func argumentText(_ value: SlotValue) -> String {
        switch value {
        case .integer(let number), .ordinal(let number): String(number)
        case .number(let number): decimalText(number)
        case .duration(let seconds): decimalText(seconds)
        case .currency(let amount, let code): decimalText(amount) + " " + code
        case .boolean(let flag): flag ? "true" : "false"
        case .text(let text): text
        case .enumCase(let identifier): identifier
        case .entity(let id): id
        case .ambiguousEntities(let ids): ids.joined(separator: ",")
        }
    }

    /// The shortest decimal that reads back as `value`, never with an exponent.
    static func decimalText(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 9e15 { return String(Int64(value)) }
        let shortest = String(value)
        guard shortest.contains("e") else { return shortest }
        var fixed = String(format: "%.17f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed
    }

    /// The match as JSON, on the program's stdin.
    static func inputJSON(_ request: HandlerRequest) -> JSONOutput {
        .object([
            ("intent", .string(request.intent.name)),
            ("text", .string(request.text)),
            ("arguments", .object(request.intent.parameters.compactMap { parameter in
                request.values[parameter.name].map { (parameter.name, .object([("value", $0.value.json), ("text", .string($0.text))])) }
            })),
        ])
    }

    /// The inherited environment, with `VOICECMD_INTENT` and one
    /// `VOICECMD_ARG_<NAME>` per value (partySize → VOICECMD_ARG_PARTY_SIZE).
    static func environment(for request: HandlerRequest) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("VOICECMD_ARG_") }
        environment["VOICECMD_INTENT"] = request.intent.name
        for (name, value) in request.values { environment["VOICECMD_ARG_" + environmentName(name)] = argumentText(value.value) }
        return environment
    }

    static func environmentName(_ name: String) -> String {
        var result = ""
        var previous: Character?
        for character in name {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { result += "_" }
            result += character.isLetter || character.isNumber ? character.uppercased() : "_"
            previous = character
        }
        return result
    }

    /// A stdout line that is a JSON object, as reply fields; anything else is ignored.
    static func outputObject(_ line: String) -> [(key: String, value: ReplyField)]? {
        guard line.trimmingCharacters(in: .whitespaces).hasPrefix("{"),
              let node = try? PositionedJSONParser.parse(SourceFile(name: "handler output", text: line)),
              case .object(let members) = node.value else { return nil }
        return members.compactMap { member in
            switch member.value.value {
            case .string(let text): (member.key, .text(text))
            case .number(let number): (member.key, .number(number))
            case .bool(let flag): (member.key, .bool(flag))
            default: nil
            }
        }
    }
}
