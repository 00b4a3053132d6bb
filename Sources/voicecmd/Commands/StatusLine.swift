import Foundation
import Synchronization
import VoiceCommands

/// The one-line live status on a terminal's stderr: what voicecmd is doing
/// (listening, hearing, thinking, speaking) and the input level, redrawn
/// in place ten times a second. Nothing at all when stderr is not a
/// terminal, so piped and logged output stays clean. Output lines go
/// through `printing`, which clears the status first so they never mix.
final class StatusLine: Sendable {
    private let status: ListeningStatus
    private let gate: SpeakingGate?
    private struct Drawing {
        var drawn = false
        var last = ""
        var timer: (any DispatchSourceTimer)?
    }
    private let drawing = Mutex(Drawing())

    /// Nil unless stderr is a terminal that can redraw a line.
    init?(status: ListeningStatus, gate: SpeakingGate?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard isatty(STDERR_FILENO) == 1, environment["TERM"] != "dumb" else { return nil }
        self.status = status
        self.gate = gate
    }

    func start() {
        drawing.withLock { drawing in
            let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
            timer.schedule(deadline: .now(), repeating: .milliseconds(100))
            timer.setEventHandler { [weak self] in self?.draw() }
            drawing.timer = timer
            timer.resume()
        }
    }

    /// Stops redrawing and leaves the line clear.
    func stop() {
        drawing.withLock { drawing in
            drawing.timer?.cancel()
            drawing.timer = nil
            Self.clear(&drawing)
        }
    }

    /// Runs `body` (which prints) with the status line out of the way.
    func printing(_ body: () -> Void) {
        drawing.withLock { drawing in
            Self.clear(&drawing)
            body()
        }
    }

    private func draw() {
        let snapshot = status.snapshot
        guard snapshot.isActive else { return }
        let text = Self.render(snapshot, speaking: gate?.isSpeaking ?? false)
        drawing.withLock { drawing in
            guard drawing.timer != nil, !(drawing.drawn && text == drawing.last) else { return }
            Self.write("\r\u{1B}[2K" + text)
            drawing.drawn = true
            drawing.last = text
        }
    }

    private static func clear(_ drawing: inout Drawing) {
        guard drawing.drawn else { return }
        write("\r\u{1B}[2K")
        drawing.drawn = false
    }

    private static func write(_ text: String) {
        StandardError.write(text)
    }

    /// "hearing    ▮▮▮▮▮▯▯▯▯▯  -31 dB": the phase (speaking wins), and the
    /// level on a bar from -60 dB (empty) to 0 dB (full); "(listening)"
    /// after it from the wake phrase until the command it woke (or the
    /// wake window's end).
    static func render(_ snapshot: ListeningStatus.Snapshot, speaking: Bool) -> String {
        let phase = speaking ? "speaking" : snapshot.phase.rawValue
        let cells = 10
        let filled = max(0, min(cells, Int(((snapshot.level + 60) / 60 * Double(cells)).rounded())))
        let bar = String(repeating: "▮", count: filled) + String(repeating: "▯", count: cells - filled)
        return phase.padding(toLength: 10, withPad: " ", startingAt: 0) + bar + String(format: " %4.0f dB", snapshot.level)
            + (snapshot.isAwake ? "  (listening)" : "")
    }
}
