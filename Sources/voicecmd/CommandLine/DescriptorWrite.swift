import Foundation
import Synchronization

/// Writes bytes whole to a file descriptor, retrying short writes and
/// interruptions. Never traps (FileHandle's `write(_: Data)` does on a
/// failed write): the failure is returned for the caller to report or drop.
enum DescriptorWrite {
    /// Nil when every byte was written, else the system's reason.
    static func all(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if written == 0 { return "nothing could be written" }
            offset += written
        }
        return nil
    }

    /// Opens /dev/null on standard input, output or error when closed
    /// (`2>&-`), so a file voicecmd opens later never takes their numbers
    /// and receives a message meant for the terminal.
    static func reopenClosedStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}

/// Standard error: messages written whole; a write that fails (a full disk,
/// `2>/dev/full`) is dropped, since there is nowhere left to say so, and the
/// exit status still says what happened.
enum StandardError {
    private static let lock = Mutex(())

    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        lock.withLock { _ in _ = DescriptorWrite.all(bytes, to: STDERR_FILENO) }
    }
}
