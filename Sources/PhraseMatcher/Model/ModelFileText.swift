import Foundation

/// Reads a model or entity file as UTF-8 text (`BoundedFileReader`: a
/// regular file, bounded in size), with errors that say what is wrong and where.
enum ModelFileText {
    /// The largest model or entity file read: far above any real model
    /// (50,000 entities fit in about 2 MB) and low enough that parsing one
    /// stays well under a gigabyte.
    static let maximumBytes = 16 << 20
    /// The largest entity file read: a list of names, read element by
    /// element when it is an array (`PositionedJSONParser.forEachElement`),
    /// so no tree of every entity is built, only copies of the text (about
    /// four times the file at the peak): 256 MiB, about five million
    /// contacts, and a gigabyte of memory for the biggest.
    static let maximumEntityBytes = 256 << 20

    /// Why a file gave no text: each reader words the first case its own way.
    enum Failure: Error {
        /// The file could not be read, and why ("no such file").
        case unreadable(BoundedFileReader.Failure)
        /// It is not UTF-8: the error at the first bad byte.
        case notText(Diagnostic)
    }

    /// The text of `path`; `what` names it in errors ("the model file").
    /// With `folder`, a file a model names: read only when what is opened
    /// lies in that folder or below it.
    static func read(path: String, displayName: String, what: String, limit: Int = maximumBytes,
                     inside folder: String? = nil) throws(Failure) -> String {
        let data: Data
        do {
            data = try BoundedFileReader.read(path, limit: limit, inside: folder)
        } catch {
            throw .unreadable(error)
        }
        return try decode([UInt8](data), displayName: displayName, what: what)
    }

    /// The bytes as UTF-8 text, or an error at the first byte that is not.
    static func decode(_ bytes: [UInt8], displayName: String, what: String) throws(Failure) -> String {
        // The standard library validates at its own speed; the scan for
        // the offending byte runs only when there is one.
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        if let offset = firstInvalidUTF8Offset(bytes) {
            let valid = SourceFile(name: displayName, text: String(decoding: bytes[..<offset], as: UTF8.self))
            let byte = "0x" + String(bytes[offset], radix: 16, uppercase: true)
            throw .notText(Diagnostic(.error, "\(what) is not UTF-8 text: byte \(byte) is not valid here", in: valid, at: offset))
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
}
