import VoiceCommands

/// The command line's own words for what the library's errors say could
/// be done: its flags (the library speaks of devices, files and parameters).
enum FlagHints {
    static func message(of error: SpeechError) -> String {
        switch error.hint {
        case .listDevices?: error.message + ": 'voicecmd listen --list-devices' lists them"
        case .readAsFile?: error.message + "; give the file with --input FILE"
        case .acousticModel?: error.message + ", or give --hmm DIR"
        case .dictionary?: error.message + ", or give --dict FILE"
        case .languageModel?: error.message + ", or give --lm FILE"
        case nil: error.message
        }
    }

    static func message(of error: VoiceCommandError) -> String {
        switch error.hint {
        case .leaveOpen(let parameter)?: error.message + " with --ask \(parameter)"
        case nil: error.message
        }
    }
}
