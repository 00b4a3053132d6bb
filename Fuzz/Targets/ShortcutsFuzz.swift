import PhraseMatcher

/// The shortcuts file and intent summaries: any bytes are shortcuts that
/// write back the same, or one one-line error; a summary parses or says
/// where it is wrong; shortcuts join a model or are left out with a warning.
private let model = try! ModelLoader.load(text: """
    {"application": "Cafe", "fillers": ["please"],
     "types": {"Size": {"kind": "enum", "cases": {"small": {}, "large": {"synonyms": ["big"]}}}},
     "intents": {
       "Order": {"parameters": {"size": {"type": "Size"}, "shots": {"type": "integer", "required": false}},
                 "phrases": ["order a \\\\(size) coffee [with \\\\(shots) shots]"], "summary": "Order a \\\\(size) coffee[ with \\\\(shots) shots]"},
       "Timer": {"parameters": {"length": {"type": "duration"}}, "phrases": ["set a timer [for \\\\(length)]"]}}}
    """, name: "cafe.json")

@_cdecl("LLVMFuzzerTestOneInput")
public func shortcutsFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let template = try SummaryTemplate(text)
        precondition(template.slots.allSatisfy { $0.offset >= 0 && $0.offset + $0.length <= text.utf8.count }, "slots lie in the text")
    } catch {
        precondition(error.offset >= 0 && error.offset <= text.utf8.count, "the error is in the text")
    }
    do {
        let shortcuts = try ShortcutFile.parse(text, name: "shortcuts.json")
        precondition(shortcuts.count <= ShortcutFile.maximumCount)
        precondition((try? ShortcutFile.parse(ShortcutFile.serialize(shortcuts), name: "again.json")) == shortcuts, "written back the same")
        let joined = model.adding(Array(shortcuts.prefix(8)))
        _ = Matcher(model: joined).match(shortcuts.first?.phrase ?? "order a big coffee")
    } catch {
        precondition(error.diagnostics.count == 1 && !error.diagnostics[0].summary.contains("\n"), "one one-line error")
    }
    return 0
}
