internal import CAudio
import Foundation

/// An audio source a PulseAudio server offers.
public struct AudioDevice: Sendable, Equatable {
    /// What `--device` takes.
    public var name: String
    /// A human name for it, as the server describes it.
    public var description: String
    /// The monitor of an output (what is played), not a microphone.
    public var isMonitor: Bool
}

/// The sources of the PulseAudio server (PULSE_SERVER, or the user's own).
public enum AudioDevices {
    /// Lists the sources, or says why the server cannot be asked; gives up after `timeout` seconds.
    public static func list(timeout: Double = 5) throws(SpeechError) -> [AudioDevice] {
        let query = SourceQuery()
        return try query.run(timeout: timeout)
    }
}

/// One round trip to the server with its own main loop; the loop, context
/// and operation are freed when it ends.
private final class SourceQuery {
    private var devices: [AudioDevice] = []
    private var finished = false

    func run(timeout: Double) throws(SpeechError) -> [AudioDevice] {
        guard let loop = pa_mainloop_new() else { throw SpeechError("pa_mainloop_new failed: out of memory") }
        defer { pa_mainloop_free(loop) }
        guard let context = pa_context_new(pa_mainloop_get_api(loop), "voicecmd") else {
            throw SpeechError("pa_context_new failed: out of memory")
        }
        defer {
            pa_context_disconnect(context)
            pa_context_unref(context)
        }
        guard pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else { throw Self.unreachable(context) }
        let deadline = Date().addingTimeInterval(timeout)
        var operation: OpaquePointer?
        defer { if let operation { pa_operation_unref(operation) } }
        while !finished {
            guard Date() < deadline else { throw SpeechError("the PulseAudio server did not answer within \(Int(timeout)) s") }
            let state = pa_context_get_state(context)
            if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED { throw Self.unreachable(context) }
            if state == PA_CONTEXT_READY, operation == nil {
                operation = pa_context_get_source_info_list(context, { _, info, endOfList, userData in
                    guard let userData else { return }
                    let query = Unmanaged<SourceQuery>.fromOpaque(userData).takeUnretainedValue()
                    if endOfList != 0 {
                        query.finished = true
                    } else if let info = info?.pointee {
                        query.devices.append(AudioDevice(
                            name: info.name.map { String(cString: $0) } ?? "",
                            description: info.description.map { String(cString: $0) } ?? "",
                            isMonitor: info.monitor_of_sink != UInt32.max))
                    }
                }, Unmanaged.passUnretained(self).toOpaque())
                if operation == nil { throw SpeechError("pa_context_get_source_info_list failed: \(Self.reason(context))") }
            }
            try check(pa_mainloop_iterate(loop, 0, nil), "pa_mainloop_iterate", reason: { _ in Self.reason(context) })
            if !finished { usleep(5_000) }
        }
        return devices
    }

    private static func unreachable(_ context: OpaquePointer) -> SpeechError {
        PulseAudioCapture.unreachable(reason(context))
    }

    private static func reason(_ context: OpaquePointer) -> String {
        String(cString: pa_strerror(pa_context_errno(context)))
    }
}
