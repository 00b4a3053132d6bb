import Foundation

/// The person's home folder for voicecmd's own files (shortcuts, caches):
/// `$HOME` when it is an absolute path, else the account's. An empty or
/// relative `$HOME` would put them in whatever folder voicecmd runs in.
package enum HomeFolder {
    package static func path(environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        if let account = getpwuid(getuid()), let folder = account.pointee.pw_dir {
            let path = String(cString: folder)
            if path.hasPrefix("/") { return path }
        }
        return "/"
    }
}
