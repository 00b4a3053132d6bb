import Foundation

/// Where the set-up step puts what it unpacks from pinned wheels
/// (.build/vendor), as paths beside the running binary: libraries loaded at
/// run time are looked for there first.
enum VendorFolder {
    /// `relative` (a path inside the vendor folder) in each place the folder
    /// may be from the running binary; none when the binary cannot be found.
    static func candidates(_ relative: String) -> [String] {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return [] }
        let directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // .build/debug is a link to .build/<triple>/debug.
        return ["../vendor", "../../vendor"].map { directory.appendingPathComponent($0).appendingPathComponent(relative).standardized.path }
    }
}
