import Foundation
@testable import SpeechFront

/// A wake detector's file: any bytes are a network that reads back the
/// same once written, or one one-line error naming the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func wakeNetworkFileFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    do {
        let network = try WakeNetwork(data: bytes, path: "fuzz.wakenet")
        precondition(network.hiddenWidth >= 1 && network.hiddenWidth <= WakeNetwork.largestHiddenWidth)
        precondition((try? WakePhrase(network.phrase))?.text == network.phrase, "a phrase that could be trained")
    } catch {
        precondition(error.message.hasPrefix("fuzz.wakenet ") && !error.message.contains("\n"), "one one-line error naming the file")
    }
    return 0
}
