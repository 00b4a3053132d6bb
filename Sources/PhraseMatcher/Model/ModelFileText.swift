import Foundation

/// Reads a model or entity file as UTF-8 text, bounded in size whatever the
/// file is (`/dev/zero`, a FIFO, a file still growing), with errors that say
/// what is wrong and where.
enum ModelFileText {
    /// The largest model or entity file read: far above any real model
    /// (50,000 entities fit in about 2 MB) and low enough that parsing one
    /// stays well under a gigabyte.
    static let maximumBytes = 16 << 20

    /// The text of `path`; `what` names it in errors ("the model file").
    static func read(path: String, displayName: String, what: String) throws(ModelLoadError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw failure("cannot read \(what): no such file", displayName)
        }
        if isDirectory.boolValue { throw failure("cannot read \(what): it is a directory", displayName) }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw failure("cannot read \(what): \(reason(error))", displayName)
        }
        defer { try? handle.close() }
        var data = Data()
        do {
            while data.count <= maximumBytes, let chunk = try handle.read(upToCount: maximumBytes + 1 - data.count), !chunk.isEmpty {
                data.append(chunk)
            }
        } catch {
            throw failure("cannot read \(what): \(reason(error))", displayName)
        }
        if data.count > maximumBytes {
            throw failure("cannot read \(what): it is larger than \(maximumBytes >> 20) MiB, the most voicecmd reads", displayName)
        }
        return try decode([UInt8](data), displayName: displayName, what: what)
    }

    /// The bytes as UTF-8 text, or an error at the first byte that is not.
    static func decode(_ bytes: [UInt8], displayName: String, what: String) throws(ModelLoadError) -> String {
        if let offset = firstInvalidUTF8Offset(bytes) {
            let valid = SourceFile(name: displayName, text: String(decoding: bytes[..<offset], as: UTF8.self))
            let byte = "0x" + String(bytes[offset], radix: 16, uppercase: true)
            throw ModelLoadError(diagnostics: [Diagnostic(.error, "\(what) is not UTF-8 text: byte \(byte) is not valid here",
                                                          in: valid, at: offset)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The offset of the first byte that does not belong to valid UTF-8.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    private static func failure(_ message: String, _ displayName: String) -> ModelLoadError {
        ModelLoadError(diagnostics: [Diagnostic(severity: .error, message: message, file: displayName, line: 0, column: 0)])
    }

    /// The system's reason, without Foundation's wrapping ("The file … couldn't be opened because …").
    private static func reason(_ error: any Error) -> String {
        let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code ?? (error as NSError).code
        switch code {
        case Int(EACCES), NSFileReadNoPermissionError: return "permission denied"
        case Int(ENOENT), NSFileReadNoSuchFileError: return "no such file"
        default: return (error as NSError).localizedDescription
        }
    }
}
