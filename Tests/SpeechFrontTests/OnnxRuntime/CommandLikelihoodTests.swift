import DefaultModels
import Foundation
import PhraseMatcher
import Testing
@testable import SpeechFront

/// The real networks judging real audio against the built-in model: a
/// command is found inside the grammar nearly as likely as Moonshine's own
/// transcript; other speech only far below it.
@Suite(.enabled(if: MoonshineTranscriber.unavailableReason() == nil, "Moonshine is unavailable: \(MoonshineTranscriber.unavailableReason() ?? "")"))
struct CommandLikelihoodTests {
    static func judge(_ hearing: NeuralHearing) throws -> CommandLikelihoodJudge {
        try CommandLikelihoodJudge(model: try ModelLoader.load(text: DefaultModels.defaultModelText, name: DefaultModels.defaultModelName),
                                   hearing: hearing)
    }

    @Test(arguments: NeuralHearing.allCases.filter { MoonshineTranscriber.unavailableReason($0) == nil })
    func aCommandIsNearlyAsLikelyAsTheFreeTranscript(_ hearing: NeuralHearing) throws {
        let judge = try Self.judge(hearing)
        let command = try #require(try judge.judge(try SharedRecognizer.samples("timer-espeak.flac")[...]))
        #expect(command.command == "set a timer for thirty seconds", "\(command)")
        let ratio = try #require(command.ratio)
        #expect(ratio > -8, "\(command)")
        let other = try #require(try judge.judge(try SharedRecognizer.samples("out-of-grammar-fox.flac")[...]))
        let otherRatio = try #require(other.ratio)
        #expect(otherRatio < ratio - 15, "\(other)")
    }
}
