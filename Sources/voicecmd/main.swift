import Foundation
import VoiceCommands

/// The one place that turns outcomes into exit codes: 0 done, 1 failure,
/// 64 bad usage (swift-argument-parser's codes).
nonisolated let subcommands: [any Subcommand.Type] = [TranscribeCommand.self, ListenCommand.self, MatchCommand.self, RunCommand.self, ShortcutCommand.self, CheckCommand.self, GrammarCommand.self, WakeCommand.self, InitCommand.self, SampleCommand.self, TestCommand.self, ManualCommand.self, CompletionsCommand.self]
nonisolated let overview = "Offline voice commands: match what people say to an application's intents."
nonisolated let version = "0.1.0"

func runTool(_ argv: [String]) -> Int32 {
    let arguments = argv.dropFirst()
    guard let first = arguments.first else {
        StandardOutput.write(HelpFormatter.rootHelp(abstract: overview, subcommands: subcommands.map { $0.spec }), terminator: "")
        return 0
    }
    switch first {
    case "-h", "--help":
        StandardOutput.write(HelpFormatter.rootHelp(abstract: overview, subcommands: subcommands.map { $0.spec }), terminator: "")
        return 0
    case "--version":
        StandardOutput.write(version)
        return 0
    case "help":
        guard let name = arguments.dropFirst().first else {
            StandardOutput.write(HelpFormatter.rootHelp(abstract: overview, subcommands: subcommands.map { $0.spec }), terminator: "")
            return 0
        }
        guard let command = subcommands.first(where: { $0.spec.name == name }) else {
            printError(HelpFormatter.usageError(UsageError(message: "Unknown subcommand '\(name)'", command: nil)))
            return 64
        }
        StandardOutput.write(HelpFormatter.help(command.spec), terminator: "")
        return 0
    default:
        break
    }
    guard let command = subcommands.first(where: { $0.spec.name == first }) else {
        let message = first.hasPrefix("-") ? "Unknown option '\(first)'" : "Unknown subcommand '\(first)'"
        printError(HelpFormatter.usageError(UsageError(message: message, command: nil)))
        return 64
    }
    do {
        let parsed = try ArgumentParser.parse(arguments.dropFirst(), for: command.spec)
        if parsed.has("help") {
            StandardOutput.write(HelpFormatter.help(command.spec), terminator: "")
            return 0
        }
        return try command.run(parsed)
    } catch let error as UsageError {
        printError(HelpFormatter.usageError(error))
        return 64
    } catch let error as ModelLoadError {
        printError(error.diagnostics.map { diagnostic in
            let line = "Error: \(Diagnostic.oneLine(diagnostic.location)): \(Diagnostic.oneLine(diagnostic.message))"
            return diagnostic.excerpt.isEmpty ? line : line + "\n" + diagnostic.excerpt
        }.joined(separator: "\n"))
        return 1
    } catch let error as ToolFailure {
        printError("Error: \(error.message)")
        return 1
    } catch let error as VoiceCommandError {
        printError("Error: \(FlagHints.message(of: error))")
        return 1
    } catch let error as SpeechError {
        printError("Error: \(FlagHints.message(of: error))")
        return 1
    } catch {
        printError("Error: \(error)")
        return 1
    }
}

DescriptorWrite.reopenClosedStandardDescriptors()
ProcessMemory.tuneForRecognition()
NeuralPartFailures.report { printError("voicecmd: \($0)") }
var status = runTool(CommandLine.arguments)
do {
    try StandardOutput.check()
} catch {
    printError("Error: \(error.message)")
    status = 1
}
BackgroundWork.finish()
exit(status)
