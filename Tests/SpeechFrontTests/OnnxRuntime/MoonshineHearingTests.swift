import Foundation
import Testing
@testable import SpeechFront

/// Moonshine weighing wordings of real audio (espeak-ng saying "call ryan
/// mendez", which it writes "Call Ryan Mendes."): the words said are the
/// likeliest, whatever their case or spelling in tokens, and weighing
/// wordings together (a batch) ranks them as weighing each alone does.
@Suite(.enabled(if: MoonshineTranscriber.unavailableReason() == nil, "Moonshine is unavailable: \(MoonshineTranscriber.unavailableReason() ?? "")"))
struct MoonshineHearingTests {
    static func hearing() throws -> MoonshineHearing {
        let transcriber = try MoonshineTranscriber()
        return try #require(transcriber.hear(try SharedRecognizer.samples("call-mendez-espeak.flac")[...]))
    }

    @Test func theWordsSaidAreTheLikeliest() throws {
        let hearing = try Self.hearing()
        #expect(hearing.text?.lowercased().contains("ryan") == true, "\(hearing.text ?? "nothing")")
        let weights = hearing.logLikelihoods(of: ["call ryan mendez", "call ryan lin", "call brian williams", "send a message to ryan mendez"])
        let said = try #require(weights[0])
        for other in weights.dropFirst() { #expect(try #require(other) < said - 3) }
        #expect(said < 0)
    }

    /// The network quantises its activations per batch, so a wording's
    /// weight moves a little with its company: the order stays, and the
    /// likeliest's weight within half a nat.
    @Test func weighingTogetherIsWeighingAlone() throws {
        let wordings = ["call ryan mendez", "call ryan lin", "call ryan leonard", "text ryan mendez"]
        let together = try Self.hearing().logLikelihoods(of: wordings).map { try #require($0) }
        let alone = try wordings.map { try #require(try Self.hearing().logLikelihoods(of: [$0])[0]) }
        #expect(together.indices.sorted { together[$0] > together[$1] } == alone.indices.sorted { alone[$0] > alone[$1] }, "\(together) together, \(alone) alone")
        #expect(abs(together[0] - alone[0]) < 0.5, "\(together[0]) together, \(alone[0]) alone")
    }

    /// A wording past the bound is not weighed, and the others still are.
    @Test func aWordingTooLongIsNotWeighed() throws {
        let long = String(repeating: "call ryan mendez ", count: 40)
        let weights = try Self.hearing().logLikelihoods(of: [long, "call ryan mendez"])
        #expect(weights[0] == nil)
        #expect(weights[1] != nil)
        #expect(try Self.hearing().logLikelihoods(of: []).isEmpty)
    }
}
