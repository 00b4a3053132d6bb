import Foundation

/// The system's own reason for a Foundation file error ("No space left on
/// device", "Permission denied"), not Foundation's wrapper text
/// ("The operation could not be completed. (NSCocoaErrorDomain error 512.)").
package enum SystemReason {
    package static func of(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        switch error.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left on the disk"
        case NSFileWriteVolumeReadOnlyError: return "the disk is read-only"
        case NSFileWriteFileExistsError: return "a file is already there"
        default: break
        }
        let text = error.localizedDescription
        return text.contains("NSCocoaErrorDomain") || text.hasPrefix("The operation could not be completed")
            ? "the system gave no reason (error \(error.code))" : text
    }
}
