import Testing
import SpeechFront

/// A missing PocketSphinx file is named, with what the library's user can
/// do, in the library's terms; the hint tells a front end which setting.
struct SpeechModelFilesTests {
    @Test func aMissingFileSaysWhichAndHow() {
        #expect(throws: SpeechError("no acoustic model at /nowhere/hmm (it needs an mdef file): install pocketsphinx-en-us, or set VOICECMD_HMM",
                                    hint: .acousticModel)) {
            try SpeechModelFiles.locate(acousticModel: "/nowhere/hmm", environment: [:])
        }
    }
}
