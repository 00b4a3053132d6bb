import Foundation
import SpeechFront

/// A corpus manifest (`manifest.tsv`, ../shared/corpora/README.md): tab-
/// separated with a header row, columns read by name.
struct CorpusManifest {
    struct Entry {
        var path: String
        var transcript: String
        var intent: String?
        /// Slot name → the spoken value labelled.
        var slots: [String: String]
    }

    let entries: [Entry]

    init(directory: String) throws {
        let path = (directory as NSString).appendingPathComponent("manifest.tsv")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw BenchError(message: "cannot read \(path)")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard !lines.isEmpty else { throw BenchError(message: "\(path) is empty") }
        let header = lines.removeFirst()
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
        guard let file = column("file") else { throw BenchError(message: "\(path) has no 'file' column") }
        entries = try lines.enumerated().map { number, fields in
            func field(_ index: Int?) -> String { index.flatMap { $0 < fields.count ? fields[$0] : nil } ?? "" }
            var slots: [String: String] = [:]
            let slotsText = field(column("slots_json"))
            if !slotsText.isEmpty {
                guard let object = try? JSONSerialization.jsonObject(with: Data(slotsText.utf8)) as? [String: Any] else {
                    throw BenchError(message: "\(path):\(number + 2): slots_json is not a JSON object")
                }
                for (name, value) in object { slots[name] = "\(value)" }
            }
            let intent = field(column("intent"))
            return Entry(path: (directory as NSString).appendingPathComponent(field(file)), transcript: field(column("transcript")),
                         intent: intent.isEmpty ? nil : intent, slots: slots)
        }
    }

    /// The audio of `entries`, in order, leaving out each recording that
    /// cannot be read (14 of the wake-word corpus's FLACs lose sync part
    /// way): one damaged file is reported, not fatal, and never measured
    /// as a fragment.
    static func readable(_ entries: [Entry]) -> (clips: [(entry: Entry, samples: [Int16])], unreadable: [String]) {
        var clips: [(entry: Entry, samples: [Int16])] = []
        var unreadable: [String] = []
        for entry in entries {
            do {
                var source = try AudioReaders.open(path: entry.path)
                clips.append((entry, try AudioReaders.readAll(&source)))
            } catch {
                unreadable.append(error.message)
            }
        }
        return (clips, unreadable)
    }

    /// A report line on the recordings `readable` left out, or nil.
    static func note(unreadable: [String]) -> String? {
        guard let first = unreadable.first else { return nil }
        return "left out \(unreadable.count) recording\(unreadable.count == 1 ? "" : "s") that cannot be read, e.g. \(first)"
    }
}
