import Foundation
import PhraseMatcher

/// `voicecmd manual [subcommand]`: the manual page, in roff, for `man`.
enum ManualCommand: Subcommand {
    static let spec = CommandSpec(
        name: "manual",
        abstract: "Print the manual page (roff) of voicecmd or of a subcommand.",
        discussion: "make install installs them: voicecmd.1, and voicecmd-<subcommand>.1 for each subcommand. "
            + "To read one without installing: voicecmd manual transcribe | man -l -",
        positionals: [.init(name: "subcommand", help: "The subcommand whose page to print. Default: the tool's own.",
                            isRepeating: false, isOptional: true)],
        options: [.init(name: "folder", short: nil, valueName: "dir",
                        help: "Write every page into this folder instead (voicecmd.1 and voicecmd-<subcommand>.1), as make install does.")]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let specs = subcommands.map { $0.spec }
        if let folder = arguments.value("folder") {
            guard !folder.isEmpty else { throw UsageError(message: "the folder to write the pages into is empty; name one", command: spec) }
            var pages = [("voicecmd.1", ManPage.root(abstract: overview, subcommands: specs, version: version))]
            pages += specs.map { ("voicecmd-\($0.name).1", ManPage.page($0, version: version)) }
            for (name, text) in pages {
                do {
                    try FileReplacement.write(Array(text.utf8), to: (folder as NSString).appendingPathComponent(name))
                } catch {
                    throw ToolFailure(message: "cannot write \((folder as NSString).appendingPathComponent(name)): \(error.reason)")
                }
            }
            return 0
        }
        guard let name = arguments.positionals.first else {
            StandardOutput.write(ManPage.root(abstract: overview, subcommands: specs, version: version), terminator: "")
            return 0
        }
        guard let spec = specs.first(where: { $0.name == name }) else {
            throw UsageError(message: "Unknown subcommand \(UsageError.quoted(name)); subcommands are: "
                             + specs.map(\.name).joined(separator: ", "), command: Self.spec)
        }
        StandardOutput.write(ManPage.page(spec, version: version), terminator: "")
        return 0
    }
}
