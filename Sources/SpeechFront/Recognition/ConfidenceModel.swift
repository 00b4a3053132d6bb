import Foundation

/// The probability that a grammar result is the command the person said,
/// from its evidence: a logistic model of how far the command's words fall
/// short of free phones over the same audio, per word frame (acoustic
/// scores) and per frame of the whole path (grammar weights and insertion
/// penalties included). Speech the grammar does not hold (another command
/// set, a lone word, talk) can only be forced onto its words at a cost that
/// free phones do not pay; a command the grammar holds costs little.
///
/// Both margins are taken relative to how well free phones fit the voice
/// at all: a voice unlike the acoustic model's speakers (a synthetic one, a
/// poor line) widens every margin, its commands' as much as anything
/// else's, and the ratio keeps its right commands apart from other speech
/// better than the margins alone (measured on the test clips of voices the
/// model was not fitted on).
///
/// Fitted by scripts/fit-confidence.py on the development recordings
/// (`voicecmd-bench evidence`): barista-dev clean and at 6 dB against the
/// barista model as commands; speech-commands and wake-words words against
/// the barista and home models, and barista-dev against home, as speech that
/// is no command; each class weighted equally.
struct ConfidenceModel: Sendable {
    var bias: Double
    var relativeWordMargin: Double
    var relativePathMargin: Double
    /// The loop's fit is taken as at least this (nats per frame), so that a
    /// near-perfect fit does not blow the ratios up.
    var leastFit = 0.5

    static let standard = ConfidenceModel(bias: 6.0166, relativeWordMargin: -2.5579, relativePathMargin: -1.9967)

    func probability(_ evidence: RecognitionEvidence) -> Double {
        guard evidence.words > 0 else { return 0 }
        let fit = max(leastFit, -evidence.loopFit)
        let logit = bias + relativeWordMargin * evidence.wordMargin / fit + relativePathMargin * evidence.pathMargin / fit
        return 1 / (1 + exp(-logit))
    }
}
