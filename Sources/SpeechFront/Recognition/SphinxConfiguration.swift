internal import CPocketSphinx
import Foundation

/// A sphinxbase configuration parsed from flags (a decoder's, or the voice
/// activity detector's front end), with the argument strings it points
/// into: `cmd_ln_parse_r` keeps pointers into its argv in this version, so
/// the strings live as long as the configuration, and both are freed when
/// this object goes (after the decoder or front end that holds it).
final class SphinxConfiguration {
    let handle: OpaquePointer
    private let argumentStrings: [UnsafeMutablePointer<CChar>]

    /// `options` are flags without the dash (`hmm`, `samprate`…); `what`
    /// names the configuration in the error.
    init(_ options: [(String, String)], definitions: UnsafePointer<arg_t>, strict: Bool, what: String) throws(SpeechError) {
        var arguments = ["voicecmd"]
        for (name, value) in options { arguments += ["-" + name, value] }
        let strings = arguments.map { strdup($0)! }
        var argv: [UnsafeMutablePointer<CChar>?] = strings
        guard let handle = cmd_ln_parse_r(nil, definitions, Int32(strings.count), &argv, strict ? 1 : 0) else {
            strings.forEach { free($0) }
            throw SpeechError("\(what) rejected its configuration (\(PocketSphinxDecoder.lastLoggedError())): "
                              + options.map { "-\($0.0) \($0.1)" }.joined(separator: " "))
        }
        self.handle = handle
        argumentStrings = strings
    }

    deinit {
        cmd_ln_free_r(handle)
        argumentStrings.forEach { free($0) }
    }
}
