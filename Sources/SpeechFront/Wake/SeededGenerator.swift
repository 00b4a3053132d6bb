import Foundation

/// A reproducible source of random numbers (SplitMix64): the same numbers
/// from the same seed on every machine, so that training twice on the same
/// phrase gives the same network and a benchmark mixes the same streams.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
    /// A standard normal number (Box–Muller).
    package mutating func normal() -> Float {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &self), v = Double.random(in: 0..<1, using: &self)
        return Float((-2 * log(u)).squareRoot() * cos(2 * .pi * v))
    }

    /// In [0, 1), from the top 53 bits.
    package mutating func uniform() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

    /// In `range` (both ends included).
    package mutating func integer(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// A standard normal number (Box–Muller) from `uniform`.
    package mutating func gaussian() -> Double {
        let u = max(uniform(), 1e-300), v = uniform()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
