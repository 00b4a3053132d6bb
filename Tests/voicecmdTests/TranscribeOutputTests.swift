import Foundation
import Testing

/// Output is honest: `transcribe` prints each file as it is done, and a
/// failed write to standard output is an error.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us/en-us/mdef"), "pocketsphinx-en-us is not installed"))
struct TranscribeOutputTests {
    static let clips: [String] = {
        let folder = "Tests/SpeechFrontTests/Fixtures/clips/"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: ToolRunner.projectDirectory.path + "/" + folder)) ?? []
        return names.filter { $0.hasSuffix(".flac") }.sorted().map { folder + $0 }
    }()

    @Test func eachResultIsPrintedBeforeTheBatchEnds() throws {
        // Standard input stays open (raw PCM that has not ended); the run is
        // killed before it ends, and keeps the file it finished.
        let clip = Self.clips.first { $0.hasSuffix("timer-cancel-kal.flac") }!
        let run = try ToolRunner.shell("sleep 12 | timeout 8 \"$VOICECMD\" transcribe --json \(clip) -")
        #expect(run.status == 124)
        #expect(run.stdout.contains(#""file":"\#(clip)""#))
        #expect(run.stdout.contains(#""intent":"CancelTimer""#))
    }

    /// The decoder carried its front end's noise estimate from one utterance
    /// to the next, so a result depended on the files before it.
    @Test func resultsDoNotDependOnJobsOrOrder() throws {
        let files = Array(Self.clips.prefix(12)) + [Self.clips[0]]
        let single = try ToolRunner.run(["transcribe", "--json", "-j", "1"] + files)
        let parallel = try ToolRunner.run(["transcribe", "--json", "-j", "4"] + files)
        let reversed = try ToolRunner.run(["transcribe", "--json", "-j", "4"] + files.reversed())
        let blocks = Self.fileBlocks(single.stdout)
        #expect(blocks.count == files.count)
        #expect(parallel.stdout == single.stdout)
        #expect(Self.fileBlocks(reversed.stdout).reversed() == blocks)
        // The same file first and last in one run: heard the same both times.
        #expect(blocks.first == blocks.last)
    }

    /// JSON lines grouped by file, in order (a file with two utterances has two lines).
    static func fileBlocks(_ output: String) -> [[Substring]] {
        var blocks: [[Substring]] = []
        var currentFile: Substring?
        for line in output.split(separator: "\n") {
            let file = line.split(separator: ",", maxSplits: 1).first
            if file != currentFile || blocks.isEmpty { blocks.append([]) }
            blocks[blocks.count - 1].append(line)
            currentFile = file
        }
        return blocks
    }

    @Test(arguments: [["transcribe", "Tests/SpeechFrontTests/Fixtures/clips/timer-cancel-kal.flac"],
                      ["match", "cancel", "the", "timer"], ["check"], ["grammar"], ["--help"]])
    func aFullDiskIsAnError(_ arguments: [String]) throws {
        let run = try ToolRunner.shell("\"$VOICECMD\" " + arguments.joined(separator: " ") + " > /dev/full")
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("Error: cannot write to standard output: No space left on device\n"))
    }

    @Test func matchStopsAtTheFirstFailedWrite() throws {
        let lines = String(repeating: "cancel the timer\n", count: 5000)
        let run = try ToolRunner.shell("printf '\(lines.replacingOccurrences(of: "\n", with: "\\n"))' | \"$VOICECMD\" match > /dev/full")
        #expect(run.status == 1)
        #expect(run.stderr == "Error: cannot write to standard output: No space left on device\n")
    }
}
