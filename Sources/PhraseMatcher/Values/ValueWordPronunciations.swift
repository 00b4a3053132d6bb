/// Pronunciations, in CMU phones, for the words of the value grammars that
/// PocketSphinx's cmudict-en-us.dict lacks. A grammar with one of these words
/// loads only once the decoder knows it (`ps_add_word`); flite's guess for
/// "hrs" spells the letters out.
package enum ValueWordPronunciations {
    package static let missingFromCMUDictionary: [String: String] = [
        "zeroth": "Z IH R OW TH",
        // Abbreviations are said as the full unit.
        "hrs": "AW ER Z",
        "mins": "M IH N Z",
        "secs": "S EH K S",
    ]
}
