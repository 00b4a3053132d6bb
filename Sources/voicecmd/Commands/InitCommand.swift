import DefaultModels
import Foundation
import VoiceCommands

/// `voicecmd init DIR`: a working model to start from, with its handler,
/// its test cases and a README saying what to do next.
enum InitCommand: Subcommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Write a working command model to start from: a template, its handler, its test cases and a README.",
        discussion: "Templates: " + DefaultModels.templates.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")
            + ". The folder is created; files already in it are never overwritten.",
        positionals: [.init(name: "folder", help: "Where to write the files.", isRepeating: false, isOptional: false)],
        options: [.init(name: "template", short: "t", valueName: "name",
                        help: "lights (default), timer, music, messages or coffee.")]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let name = arguments.value("template") ?? "lights"
        guard let template = DefaultModels.templates.first(where: { $0.name == name }) else {
            throw UsageError(message: "no template \(UsageError.quoted(name)); templates are "
                             + DefaultModels.templates.map(\.name).joined(separator: ", "), command: spec)
        }
        let folder = arguments.positionals[0]
        let model = template.files[0].name
        let cases = template.files[1].name
        guard !folder.isEmpty else { throw UsageError(message: "the folder to write into is empty; name one, such as ./my-model", command: spec) }
        let files = template.files + [("README.md", readme(template, model: model, cases: cases, folder: folder))]
        let madeFolder = !FileManager.default.fileExists(atPath: folder)
        do {
            try FolderCreation.make(folder)
        } catch {
            throw ToolFailure(message: "cannot create the folder \(folder): \(error.reason)")
        }
        // Nothing is written when any file is there already: a person's own work is never replaced.
        var status = stat()
        let existing = files.map(\.name).filter { lstat((folder as NSString).appendingPathComponent($0), &status) == 0 }
        guard existing.isEmpty else {
            throw ToolFailure(message: "\(folder) already holds \(existing.joined(separator: ", ")); nothing was written")
        }
        // All or nothing: a write that fails (a full disk) takes back what
        // this run wrote, so the next run finds the folder as it was.
        var written: [String] = []
        for (file, text) in files {
            let path = (folder as NSString).appendingPathComponent(file)
            do {
                try FileReplacement.write(Array(text.utf8), to: path, permissions: file.hasSuffix(".sh") ? 0o755 : 0o644, replacing: false)
                written.append(path)
            } catch {
                for path in written { unlink(path) }
                if madeFolder { rmdir(folder) }
                throw ToolFailure(message: "cannot write \(path): \(error.reason); nothing was written")
            }
        }
        StandardOutput.write("Wrote the \(template.name) template to \(folder): \(files.map(\.name).joined(separator: ", ")).")
        StandardOutput.write("Next: voicecmd check \((folder as NSString).appendingPathComponent(model))  (see \((folder as NSString).appendingPathComponent("README.md")))")
        return 0
    }

    private static func readme(_ template: DefaultModels.Template, model: String, cases: String, folder: String) -> String {
        """
        # A voicecmd model: \(template.summary)

        Written by `voicecmd init --template \(template.name)`. The files:

        - `\(model)`: the command model: its intents, their typed parameters,
          example phrases with `\\(parameter)` slots, questions and replies.
        - `handler.sh`: the program every intent runs when it is carried out,
          with the values in `VOICECMD_ARG_<NAME>` variables. Replace its body
          with what your device should do. A relative program path in a model
          is taken from the model's folder.
        - `\(cases)`: test cases, one a line: what is said, a tab, the intent
          expected (`-` for none), then `name=value` for each value.

        Try it:

        ```sh
        voicecmd check \(model)                         # errors and warnings, with file:line:column
        voicecmd match --commands \(model) --explain "…"    # what a sentence matches, or the nearest phrases
        voicecmd run --commands \(model) "…"                # the whole request, questions answered on stdin
        voicecmd listen --commands \(model)                 # the microphone
        voicecmd test --commands \(model) \(cases)       # the cases; exit 1 when one fails (for your CI)
        voicecmd sample \(model) -n 3                   # example sentences of every phrase, as cases
        ```

        Change the model, then run `voicecmd check` and `voicecmd test` again.
        `man voicecmd` and `voicecmd help <subcommand>` say the rest.

        """
    }
}
